import type { TReauthProof } from '@seller-centre/contract/profile';

/** The values the re-authentication fields add to a form (the contract's proof). */
export type ReauthValues = { current_password?: string; sms_code?: string };

/** Only what the form filled in, trimmed like the login form trims. */
export function reauthProof(values: ReauthValues): TReauthProof {
  const current = values.current_password?.trim();
  const code = values.sms_code?.trim();
  return { ...(current ? { current_password: current } : {}), ...(code ? { sms_code: code } : {}) };
}
