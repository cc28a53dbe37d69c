import { DEFAULT_AREA, type TFindPasswordRequest } from '@seller-centre/contract/auth';
import { useTranslation } from 'react-i18next';
import { useFindPassword } from './api/registration.ts';
import { SmsVerifiedForm } from './components/sms-verified-form.tsx';
import { useAuthForm } from './components/use-auth-form.ts';
import { PasswordField } from './components/password-field.tsx';
import { trimValues } from './login-flow.ts';
import { useBackToLogin } from './use-back-to-login.ts';
import { authRules } from './validation.ts';

type Values = {
  area: string;
  phone_number: string;
  sms_code: string;
  password: string;
  confirmPassword: string;
  checked: boolean;
};

/** `/forget-password` (docs/product.md): a new password with an SMS code; then back to login. */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const reset = useFindPassword();
  const rules = authRules(t);
  const { done, finish } = useBackToLogin();
  const form = useAuthForm<Values>(
    { area: DEFAULT_AREA, phone_number: '', sms_code: '', password: '', confirmPassword: '', checked: false },
    {
      phone_number: rules.phone,
      sms_code: rules.smsCode,
      password: rules.newPassword,
      confirmPassword: rules.confirmPassword(),
      checked: rules.privacy,
    },
  );

  const onFinish = (raw: Values) => {
    // Trimmed like the login form trims, so the password set here is the one that signs in.
    const values = trimValues(raw);
    const body: TFindPasswordRequest = {
      phone_number: values.phone_number,
      area: values.area as typeof DEFAULT_AREA,
      sms_code: values.sms_code,
      password: values.password,
      confirmPassword: values.confirmPassword,
      checked: true,
    };
    reset.mutate(body, {
      onSuccess: () => finish(t('auth.reset.success')),
    });
  };

  return (
    <SmsVerifiedForm
      testId="forget-password-page"
      title={t('auth.reset.title')}
      subtitle={t('auth.reset.subtitle')}
      form={form}
      smsType="find_pwd:"
      onFinish={onFinish}
      busy={reset.isPending || done}
      submit={{ label: t('auth.reset.submit'), testId: 'reset-submit' }}
      back={t('auth.reset.backToLogin')}
    >
      <PasswordField
        form={form}
        placeholder={t('auth.fields.newPasswordPlaceholder')}
        hint={t('auth.validation.passwordHint')}
        autoComplete="new-password"
        maxLength={16}
        testId="new-password-input"
      />
      <PasswordField
        form={form}
        name="confirmPassword"
        placeholder={t('auth.fields.confirmPasswordPlaceholder')}
        autoComplete="new-password"
        maxLength={16}
        testId="confirm-password-input"
      />
    </SmsVerifiedForm>
  );
}
