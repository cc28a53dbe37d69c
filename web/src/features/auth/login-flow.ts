import type { TLoginResult } from '@seller-centre/contract/auth';
import type { AppConfig } from '../../shared/app-config.ts';
import type { SessionUser } from '../../shared/session.ts';

/** docs/product.md: the success message shows for 1 s before the redirect. */
export const POST_LOGIN_DELAY_MS = 1_000;
export const POST_REGISTER_DELAY_MS = 1_000;

export type SystemChoice = 1 | 2;

/**
 * Where a sign-in goes (docs/product.md): the ERP or the selection product by the chosen
 * system; account_type 2 uses the other host variant. Paths stay inside this app.
 */
export function postLoginTarget(
  config: Pick<AppConfig, 'erpUrl' | 'selectionUrl' | 'erpUrlAlt' | 'selectionUrlAlt'>,
  system: SystemChoice,
  accountType: number,
): string {
  const alt = accountType === 2;
  if (system === 2) return alt ? config.selectionUrlAlt : config.selectionUrl;
  return alt ? config.erpUrlAlt : config.erpUrl;
}

/** True for a path of this app (navigated to without a reload). */
export function isInAppPath(target: string): boolean {
  return target.startsWith('/') && !target.startsWith('//');
}

/** The userinfo cookie: the login result without the token. */
export function sessionUserOf(result: TLoginResult): SessionUser {
  return {
    user_id: result.user_id,
    parent_id: result.parent_id,
    user_name: result.user_name,
    account_type: result.account_type,
  };
}

/** What the browser extension receives through window.postMessage after a sign-in. */
const EXTENSION_MESSAGE_TYPE = 'seller-centre:login';

export function extensionMessage(result: TLoginResult, system: SystemChoice) {
  return {
    type: EXTENSION_MESSAGE_TYPE,
    token: result.authorization,
    userinfo: sessionUserOf(result),
    system,
  };
}

/** Trims every string of a form's values (docs/product.md: login values are trimmed). */
export function trimValues<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  ) as T;
}

/** What the register page hands the login page: the new account's phone, to sign in by SMS code. */
export type SmsHandoff = { area: string; phone_number: string };

/** The hand-off in a location's state, if that is what it holds. */
export function smsHandoffOf(state: unknown): SmsHandoff | undefined {
  if (typeof state !== 'object' || state === null || !('smsHandoff' in state)) return undefined;
  const value = (state as { smsHandoff: unknown }).smsHandoff;
  if (typeof value !== 'object' || value === null) return undefined;
  const { area, phone_number } = value as Record<string, unknown>;
  return typeof area === 'string' && typeof phone_number === 'string' ? { area, phone_number } : undefined;
}
