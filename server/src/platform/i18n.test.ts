import { describe, expect, it } from 'vitest';
import { describeIssue, fieldLabel, messages, requestLanguage, translate, validationDetail } from './i18n.ts';

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

describe('a pattern rule', () => {
  it('is said in words, never as the regular expression', () => {
    const issue = { code: 'invalid_format', format: 'regex', pattern: '/^[A-Za-z0-9_-]+$/', origin: 'string' };
    expect(describeIssue('zh', issue)).toBe('格式不正确');
    expect(describeIssue('kr', issue)).toBe('형식이 올바르지 않습니다');
    expect(describeIssue('th', issue)).toBe('รูปแบบไม่ถูกต้อง');
  });
});

describe('fieldLabel', () => {
  it('names a field by its label in the caller language, never by its wire name', () => {
    expect(fieldLabel('zh', 'sms_code')).toBe('验证码');
    expect(fieldLabel('kr', 'sms_code')).toBe('인증번호');
    expect(fieldLabel('th', 'phone_number')).toBe('หมายเลขโทรศัพท์');
  });

  it('names each part of a nested path, skipping list positions', () => {
    expect(fieldLabel('zh', 'auth_data.0.auth_type')).toBe('数据权限 › 数据范围');
  });

  it('says a field without a label as it is', () => {
    expect(fieldLabel('zh', 'count')).toBe('count');
  });
});

describe('validationDetail', () => {
  it("says the contract's rule ids in the contract's words", () => {
    expect(validationDetail('zh', 'validation.letters_or_digits')).toBe('只能输入字母或数字');
    expect(validationDetail('zh', 'something else')).toBeUndefined();
  });
});
