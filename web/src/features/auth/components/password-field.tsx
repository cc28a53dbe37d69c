import { useTranslation } from 'react-i18next';
import type { AuthForm } from './auth-form.ts';
import { FormRow, PasswordInput } from './form-kit.tsx';
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
  const field = form.input(name);
  const text = placeholder ?? t('auth.fields.passwordPlaceholder');
  return (
    <FormRow inputId={field.id} label={text} hint={hint} error={field.error}>
      {(describedBy) => (
        <PasswordInput
          id={field.id}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          aria-invalid={field['aria-invalid']}
          aria-describedby={describedBy}
          invalid={Boolean(field.error)}
          prefix={<LockIcon />}
          placeholder={text}
          autoComplete={autoComplete}
          maxLength={maxLength}
          data-testid={testId}
        />
      )}
    </FormRow>
  );
}
