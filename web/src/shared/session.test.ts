import { describe, expect, it } from 'vitest';
import { parentCookieDomain, PRESERVED_STORAGE_KEYS } from './session.ts';

describe('parentCookieDomain', () => {
  it('shares the session with sibling hosts', () => {
    expect(parentCookieDomain('erp.example.com')).toBe('.example.com');
    expect(parentCookieDomain('a.b.example.com')).toBe('.example.com');
    expect(parentCookieDomain('example.com')).toBe('.example.com');
  });

  it('keeps host-only cookies where there is no parent', () => {
    expect(parentCookieDomain('localhost')).toBeUndefined();
    expect(parentCookieDomain('127.0.0.1')).toBeUndefined();
    expect(parentCookieDomain('::1')).toBeUndefined();
    expect(parentCookieDomain('intranet')).toBeUndefined();
    expect(parentCookieDomain('')).toBeUndefined();
  });
});

describe('PRESERVED_STORAGE_KEYS', () => {
  it('are the two values a logout keeps (spec 01 section 4)', () => {
    expect([...PRESERVED_STORAGE_KEYS].sort()).toEqual(['defaultChoose', 'language']);
  });
});
