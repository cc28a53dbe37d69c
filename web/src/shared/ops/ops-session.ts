import type { TOperatorSignInResult } from '@seller-centre/contract/operators';

/**
 * The operator's session in this browser, apart from the seller's: kept in sessionStorage under
 * its own key (never the seller's `token` cookie, and untouched when a seller signs out), sent
 * only to /api/ops. A seller signed in in the same browser stays signed in, and neither token
 * is ever sent in place of the other. sessionStorage ends it with the tab: staff powers should
 * not outlive the window they were used in.
 */
export const OPS_SESSION_KEY = 'ops.session';

export type OpsSession = { token: string; accountName: string; displayName: string; expiresAt: number };

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function readOpsSession(now = Date.now(), store = storage()): OpsSession | undefined {
  const raw = store?.getItem(OPS_SESSION_KEY);
  if (!raw) return undefined;
  try {
    const session = JSON.parse(raw) as OpsSession;
    if (typeof session.token !== 'string' || !(session.expiresAt > now)) return undefined;
    return session;
  } catch {
    return undefined;
  }
}

export function saveOpsSession(result: TOperatorSignInResult, now = Date.now(), store = storage()): OpsSession {
  const session: OpsSession = {
    token: result.authorization,
    accountName: result.account_name,
    displayName: result.display_name,
    expiresAt: now + result.expires_in * 1000,
  };
  store?.setItem(OPS_SESSION_KEY, JSON.stringify(session));
  return session;
}

export function clearOpsSession(store = storage()): void {
  store?.removeItem(OPS_SESSION_KEY);
}
