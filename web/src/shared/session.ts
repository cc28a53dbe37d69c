import Cookies from 'js-cookie';
import { LANGUAGE_STORAGE_KEY } from './languages.ts';

/** Cookie names of spec 01 section 4: set at login on the parent domain, session lifetime. */
export const TOKEN_COOKIE = 'token';
export const USER_INFO_COOKIE = 'userinfo';

/** localStorage keys that survive a logout or a failed login (spec 01 sections 4 and 8). */
export const PRESERVED_STORAGE_KEYS: readonly string[] = [LANGUAGE_STORAGE_KEY, 'defaultChoose'];

/**
 * The domain the session cookies are shared on, so the ERP and the selection product on sibling
 * hosts see the same login: `erp.example.com` gives `.example.com`. Hosts without a parent
 * (localhost, IP addresses, single labels) get a host-only cookie.
 */
export function parentCookieDomain(hostname: string): string | undefined {
  if (!hostname || hostname === 'localhost' || /^[\d.]+$/.test(hostname) || hostname.includes(':')) {
    return undefined;
  }
  const labels = hostname.split('.').filter(Boolean);
  if (labels.length < 2) return undefined;
  return `.${labels.slice(-2).join('.')}`;
}

function currentDomain(): string | undefined {
  return typeof location === 'undefined' ? undefined : parentCookieDomain(location.hostname);
}

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

/** Saves a login result: session cookies, shared with the sibling products. */
export function saveSession(token: string, userInfo: unknown): void {
  const attributes = { path: '/', domain: currentDomain() };
  Cookies.set(TOKEN_COOKIE, token, attributes);
  Cookies.set(USER_INFO_COOKIE, JSON.stringify(userInfo), attributes);
}

/** Forgets the login: both cookies and every locally saved value except the preserved ones. */
export function clearSession(): void {
  const domain = currentDomain();
  for (const name of [TOKEN_COOKIE, USER_INFO_COOKIE]) {
    Cookies.remove(name, { path: '/' });
    if (domain) Cookies.remove(name, { path: '/', domain });
  }
  if (typeof localStorage === 'undefined') return;
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) {
      if (key !== null && !PRESERVED_STORAGE_KEYS.includes(key)) localStorage.removeItem(key);
    }
  } catch {
    // Blocked storage has nothing of ours in it.
  }
}
