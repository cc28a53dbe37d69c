import { webPaths } from '@seller-centre/contract/paths';

/**
 * Where sign-in returns to: the page a signed-out visitor asked for (a deep link, or the page a
 * session ended on), carried in the login URL as `?redirect=`. Only a path of this origin is
 * ever followed, so a crafted link cannot send a fresh session to another site.
 */
export const RETURN_PARAM = 'redirect';

/** Pages that make no sense to come back to after signing in. */
const NOT_RETURNABLE: readonly string[] = [webPaths.login, webPaths.logout, webPaths.register, webPaths.forgetPassword];

/** The same-origin path (with query and hash) a raw `redirect` value names, or undefined. */
export function safeReturnPath(raw: string | null | undefined, origin: string): string | undefined {
  if (!raw || raw.length > 2048) return undefined;
  // Only an absolute path: not `//host`, not `/\host` (browsers read both as another host),
  // no scheme, no control characters or whitespace a browser would strip before resolving.
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s\\]/.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(origin).origin) return undefined;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (NOT_RETURNABLE.includes(path) || path === webPaths.root) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login URL that returns to `path` (a location's pathname + search) after sign-in. */
export function loginPathReturningTo(path: string | undefined): string {
  if (!path) return webPaths.login;
  return `${webPaths.login}?${new URLSearchParams({ [RETURN_PARAM]: path }).toString()}`;
}

const NOTICE_KEY = 'loginNotice';

/**
 * Why the visitor was signed out (account disabled, session expired), said once on the login
 * page. Kept in sessionStorage: it must survive the navigation to /login, not the tab.
 */
export function setLoginNotice(text: string): void {
  try {
    sessionStorage.setItem(NOTICE_KEY, text);
  } catch {
    // Not said, then; the sign-out still happens.
  }
}

/** The notice, removed as it is read. */
export function takeLoginNotice(): string | undefined {
  try {
    const text = sessionStorage.getItem(NOTICE_KEY);
    sessionStorage.removeItem(NOTICE_KEY);
    return text || undefined;
  } catch {
    return undefined;
  }
}

/** The notice without removing it (the login page's first render; it is taken afterwards). */
export function peekLoginNotice(): string | undefined {
  try {
    return sessionStorage.getItem(NOTICE_KEY) || undefined;
  } catch {
    return undefined;
  }
}
