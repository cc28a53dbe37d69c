import { DEFAULT_AREA } from '@seller-centre/contract/auth';
import { useTranslation } from 'react-i18next';
import { useLogin } from '../api/sign-in.ts';
import { trimValues, type SmsHandoff } from '../login-flow.ts';
import { forgetAfterFailedLogin } from '../use-complete-login.ts';
import { authRules } from '../validation.ts';
import { Button } from './form-kit.tsx';
import { useAuthForm } from './use-auth-form.ts';
import type { LoginFormProps } from './login-form-props.ts';
import { PhoneField } from './phone-field.tsx';
import { SmsCodeField } from './sms-code-field.tsx';

type Values = { area: string; phone_number: string; sms_code: string };

/**
 * Mobile + SMS code (main accounts only: the server refuses sub-accounts with its message).
 * `initialPhone`: the phone just registered, filled in so the next step is 'send code'.
 */
export function SmsLoginForm({
  system,
  longTime,
  busy,
  onSuccess,
  initialPhone,
}: LoginFormProps & { initialPhone?: SmsHandoff }) {
  const { t } = useTranslation();
  const rules = authRules(t);
  const form = useAuthForm<Values>(
    { area: initialPhone?.area ?? DEFAULT_AREA, phone_number: initialPhone?.phone_number ?? '', sms_code: '' },
    { phone_number: rules.phone, sms_code: rules.smsCode },
  );
  const login = useLogin();

  const onFinish = (raw: Values) => {
    const values = trimValues(raw);
    login.mutate(
      {
        method: 'sms',
        body: {
          long_time: longTime ? 1 : 0,
          area: values.area as typeof DEFAULT_AREA,
          phone_number: values.phone_number,
          sms_code: values.sms_code,
          system,
        },
      },
      { onSuccess: (result) => onSuccess(result), onError: forgetAfterFailedLogin },
    );
  };

  return (
    <form noValidate onSubmit={form.onSubmit(onFinish)} data-testid="sms-login-form">
      <PhoneField form={form} />
      <SmsCodeField form={form} type="login:" />
      <Button type="submit" busy={login.isPending || busy} data-testid="login-submit">
        {t('auth.login.submit')}
      </Button>
    </form>
  );
}
