// The few icons of the signed-out pages as inline SVG (antd's icon package stays off them).

function Icon({ d, size = 16 }: { d: string; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path fill="currentColor" d={d} />
    </svg>
  );
}

export const UserIcon = () => (
  <Icon d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0-2a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm-8 11a8 8 0 0 1 16 0h-2a6 6 0 0 0-12 0H4Z" />
);
export const LockIcon = () => (
  <Icon d="M7 10V7a5 5 0 0 1 10 0v3h1a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h1Zm2 0h6V7a3 3 0 0 0-6 0v3Zm-3 2v8h12v-8H6Zm5 2h2v4h-2v-4Z" />
);
export const GiftIcon = () => (
  <Icon d="M20 7h-2.2A3 3 0 0 0 12 3.8 3 3 0 0 0 6.2 7H4a1 1 0 0 0-1 1v4a1 1 0 0 0 1 1v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1Zm-5-2a1 1 0 1 1 0 2h-2V6a1 1 0 0 1 2-1ZM9 5a1 1 0 0 1 2 1v1H9a1 1 0 0 1 0-2ZM5 9h6v2H5V9Zm1 4h5v6H6v-6Zm7 6v-6h5v6h-5Zm6-8h-6V9h6v2Z" />
);
export const CheckIcon = () => <Icon size={13} d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2Z" />;
export const EyeIcon = () => (
  <Icon d="M12 5c5 0 9 4.5 10 7-1 2.5-5 7-10 7S3 14.5 2 12c1-2.5 5-7 10-7Zm0 2c-3.6 0-6.6 3-7.8 5 1.2 2 4.2 5 7.8 5s6.6-3 7.8-5c-1.2-2-4.2-5-7.8-5Zm0 2a3 3 0 1 1 0 6 3 3 0 0 1 0-6Z" />
);
export const EyeOffIcon = () => (
  <Icon d="M3.7 2.3 21.7 20.3l-1.4 1.4-3.4-3.4A10.6 10.6 0 0 1 12 19c-5 0-9-4.5-10-7 .6-1.5 2.1-3.6 4.3-5.2L2.3 3.7l1.4-1.4Zm4 5.9C5.9 9.4 4.8 10.9 4.2 12c1.2 2 4.2 5 7.8 5 1.2 0 2.4-.3 3.4-.8l-1.6-1.6A3 3 0 0 1 9.8 10.6L7.7 8.2ZM12 5c5 0 9 4.5 10 7-.4 1-1.2 2.3-2.3 3.5l-1.4-1.4c.7-.8 1.2-1.5 1.5-2.1-1.2-2-4.2-5-7.8-5-.6 0-1.2.1-1.8.2L8.6 5.6C9.7 5.2 10.8 5 12 5Z" />
);
