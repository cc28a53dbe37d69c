import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { isAcceptablePassword } from '../../shared/password-rule.ts';
import { phoneRule } from '../../shared/phone-rule.ts';

/** The form rules of spec 01 section 5, with their messages translated. */
export function authRules(t: TFunction) {
  const required = (key: string): FormRule => ({ required: true, whitespace: true, message: t(key) });
  return {
    account: [required('auth.validation.pleaseInputAccount')],
    password: [required('auth.validation.pleaseInputPassword')],
    phone: [
      required('auth.validation.pleaseInputPhone'),
      phoneRule(t('auth.validation.phoneFormat')),
    ] satisfies FormRule[],
    smsCode: [
      required('auth.validation.pleaseInputCode'),
      { pattern: /^\s*\d{6}\s*$/, message: t('auth.validation.codeFormat') },
    ] satisfies FormRule[],
    /** The hint of the reset form (8-16 letters and numbers), which the server enforces too. */
    newPassword: [
      required('auth.validation.pleaseInputNewPassword'),
      {
        validator: (_rule, value: unknown) =>
          typeof value !== 'string' || value === '' || isAcceptablePassword(value.trim())
            ? Promise.resolve()
            : Promise.reject(new Error(t('auth.validation.passwordHint'))),
      },
    ] satisfies FormRule[],
    /** Must equal the `password` field (the spec's message for a wrong new password). */
    confirmPassword: (field = 'password'): FormRule[] => [
      required('auth.validation.pleaseConfirmPassword'),
      ({ getFieldValue }) => ({
        validator: (_rule, value: unknown) =>
          !value || value === getFieldValue(field)
            ? Promise.resolve()
            : Promise.reject(new Error(t('auth.validation.passwordMismatch'))),
      }),
    ],
    /** The privacy checkbox; the spec shows a warning when it is not ticked. */
    privacy: [
      {
        validator: (_rule, value: unknown) =>
          value ? Promise.resolve() : Promise.reject(new Error(t('auth.validation.privacyRequired'))),
      },
    ] satisfies FormRule[],
  };
}
