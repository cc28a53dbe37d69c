import dayjs from 'dayjs';

/**
 * Dates as the personal centre shows them. The server sends ISO 8601 instants; they are shown
 * in the browser's time zone. Empty or invalid values show as the given placeholder.
 */
export function formatDateTime(value: string | null | undefined, placeholder = '-'): string {
  if (!value) return placeholder;
  const date = dayjs(value);
  return date.isValid() ? date.format('YYYY-MM-DD HH:mm') : placeholder;
}

export function formatDate(value: string | null | undefined, placeholder = '-'): string {
  if (!value) return placeholder;
  const date = dayjs(value);
  return date.isValid() ? date.format('YYYY-MM-DD') : placeholder;
}

export function formatTime(value: string | null | undefined, placeholder = '-'): string {
  if (!value) return placeholder;
  const date = dayjs(value);
  return date.isValid() ? date.format('HH:mm:ss') : placeholder;
}

/** `13800138000` → `138****8000`: enough to recognise, not enough to copy. */
export function maskPhone(phone: string): string {
  const digits = phone.trim();
  if (digits.length < 7) return digits;
  const keepStart = Math.min(3, digits.length - 4);
  return `${digits.slice(0, keepStart)}${'*'.repeat(digits.length - keepStart - 4)}${digits.slice(-4)}`;
}

/** Thousands separators for counts (never money: money arrives as decimal strings). */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
