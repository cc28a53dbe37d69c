/**
 * Build-time settings of the web app (Vite `VITE_*` variables), read and checked once. Every
 * one has a default that makes the product work standalone on one machine.
 *
 * | variable | meaning | default |
 * |---|---|---|
 * | VITE_BRAND | company variant (`seller-centre`, `tradewind`); unset: chosen by host name | by host |
 * | VITE_ERP_URL | where sign-in goes when the user chose the ERP (system 1) | `/home` |
 * | VITE_SELECTION_URL | where sign-in goes for the selection product (system 2) | `/home` |
 * | VITE_ERP_URL_ALT / VITE_SELECTION_URL_ALT | the same for account_type 2 (the other host variant) | the two above |
 * | VITE_COOKIE_DOMAIN | domain of the token/userinfo cookies: `auto` (parent domain), `host` (host-only) or a domain | `auto` |
 * | VITE_EARN_MONEY_URL | the partner landing page framed by 'earn money' | `/partner/earn-money.html` |
 * | VITE_SELECTION_INVITE_URL | the selection product's invite-friends page (`{invite_code}` is replaced) | the invite link |
 * | VITE_SELECTION_ENABLED | `false` shows the selection product as 'coming soon' on the login page | `true` |
 */
export type AppConfig = {
  brand: string | undefined;
  erpUrl: string;
  selectionUrl: string;
  erpUrlAlt: string;
  selectionUrlAlt: string;
  cookieDomain: 'auto' | 'host' | string;
  earnMoneyUrl: string;
  selectionInviteUrl: string | undefined;
  selectionEnabled: boolean;
};

export type RawEnv = Record<string, string | boolean | undefined>;

const HOME = '/home';
export const DEFAULT_EARN_MONEY_URL = '/partner/earn-money.html';

function text(env: RawEnv, name: string): string | undefined {
  const value = env[name];
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** An absolute http(s) URL or a path of this site; anything else is a configuration mistake. */
function url(env: RawEnv, name: string, fallback: string): string {
  const value = text(env, name);
  if (value === undefined) return fallback;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const parsed = new URL(value);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return value;
  } catch {
    // fall through
  }
  throw new Error(`${name} must be an http(s) URL or a path starting with /, got "${value}"`);
}

export function readAppConfig(env: RawEnv): AppConfig {
  const erpUrl = url(env, 'VITE_ERP_URL', HOME);
  const selectionUrl = url(env, 'VITE_SELECTION_URL', HOME);
  const cookieDomain = text(env, 'VITE_COOKIE_DOMAIN') ?? 'auto';
  if (!/^(auto|host|\.?[a-z0-9-]+(\.[a-z0-9-]+)+)$/i.test(cookieDomain)) {
    throw new Error(`VITE_COOKIE_DOMAIN must be auto, host or a domain, got "${cookieDomain}"`);
  }
  return {
    brand: text(env, 'VITE_BRAND'),
    erpUrl,
    selectionUrl,
    erpUrlAlt: url(env, 'VITE_ERP_URL_ALT', erpUrl),
    selectionUrlAlt: url(env, 'VITE_SELECTION_URL_ALT', selectionUrl),
    cookieDomain,
    earnMoneyUrl: url(env, 'VITE_EARN_MONEY_URL', DEFAULT_EARN_MONEY_URL),
    selectionInviteUrl: text(env, 'VITE_SELECTION_INVITE_URL'),
    selectionEnabled: text(env, 'VITE_SELECTION_ENABLED') !== 'false',
  };
}

function viteEnv(): RawEnv {
  // import.meta.env exists under Vite; plain Node (unit tests) has none.
  return (import.meta as { env?: RawEnv }).env ?? {};
}

export const appConfig: AppConfig = readAppConfig(viteEnv());
