import { QRCodeSVG } from 'qrcode.react';

/**
 * The payment QR code drawn from the provider's URL. Its own module so that qrcode.react is
 * fetched with the payment dialog, never with the pages before it.
 */
export function QrImage({ value, size, title }: { value: string; size: number; title: string }) {
  return (
    <QRCodeSVG value={value} size={size} marginSize={2} level="M" title={title} role="img" data-testid="pay-qr-image" />
  );
}
