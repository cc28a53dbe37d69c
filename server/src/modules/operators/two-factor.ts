import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: 30-second steps, 6 digits, HMAC-SHA-1. */
const PERIOD = 30;
const DIGITS = 6;
const ISSUER = 'Seller Centre Ops';
/** Steps either side of now that are accepted, for a phone's clock a little off. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

function totp(secret: string, accountName = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: accountName,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

export type NewTwoFactor = {
  /** Base32, as stored in operators.totp_secret. */
  secret: string;
  /** `otpauth://totp/...`, for a QR code or an authenticator app's "enter a link". */
  uri: string;
  /** Shown once; only their SHA-256 is kept. */
  recoveryCodes: string[];
};

/** A new 160-bit secret (RFC 4226's recommended length) and ten recovery codes. */
export function newTwoFactor(accountName: string): NewTwoFactor {
  const secret = new Secret({ size: 20 }).base32;
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    // 50 random bits, as two groups of five base32 letters: easy to type, never six digits.
    const letters = new Secret({ buffer: randomBytes(10).buffer }).base32.toLowerCase().slice(0, 10);
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
  return { secret, uri: totp(secret, accountName).toString(), recoveryCodes };
}

/** The time step a TOTP code belongs to (within ±1 step of now), or null when it matches none. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const generator = totp(secret);
  const delta = generator.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : generator.counter({ timestamp: now }) + delta;
}

/** True when the code is shaped like an authenticator's code rather than a recovery code. */
export function looksLikeTotp(code: string): boolean {
  return /^\d{6}$/.test(code.trim());
}

/** Recovery codes are compared case- and separator-insensitively, by their SHA-256. */
export function hashRecoveryCode(code: string): Buffer {
  return createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest();
}
