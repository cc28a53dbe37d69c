import { DEFAULT_AREA, type TRegisterRequest } from '@seller-centre/contract/auth';
import { webPaths } from '@seller-centre/contract/paths';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { readTrackingParams } from '../../shared/session.ts';
import { useRegister } from './api/registration.ts';
import styles from './auth-pages.module.css';
import { AuthFormCard } from './components/auth-form-card.tsx';
import { Button, FormRow, TextInput } from './components/form-kit.tsx';
import { useAuthForm } from './components/use-auth-form.ts';
import { GiftIcon } from './components/icons.tsx';
import { PhoneField } from './components/phone-field.tsx';
import { PrivacyField } from './components/privacy-field.tsx';
import { SmsCodeField } from './components/sms-code-field.tsx';
import { trimValues, type SmsHandoff } from './login-flow.ts';
import { useBackToLogin, warnIfPrivacyUnchecked } from './use-back-to-login.ts';
import { authRules } from './validation.ts';

type Values = {
  area: string;
  phone_number: string;
  sms_code: string;
  invite_code: string;
  checked: boolean;
};

/** `/register` (spec 01 sections 2 and 5): phone, SMS code, optional invite code, privacy terms. */
export function RegisterPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const register = useRegister();
  const rules = authRules(t);
  const { done, finish } = useBackToLogin();

  // An invite link's code is filled in and cannot be changed.
  const invitedCode = search.get('invite_code')?.trim() || undefined;
  const inviteCodeType = search.get('invite_code_type')?.trim() || undefined;

  const form = useAuthForm<Values>(
    { area: DEFAULT_AREA, phone_number: '', sms_code: '', invite_code: invitedCode ?? '', checked: false },
    { phone_number: rules.phone, sms_code: rules.smsCode, checked: rules.privacy },
  );
  const invite = form.input('invite_code');

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
      <form
        noValidate
        onSubmit={form.onSubmit(onFinish, (failed) =>
          warnIfPrivacyUnchecked(failed, t('auth.validation.privacyRequired')),
        )}
      >
        <PhoneField form={form} autoFocus />
        <SmsCodeField form={form} type="register:" />
        <FormRow
          inputId={invite.id}
          label={t('auth.register.invitePlaceholder')}
          hint={invitedCode ? t('auth.register.inviteLocked') : undefined}
        >
          {(describedBy) => (
            <TextInput
              id={invite.id}
              name={invite.name}
              value={invite.value}
              onChange={invite.onChange}
              aria-describedby={describedBy}
              prefix={<GiftIcon />}
              placeholder={t('auth.register.invitePlaceholder')}
              disabled={Boolean(invitedCode)}
              maxLength={32}
              data-testid="invite-code-input"
            />
          )}
        </FormRow>
        <PrivacyField form={form} />
        <Button type="submit" busy={register.isPending || done} data-testid="register-submit">
          {t('auth.register.submit')}
        </Button>
      </form>
      <div className={styles.registerLine}>
        {t('auth.register.haveAccount')}{' '}
        <Link to={webPaths.login} data-testid="login-link">
          {t('auth.register.toLogin')}
        </Link>
      </div>
    </AuthFormCard>
  );
}
