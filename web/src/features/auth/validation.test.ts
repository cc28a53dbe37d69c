import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { authRules } from './validation.ts';

const t = ((key: string) => key) as unknown as TFunction;
const rules = authRules(t);

type Check = (value: unknown, values: Record<string, unknown>) => string | undefined;

/** The first failing check's message, as the form shows it. */
function first(checks: Check[], value: unknown, values: Record<string, unknown> = {}): string | undefined {
  for (const check of checks) {
    const message = check(value, values);
    if (message) return message;
  }
  return undefined;
}

describe('auth form rules (docs/product.md)', () => {
  it('require phone and code with the "please input" messages', () => {
    expect(first(rules.phone, '', { area: '86' })).toBe('auth.validation.pleaseInputPhone');
    expect(first(rules.phone, '   ', { area: '86' })).toBe('auth.validation.pleaseInputPhone');
    expect(first(rules.smsCode, '')).toBe('auth.validation.pleaseInputCode');
    expect(first(rules.account, ' ')).toBe('auth.validation.pleaseInputAccount');
    expect(first(rules.password, undefined)).toBe('auth.validation.pleaseInputPassword');
  });

  it('accept a phone in any form the server reads as one, for the area chosen, and six-digit codes', () => {
    for (const written of [' 13800138000 ', '013800138000', '+8613800138000', '008613800138000', '138-0013-8000']) {
      expect(first(rules.phone, written, { area: '86' }), written).toBeUndefined();
    }
    expect(first(rules.phone, '+1 555 0100', { area: '86' })).toBe('auth.validation.phoneFormat');
    expect(first(rules.phone, '138ab', { area: '86' })).toBe('auth.validation.phoneFormat');
    expect(first(rules.phone, '0812345678', { area: '66' })).toBeUndefined();
    expect(first(rules.smsCode, '123456')).toBeUndefined();
    expect(first(rules.smsCode, '12345')).toBe('auth.validation.codeFormat');
  });

  it('refuse an unticked privacy box with the contract’s warning', () => {
    expect(first(rules.privacy, false)).toBe('auth.validation.privacyRequired');
    expect(first(rules.privacy, undefined)).toBe('auth.validation.privacyRequired');
    expect(first(rules.privacy, true)).toBeUndefined();
  });

  it('hint at 8-16 letters and digits for a new password', () => {
    expect(first(rules.newPassword, 'abc12345')).toBeUndefined();
    expect(first(rules.newPassword, 'abcdefgh')).toBe('auth.validation.passwordHint');
    expect(first(rules.newPassword, '1234567')).toBe('auth.validation.passwordHint');
    expect(first(rules.newPassword, 'a1'.repeat(9))).toBe('auth.validation.passwordHint');
    expect(first(rules.newPassword, '')).toBe('auth.validation.pleaseInputNewPassword');
  });

  it('want the confirmation to equal the password', () => {
    const confirm = rules.confirmPassword();
    expect(first(confirm, 'abc12345', { password: 'abc12345' })).toBeUndefined();
    expect(first(confirm, 'abc12346', { password: 'abc12345' })).toBe('auth.validation.passwordMismatch');
    expect(first(confirm, '', { password: 'abc12345' })).toBe('auth.validation.pleaseConfirmPassword');
  });
});
