import { DEFAULT_AREA, type TRegisterRequest } from '@seller-centre/contract/auth';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { readTrackingParams } from '../../shared/session.ts';
import { useRegister } from './api/registration.ts';
import { FieldRow, TextInput } from './components/form-kit.tsx';
import { SmsVerifiedForm } from './components/sms-verified-form.tsx';
import { useAuthForm } from './components/use-auth-form.ts';
import { GiftIcon } from './components/icons.tsx';
import { trimValues, type SmsHandoff } from './login-flow.ts';
import { useBackToLogin } from './use-back-to-login.ts';
import { authRules } from './validation.ts';

type Values = {
  area: string;
  phone_number: string;
  sms_code: string;
  invite_code: string;
  checked: boolean;
};

/** `/register` (docs/product.md): phone, SMS code, optional invite code, privacy terms. */
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
    <SmsVerifiedForm
      testId="register-page"
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      form={form}
      smsType="register:"
      onFinish={onFinish}
      busy={register.isPending || done}
      submit={{ label: t('auth.register.submit'), testId: 'register-submit' }}
      backLead={t('auth.register.haveAccount')}
      back={t('auth.register.toLogin')}
    >
      <FieldRow
        field={form.input('invite_code')}
        placeholder={t('auth.register.invitePlaceholder')}
        hint={invitedCode ? t('auth.register.inviteLocked') : undefined}
      >
        {(input) => (
          <TextInput
            {...input}
            prefix={<GiftIcon />}
            disabled={Boolean(invitedCode)}
            maxLength={32}
            data-testid="invite-code-input"
          />
        )}
      </FieldRow>
    </SmsVerifiedForm>
  );
}
