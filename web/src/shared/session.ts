import Cookies from 'js-cookie';
import { appConfig } from './app-config.ts';
import { LANGUAGE_STORAGE_KEY } from './languages.ts';

/** Cookie names of docs/product.md: set at login on the parent domain, session lifetime. */
const TOKEN_COOKIE = 'token';
const USER_INFO_COOKIE = 'userinfo';

/** localStorage key of the system last chosen on the login page (1 ERP, 2 selection). */
const DEFAULT_CHOOSE_STORAGE_KEY = 'defaultChoose';

/** localStorage keys that survive a logout or a failed login (docs/product.md). */
export const PRESERVED_STORAGE_KEYS: readonly string[] = [LANGUAGE_STORAGE_KEY, DEFAULT_CHOOSE_STORAGE_KEY];

/**
 * Login query parameters kept in cookies (docs/product.md) and sent with a registration:
 * where the visitor came from.
 */
const TRACKING_PARAMS = ['source', 'system', 'referrer', 'secondary_source'] as const;
export type TrackingParam = (typeof TRACKING_PARAMS)[number];

/**
 * Second-level labels under which registrations happen (`example.co.kr`): a cookie for
 * `.co.kr` would be refused by the browser, so the parent domain keeps one more label.
 */
const TWO_LEVEL_SUFFIXES = new Set([
  'co.kr',
  'or.kr',
  'ne.kr',
  'go.kr',
  'ac.kr',
  're.kr',
  'co.th',
  'in.th',
  'ac.th',
  'go.th',
  'or.th',
  'net.th',
  'com.cn',
  'net.cn',
  'org.cn',
  'com.hk',
  'com.tw',
  'com.sg',
  'com.my',
  'co.uk',
  'co.jp',
]);

/**
 * The domain the session cookies are shared on, so the ERP and the selection product on sibling
 * hosts see the same login: `erp.example.com` gives `.example.com`, `erp.example.co.kr`
 * `.example.co.kr`. Hosts without a parent (localhost and `*.localhost`, IP addresses, single
 * labels) get a host-only cookie.
 */
export function parentCookieDomain(hostname: string): string | undefined {
  const host = hostname.toLowerCase();
  if (!host || host === 'localhost' || host.endsWith('.localhost') || /^[\d.]+$/.test(host) || host.includes(':')) {
    return undefined;
  }
  const labels = host.split('.').filter(Boolean);
  if (labels.length < 2) return undefined;
  const lastTwo = labels.slice(-2).join('.');
  if (TWO_LEVEL_SUFFIXES.has(lastTwo)) {
    return labels.length >= 3 ? `.${labels.slice(-3).join('.')}` : undefined;
  }
  return `.${lastTwo}`;
}

/** The cookie domain for a host under a VITE_COOKIE_DOMAIN setting (`auto`, `host` or a domain). */
export function cookieDomainFor(setting: string, hostname: string): string | undefined {
  if (setting === 'host') return undefined;
  if (setting === 'auto') return parentCookieDomain(hostname);
  const domain = setting.startsWith('.') ? setting : `.${setting}`;
  // A domain the page is not under would be refused by the browser: fall back to host-only.
  return `.${hostname}`.endsWith(domain) ? domain : undefined;
}

function currentDomain(): string | undefined {
  return typeof location === 'undefined' ? undefined : cookieDomainFor(appConfig.cookieDomain, location.hostname);
}

/**
 * Sets a cookie on the shared domain, or host-only when the browser refuses that domain. With
 * `expires` it outlives the browser ('automatic login 7 days'); without, it ends with it.
 */
function setSessionCookie(name: string, value: string, expires?: Date): void {
  const domain = currentDomain();
  const attributes = sessionCookieAttributes(typeof location === 'undefined' ? 'http:' : location.protocol);
  Cookies.set(name, value, { ...attributes, domain, expires });
  if (domain && Cookies.get(name) !== value) Cookies.set(name, value, { ...attributes, expires });
}

/**
 * The session cookies' attributes: sent with top-level navigations from other sites but not
 * with their requests (Lax), and over HTTPS never sent over plain HTTP (Secure). Over plain
 * HTTP (local use) a Secure cookie would not be kept at all.
 */
export function sessionCookieAttributes(protocol: string): { path: string; sameSite: 'lax'; secure: boolean } {
  return { path: '/', sameSite: 'lax', secure: protocol === 'https:' };
}

function removeCookie(name: string): void {
  Cookies.remove(name, { path: '/' });
  const domain = currentDomain();
  if (domain) Cookies.remove(name, { path: '/', domain });
}

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

/** What the userinfo cookie holds: the login result without the token. */
export type SessionUser = {
  user_id: number;
  parent_id: number;
  user_name: string;
  account_type: number;
};

function getSessionUser(): SessionUser | undefined {
  const raw = Cookies.get(USER_INFO_COOKIE);
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && 'user_id' in value ? (value as SessionUser) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * When a kept sign-in ends (epoch milliseconds), so cookies rewritten later (a rename updates
 * `userinfo`) keep the same lifetime. Absent for a sign-in that ends with the browser.
 */
const SESSION_EXPIRES_COOKIE = 'token_expires';

function keptUntil(): Date | undefined {
  const raw = Number(Cookies.get(SESSION_EXPIRES_COOKIE));
  return Number.isFinite(raw) && raw > Date.now() ? new Date(raw) : undefined;
}

/**
 * Saves a login result as the token and userinfo cookies, shared with the sibling products.
 * `keepForSeconds` (the session's lifetime, when 'automatic login 7 days' was ticked) makes them
 * survive a browser restart; without it they are session cookies, as in the contract's original.
 */
export function saveSession(token: string, user: SessionUser, keepForSeconds?: number): void {
  const expires = keepForSeconds && keepForSeconds > 0 ? new Date(Date.now() + keepForSeconds * 1000) : undefined;
  if (expires) setSessionCookie(SESSION_EXPIRES_COOKIE, String(expires.getTime()), expires);
  else removeCookie(SESSION_EXPIRES_COOKIE);
  setSessionCookie(TOKEN_COOKIE, token, expires);
  setSessionCookie(USER_INFO_COOKIE, JSON.stringify(user), expires);
}

/** Keeps the userinfo cookie in step after the user renames themselves. */
export function updateSessionUser(patch: Partial<SessionUser>): void {
  const current = getSessionUser();
  if (current) setSessionCookie(USER_INFO_COOKIE, JSON.stringify({ ...current, ...patch }), keptUntil());
}

/** Forgets the login: both cookies and every locally saved value except the preserved ones. */
export function clearSession(): void {
  removeCookie(TOKEN_COOKIE);
  removeCookie(USER_INFO_COOKIE);
  removeCookie(SESSION_EXPIRES_COOKIE);
  clearLocalValues();
}

/** Every localStorage value except language and defaultChoose (also after a failed login). */
export function clearLocalValues(): void {
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

/** The tracking values present in a query string (blank values are ignored). */
export function pickTrackingParams(search: URLSearchParams): Partial<Record<TrackingParam, string>> {
  const out: Partial<Record<TrackingParam, string>> = {};
  for (const name of TRACKING_PARAMS) {
    const value = search.get(name)?.trim();
    if (value) out[name] = value.slice(0, name === 'referrer' ? 512 : 64);
  }
  return out;
}

/** Saves the login page's tracking query parameters as session cookies on the shared domain. */
export function saveTrackingParams(search: URLSearchParams): void {
  for (const [name, value] of Object.entries(pickTrackingParams(search))) setSessionCookie(name, value);
}

/** The tracking values saved earlier, as the register call sends them. */
export function readTrackingParams(): {
  source?: string;
  system?: 1 | 2;
  referrer?: string;
  secondary_source?: string;
} {
  const out: { source?: string; system?: 1 | 2; referrer?: string; secondary_source?: string } = {};
  const source = Cookies.get('source');
  const referrer = Cookies.get('referrer');
  const secondary = Cookies.get('secondary_source');
  const system = Cookies.get('system');
  if (source) out.source = source;
  if (referrer) out.referrer = referrer;
  if (secondary) out.secondary_source = secondary;
  if (system === '1' || system === '2') out.system = Number(system) as 1 | 2;
  return out;
}

function readStorage(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The system chosen last time on the login page; ERP when nothing valid is saved. */
export function getDefaultSystem(): 1 | 2 {
  return readStorage(DEFAULT_CHOOSE_STORAGE_KEY) === '2' ? 2 : 1;
}

export function setDefaultSystem(system: 1 | 2): void {
  try {
    localStorage.setItem(DEFAULT_CHOOSE_STORAGE_KEY, String(system));
  } catch {
    // not remembered
  }
}
