import { LANGUAGES } from '@seller-centre/contract/i18n';
import { describe, expect, it } from 'vitest';
import {
  DAYJS_LOCALE,
  FONT_FAMILY,
  HTML_LANG,
  LANGUAGE_NAMES,
  LANGUAGE_STORAGE_KEY,
  resolveLanguage,
  storedLanguage,
} from './languages.ts';

describe('resolveLanguage', () => {
  it('keeps our own codes', () => {
    expect(resolveLanguage('zh')).toBe('zh');
    expect(resolveLanguage('kr')).toBe('kr');
    expect(resolveLanguage('th')).toBe('th');
  });

  it('maps BCP 47 tags onto our codes (Korean is kr, not ko)', () => {
    expect(resolveLanguage('ko')).toBe('kr');
    expect(resolveLanguage('ko-KR')).toBe('kr');
    expect(resolveLanguage('zh-CN')).toBe('zh');
    expect(resolveLanguage('zh_TW')).toBe('zh');
    expect(resolveLanguage('TH-th')).toBe('th');
  });

  it('falls back to zh for anything else', () => {
    expect(resolveLanguage('en')).toBe('zh');
    expect(resolveLanguage('')).toBe('zh');
    expect(resolveLanguage(null)).toBe('zh');
    expect(resolveLanguage(undefined)).toBe('zh');
    expect(resolveLanguage(42)).toBe('zh');
  });
});

describe('storedLanguage', () => {
  const storage = (value: string | null) => ({
    getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? value : null),
  });

  it('reads the language key', () => {
    expect(storedLanguage(storage('th'))).toBe('th');
    expect(storedLanguage(storage('kr'))).toBe('kr');
  });

  it('uses the default when nothing valid is saved or storage is unavailable', () => {
    expect(storedLanguage(storage(null))).toBe('zh');
    expect(storedLanguage(storage('fr'))).toBe('zh');
    expect(storedLanguage(undefined)).toBe('zh');
    expect(
      storedLanguage({
        getItem: () => {
          throw new Error('SecurityError');
        },
      }),
    ).toBe('zh');
  });
});

describe('language tables', () => {
  it('give <html lang>, dayjs locale, font stack and endonym for every language', () => {
    expect(HTML_LANG).toEqual({ zh: 'zh-CN', kr: 'ko', th: 'th' });
    expect(DAYJS_LOCALE).toEqual({ zh: 'zh-cn', kr: 'ko', th: 'th' });
    expect(LANGUAGE_NAMES).toEqual({ zh: '中文', kr: '한국어', th: 'ไทย' });
    for (const language of LANGUAGES) expect(FONT_FAMILY[language]).toMatch(/sans-serif$/);
  });
});
