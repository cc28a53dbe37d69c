import { describe, expect, it } from 'vitest';
import {
  cookieDomainFor,
  parentCookieDomain,
  pickTrackingParams,
  PRESERVED_STORAGE_KEYS,
  sessionCookieAttributes,
} from './session.ts';

describe('parentCookieDomain', () => {
  it('shares the session with sibling hosts', () => {
    expect(parentCookieDomain('erp.example.com')).toBe('.example.com');
    expect(parentCookieDomain('a.b.example.com')).toBe('.example.com');
    expect(parentCookieDomain('example.com')).toBe('.example.com');
  });

  it('keeps one more label under two-level suffixes the browser would refuse', () => {
    expect(parentCookieDomain('erp.seller.co.kr')).toBe('.seller.co.kr');
    expect(parentCookieDomain('www.shop.co.th')).toBe('.shop.co.th');
    expect(parentCookieDomain('erp.seller.com.cn')).toBe('.seller.com.cn');
    expect(parentCookieDomain('co.kr')).toBeUndefined();
  });

  it('keeps host-only cookies where there is no parent', () => {
    expect(parentCookieDomain('localhost')).toBeUndefined();
    expect(parentCookieDomain('tradewind.localhost')).toBeUndefined();
    expect(parentCookieDomain('127.0.0.1')).toBeUndefined();
    expect(parentCookieDomain('::1')).toBeUndefined();
    expect(parentCookieDomain('intranet')).toBeUndefined();
    expect(parentCookieDomain('')).toBeUndefined();
  });
});

describe('cookieDomainFor (VITE_COOKIE_DOMAIN)', () => {
  it('follows auto, host or a configured domain', () => {
    expect(cookieDomainFor('auto', 'erp.example.com')).toBe('.example.com');
    expect(cookieDomainFor('host', 'erp.example.com')).toBeUndefined();
    expect(cookieDomainFor('example.com', 'erp.example.com')).toBe('.example.com');
    expect(cookieDomainFor('.erp.example.com', 'a.erp.example.com')).toBe('.erp.example.com');
  });

  it('falls back to host-only for a domain the page is not under', () => {
    expect(cookieDomainFor('other.com', 'erp.example.com')).toBeUndefined();
    expect(cookieDomainFor('ample.com', 'erp.example.com')).toBeUndefined();
  });
});

describe('pickTrackingParams', () => {
  it('keeps source, system, referrer and secondary_source from the login query', () => {
    const search = new URLSearchParams(
      'source=ads&system=2&referrer=https%3A%2F%2Fblog.example%2Fa&secondary_source=banner&other=1&invite_code=X',
    );
    expect(pickTrackingParams(search)).toEqual({
      source: 'ads',
      system: '2',
      referrer: 'https://blog.example/a',
      secondary_source: 'banner',
    });
  });

  it('ignores blank values and caps the length', () => {
    expect(pickTrackingParams(new URLSearchParams('source=%20&referrer='))).toEqual({});
    expect(pickTrackingParams(new URLSearchParams(`source=${'s'.repeat(100)}`)).source).toHaveLength(64);
  });
});

describe('PRESERVED_STORAGE_KEYS', () => {
  it('are the two values a logout keeps (docs/product.md)', () => {
    expect([...PRESERVED_STORAGE_KEYS].sort()).toEqual(['defaultChoose', 'language']);
  });
});

describe('sessionCookieAttributes', () => {
  it('marks the session cookies Secure over HTTPS, and SameSite=Lax always', () => {
    expect(sessionCookieAttributes('https:')).toEqual({ path: '/', sameSite: 'lax', secure: true });
    expect(sessionCookieAttributes('http:')).toEqual({ path: '/', sameSite: 'lax', secure: false });
  });
});
