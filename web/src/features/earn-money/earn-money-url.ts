import type { TUserInfo } from '@seller-centre/contract/profile';

/**
 * The partner landing page's address with what it is given (docs/product.md): phone,
 * company, email and user id, plus the interface language. Works for absolute URLs and for
 * paths of this site; existing query parameters are kept.
 */
export function earnMoneyUrl(base: string, user: TUserInfo, language: string, origin: string): string {
  const url = new URL(base, origin);
  url.searchParams.set('phone', user.phone_number);
  url.searchParams.set('company', user.user_company_name);
  url.searchParams.set('email', user.email);
  url.searchParams.set('user_id', String(user.user_id));
  url.searchParams.set('lang', language);
  return url.origin === origin && !/^https?:/i.test(base) ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}
