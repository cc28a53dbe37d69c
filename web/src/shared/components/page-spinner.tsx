import { Spin } from 'antd';

/** Fills the space a lazily loaded page will take while its code or data arrives. */
export function PageSpinner({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <div
      style={{ display: 'grid', placeItems: 'center', minHeight: fullPage ? '100vh' : 240, width: '100%' }}
      data-testid="page-spinner"
    >
      <Spin />
    </div>
  );
}
