import { DEFAULT_AREA, type TRegisterRequest } from '@seller-centre/contract/auth';
import { webPaths } from '@seller-centre/contract/paths';
import { GiftOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { readTrackingParams } from '../../shared/session.ts';
import { useRegister } from './api/registration.ts';
import styles from './auth-pages.module.css';
import { AuthFormCard } from './components/auth-form-card.tsx';
import { LegalText } from './components/legal-links.tsx';
import { PhoneField } from './components/phone-field.tsx';
import { SmsCodeField } from './components/sms-code-field.tsx';
import { trimValues, type SmsHandoff } from './login-flow.ts';
import { useBackToLogin, warnIfPrivacyUnchecked } from './use-back-to-login.ts';
import { authRules } from './validation.ts';

type Values = {
  area: string;
  phone_number: string;
  sms_code: string;
  invite_code?: string;
  checked?: boolean;
};

/** `/register` (spec 01 sections 2 and 5): phone, SMS code, optional invite code, privacy terms. */
export function RegisterPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const register = useRegister();
  const rules = authRules(t);
  const { done, finish } = useBackToLogin();

  // An invite link's code is filled in and cannot be changed.
  const invitedCode = search.get('invite_code')?.trim() || undefined;
  const inviteCodeType = search.get('invite_code_type')?.trim() || undefined;

  const onFinish = (raw: Values) => {
    const values = trimValues(raw);
    const inviteCode = invitedCode ?? (values.invite_code || undefined);
    const body: TRegisterRequest = {
      phone_number: values.phone_number,
      area: values.area as typeof DEFAULT_AREA,
      sms_code: values.sms_code,
      checked: true,
      ...(inviteCode ? { invite_code: inviteCode } : {}),
      ...(inviteCode ? { invite_code_type: inviteCodeType ?? '1' } : {}),
      ...readTrackingParams(),
    };
    register.mutate(body, {
      // A new account has no password yet: the login page opens on SMS sign-in for this phone.
      onSuccess: () =>
        finish(t('auth.register.success'), {
          smsHandoff: { area: values.area, phone_number: values.phone_number } satisfies SmsHandoff,
        }),
    });
  };

  return (
    <AuthFormCard testId="register-page" title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <Form<Values>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{ area: DEFAULT_AREA, invite_code: invitedCode, checked: false }}
        onFinish={onFinish}
        onFinishFailed={({ errorFields }) => warnIfPrivacyUnchecked(errorFields, t('auth.validation.privacyRequired'))}
      >
        <PhoneField rules={rules.phone} autoFocus />
        <SmsCodeField form={form} type="register:" rules={rules.smsCode} />
        <Form.Item name="invite_code" extra={invitedCode ? t('auth.register.inviteLocked') : undefined}>
          <Input
            prefix={<GiftOutlined />}
            placeholder={t('auth.register.invitePlaceholder')}
            disabled={Boolean(invitedCode)}
            maxLength={32}
            data-testid="invite-code-input"
          />
        </Form.Item>
        {/* Said once, as the spec's warning (an alert), not again under the box. */}
        <Form.Item name="checked" valuePropName="checked" rules={rules.privacy} help="">
          <Checkbox data-testid="privacy-checkbox">
            <LegalText i18nKey="auth.legal.agreeRegister" />
          </Checkbox>
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={register.isPending || done}
          data-testid="register-submit"
        >
          {t('auth.register.submit')}
        </Button>
      </Form>
      <div className={styles.registerLine}>
        {t('auth.register.haveAccount')}{' '}
        <Link to={webPaths.login} data-testid="login-link">
          {t('auth.register.toLogin')}
        </Link>
      </div>
    </AuthFormCard>
  );
}
