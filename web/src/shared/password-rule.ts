import { PASSWORD_MAX, PASSWORD_MIN } from '@seller-centre/contract/auth';

/**
 * The password rule the forms show before the server enforces it (the contract's ZPassword):
 * 8 to 16 characters with at least one letter and one digit.
 */
export function isAcceptablePassword(value: string): boolean {
  return value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX && /[A-Za-z]/.test(value) && /\d/.test(value);
}
