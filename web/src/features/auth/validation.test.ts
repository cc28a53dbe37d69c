import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { authRules } from './validation.ts';

const t = ((key: string) => key) as unknown as TFunction;
const rules = authRules(t);

type Validator = (rule: unknown, value: unknown) => Promise<void>;

async function check(validator: Validator, value: unknown): Promise<string | undefined> {
  return validator({}, value).then(
    () => undefined,
    (error: Error) => error.message,
  );
}

describe('auth form rules (spec 01 section 5)', () => {
  it('require phone and code with the "please input" messages', () => {
    expect(rules.phone[0]).toMatchObject({ required: true, message: 'auth.validation.pleaseInputPhone' });
    expect(rules.smsCode[0]).toMatchObject({ required: true, message: 'auth.validation.pleaseInputCode' });
  });

  it('accept a phone in any form the server reads as one, for the area chosen, and six-digit codes', async () => {
    const area = { value: '86' };
    const phoneRule = rules.phone[1] as (form: { getFieldValue: (name: string) => unknown }) => {
      validator: Validator;
    };
    const phone = phoneRule({ getFieldValue: (name) => (name === 'area' ? area.value : undefined) }).validator;
    for (const written of [' 13800138000 ', '013800138000', '+8613800138000', '008613800138000', '138-0013-8000']) {
      expect(await check(phone, written), written).toBeUndefined();
    }
    expect(await check(phone, '+1 555 0100')).toBe('auth.validation.phoneFormat');
    expect(await check(phone, '138ab')).toBe('auth.validation.phoneFormat');
    area.value = '66';
    expect(await check(phone, '0812345678')).toBeUndefined();
    const code = (rules.smsCode[1] as { pattern: RegExp }).pattern;
    expect(code.test('123456')).toBe(true);
    expect(code.test('12345')).toBe(false);
  });

  it('refuse an unticked privacy box with the spec’s warning', async () => {
    const privacy = (rules.privacy[0] as { validator: Validator }).validator;
    expect(await check(privacy, false)).toBe('auth.validation.privacyRequired');
    expect(await check(privacy, undefined)).toBe('auth.validation.privacyRequired');
    expect(await check(privacy, true)).toBeUndefined();
  });

  it('hint at 8-16 letters and digits for a new password', async () => {
    const newPassword = (rules.newPassword[1] as { validator: Validator }).validator;
    expect(await check(newPassword, 'abc12345')).toBeUndefined();
    expect(await check(newPassword, 'abcdefgh')).toBe('auth.validation.passwordHint');
    expect(await check(newPassword, '1234567')).toBe('auth.validation.passwordHint');
    expect(await check(newPassword, 'a1'.repeat(9))).toBe('auth.validation.passwordHint');
  });

  it('want the confirmation to equal the password', async () => {
    const rule = rules.confirmPassword()[1] as (form: { getFieldValue: (name: string) => unknown }) => {
      validator: Validator;
    };
    const { validator } = rule({ getFieldValue: () => 'abc12345' });
    expect(await check(validator, 'abc12345')).toBeUndefined();
    expect(await check(validator, 'abc12346')).toBe('auth.validation.passwordMismatch');
  });
});
