import { DEFAULT_AREA, normalisePhone } from '@seller-centre/contract/phone';
import type { TFunction } from 'i18next';
import { isAcceptablePassword } from '../../shared/password-rule.ts';
import type { Check } from './components/use-auth-form.ts';

type Values = Record<string, unknown>;

const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/** The form checks of docs/product.md, with their messages translated. */
export function authRules(t: TFunction) {
  const required =
    (key: string): Check<Values> =>
    (value) =>
      isBlank(value) ? t(key) : undefined;
  return {
    account: [required('auth.validation.pleaseInputAccount')],
    password: [required('auth.validation.pleaseInputPassword')],
    /** Any form the server reads as a phone of the chosen area (the contract's own normalisation). */
    phone: [
      required('auth.validation.pleaseInputPhone'),
      (value, values) =>
        isBlank(value) || normalisePhone(String(values.area ?? DEFAULT_AREA), String(value))
          ? undefined
          : t('auth.validation.phoneFormat'),
    ] satisfies Check<Values>[],
    smsCode: [
      required('auth.validation.pleaseInputCode'),
      (value) => (isBlank(value) || /^\s*\d{6}\s*$/.test(String(value)) ? undefined : t('auth.validation.codeFormat')),
    ] satisfies Check<Values>[],
    /** The hint of the reset form (8-16 letters and numbers), which the server enforces too. */
    newPassword: [
      required('auth.validation.pleaseInputNewPassword'),
      (value) =>
        isBlank(value) || isAcceptablePassword(String(value).trim()) ? undefined : t('auth.validation.passwordHint'),
    ] satisfies Check<Values>[],
    /** Must equal the `password` field (the contract's message for a wrong new password). */
    confirmPassword: (field = 'password'): Check<Values>[] => [
      required('auth.validation.pleaseConfirmPassword'),
      (value, values) => (!value || value === values[field] ? undefined : t('auth.validation.passwordMismatch')),
    ],
    /** The privacy checkbox; the contract shows a warning when it is not ticked. */
    privacy: [(value) => (value ? undefined : t('auth.validation.privacyRequired'))] satisfies Check<Values>[],
  };
}
