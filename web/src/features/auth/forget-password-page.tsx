import { DEFAULT_AREA, type TFindPasswordRequest } from '@seller-centre/contract/auth';
import { webPaths } from '@seller-centre/contract/paths';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFindPassword } from './api/registration.ts';
import styles from './auth-pages.module.css';
import { AuthFormCard } from './components/auth-form-card.tsx';
import { Button } from './components/form-kit.tsx';
import { useAuthForm } from './components/use-auth-form.ts';
import { PasswordField } from './components/password-field.tsx';
import { PhoneField } from './components/phone-field.tsx';
import { PrivacyField } from './components/privacy-field.tsx';
import { SmsCodeField } from './components/sms-code-field.tsx';
import { trimValues } from './login-flow.ts';
import { useBackToLogin, warnIfPrivacyUnchecked } from './use-back-to-login.ts';
import { authRules } from './validation.ts';

type Values = {
  area: string;
  phone_number: string;
  sms_code: string;
  password: string;
  confirmPassword: string;
  checked: boolean;
};

/** `/forget-password` (spec 01 section 5): a new password with an SMS code; then back to login. */
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
    <AuthFormCard testId="forget-password-page" title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <form
        noValidate
        onSubmit={form.onSubmit(onFinish, (failed) =>
          warnIfPrivacyUnchecked(failed, t('auth.validation.privacyRequired')),
        )}
      >
        <PhoneField form={form} autoFocus />
        <SmsCodeField form={form} type="find_pwd:" />
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
        <PrivacyField form={form} />
        <Button type="submit" busy={reset.isPending || done} data-testid="reset-submit">
          {t('auth.reset.submit')}
        </Button>
      </form>
      <div className={styles.registerLine}>
        <Link to={webPaths.login} data-testid="login-link">
          {t('auth.reset.backToLogin')}
        </Link>
      </div>
    </AuthFormCard>
  );
}
