import { DEFAULT_AREA, type TFindPasswordRequest } from '@seller-centre/contract/auth';
import { webPaths } from '@seller-centre/contract/paths';
import { LockOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFindPassword } from './api/registration.ts';
import styles from './auth-pages.module.css';
import { AuthFormCard } from './components/auth-form-card.tsx';
import { LegalText } from './components/legal-links.tsx';
import { PhoneField } from './components/phone-field.tsx';
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
  checked?: boolean;
};

/** `/forget-password` (spec 01 section 5): a new password with an SMS code; then back to login. */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const reset = useFindPassword();
  const rules = authRules(t);
  const { done, finish } = useBackToLogin();

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
      <Form<Values>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{ area: DEFAULT_AREA, checked: false }}
        onFinish={onFinish}
        onFinishFailed={({ errorFields }) => warnIfPrivacyUnchecked(errorFields, t('auth.validation.privacyRequired'))}
      >
        <PhoneField rules={rules.phone} autoFocus />
        <SmsCodeField form={form} type="find_pwd:" rules={rules.smsCode} />
        <Form.Item name="password" rules={rules.newPassword} extra={t('auth.validation.passwordHint')}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('auth.fields.newPasswordPlaceholder')}
            autoComplete="new-password"
            maxLength={16}
            data-testid="new-password-input"
          />
        </Form.Item>
        <Form.Item name="confirmPassword" dependencies={['password']} rules={rules.confirmPassword()}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('auth.fields.confirmPasswordPlaceholder')}
            autoComplete="new-password"
            maxLength={16}
            data-testid="confirm-password-input"
          />
        </Form.Item>
        {/* Said once, as the spec's warning (an alert), not again under the box. */}
        <Form.Item name="checked" valuePropName="checked" rules={rules.privacy} help="">
          <Checkbox data-testid="privacy-checkbox">
            <LegalText i18nKey="auth.legal.agreeRegister" />
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={reset.isPending || done} data-testid="reset-submit">
          {t('auth.reset.submit')}
        </Button>
      </Form>
      <div className={styles.registerLine}>
        <Link to={webPaths.login} data-testid="login-link">
          {t('auth.reset.backToLogin')}
        </Link>
      </div>
    </AuthFormCard>
  );
}
