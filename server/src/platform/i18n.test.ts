import { describe, expect, it } from 'vitest';
import { describeIssue, messages, requestLanguage, translate } from './i18n.ts';

describe('server messages', () => {
  it('has every message in zh, kr and th with the same placeholders', () => {
    for (const [key, byLang] of Object.entries(messages)) {
      const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(byLang.zh, key).not.toBe('');
      expect(placeholders(byLang.kr), key).toEqual(placeholders(byLang.zh));
      expect(placeholders(byLang.th), key).toEqual(placeholders(byLang.zh));
    }
  });

  it('fills placeholders', () => {
    expect(translate('zh', 'tooManyRequests', { seconds: 60 })).toBe('操作过于频繁，请 60 秒后再试');
  });

  it('reads the language from Accept-Language, defaulting to zh', () => {
    expect(requestLanguage({ headers: {} })).toBe('zh');
    expect(requestLanguage({ headers: { 'accept-language': 'th' } })).toBe('th');
    expect(requestLanguage({ headers: { 'accept-language': 'ko-KR,ko;q=0.9' } })).toBe('kr');
    expect(requestLanguage({ headers: { 'accept-language': 'fr, kr;q=0.5' } })).toBe('kr');
    expect(requestLanguage({ headers: { 'accept-language': 'en-US' } })).toBe('zh');
  });

  it('describes validation problems in the caller language', () => {
    const issue = { code: 'too_small', minimum: 8, origin: 'string', inclusive: true, input: 'abc' };
    expect(describeIssue('zh', issue)).toMatch(/8/);
    expect(describeIssue('kr', issue)).not.toEqual(describeIssue('zh', issue));
  });
});
