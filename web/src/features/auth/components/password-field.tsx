import { useTranslation } from 'react-i18next';
import type { AuthForm } from './auth-form.ts';
import { FieldRow, PasswordInput } from './form-kit.tsx';
import { LockIcon } from './icons.tsx';

type PasswordFieldProps = {
  form: AuthForm;
  name?: string;
  placeholder?: string;
  hint?: string;
  autoComplete?: string;
  maxLength?: number;
  testId?: string;
};

/** A password (the sign-in one by default; the reset form's new one and its confirmation). */
export function PasswordField({
  form,
  name = 'password',
  placeholder,
  hint,
  autoComplete = 'current-password',
  maxLength,
  testId = 'password-input',
}: PasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <FieldRow field={form.input(name)} placeholder={placeholder ?? t('auth.fields.passwordPlaceholder')} hint={hint}>
      {(input) => (
        <PasswordInput
          {...input}
          prefix={<LockIcon />}
          autoComplete={autoComplete}
          maxLength={maxLength}
          data-testid={testId}
        />
      )}
    </FieldRow>
  );
}
