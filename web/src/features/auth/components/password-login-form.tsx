import { DEFAULT_AREA } from '@seller-centre/contract/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogin } from '../api/sign-in.ts';
import { trimValues } from '../login-flow.ts';
import { forgetAfterFailedLogin } from '../use-complete-login.ts';
import { authRules } from '../validation.ts';
import { Button, FieldRow, TextInput } from './form-kit.tsx';
import { useAuthForm } from './use-auth-form.ts';
import { UserIcon } from './icons.tsx';
import type { LoginFormProps } from './login-form-props.ts';
import { PasswordField } from './password-field.tsx';
import { PhoneField } from './phone-field.tsx';
import { Segmented } from './segmented.tsx';

type Values = { account_name: string; area: string; phone_number: string; password: string };

/** Username + password, or mobile + password (a selector switches). */
export function PasswordLoginForm({ system, longTime, busy, onSuccess }: LoginFormProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'account' | 'mobile'>('account');
  const rules = authRules(t);
  const form = useAuthForm<Values>(
    { account_name: '', area: DEFAULT_AREA, phone_number: '', password: '' },
    kind === 'account'
      ? { account_name: rules.account, password: rules.password }
      : { phone_number: rules.phone, password: rules.password },
  );
  const login = useLogin();
  const account = form.input('account_name');

  const onFinish = (raw: Values) => {
    const values = trimValues(raw);
    const common = { long_time: longTime ? 1 : 0, password: values.password, system } as const;
    login.mutate(
      kind === 'account'
        ? { method: 'account', body: { ...common, account_name: values.account_name } }
        : {
            method: 'mobile',
            body: {
              ...common,
              area: (values.area || DEFAULT_AREA) as typeof DEFAULT_AREA,
              phone_number: values.phone_number,
            },
          },
      { onSuccess: (result) => onSuccess(result), onError: forgetAfterFailedLogin },
    );
  };

  return (
    <form noValidate onSubmit={form.onSubmit(onFinish)} data-testid="password-login-form">
      <Segmented<'account' | 'mobile'>
        value={kind}
        onChange={(value) => {
          setKind(value);
          form.reset(['password']);
        }}
        options={[
          { value: 'account', label: t('auth.login.byAccount'), testId: 'login-kind-account' },
          { value: 'mobile', label: t('auth.login.byMobile'), testId: 'login-kind-mobile' },
        ]}
      />
      {kind === 'account' ? (
        <FieldRow field={account} placeholder={t('auth.fields.accountPlaceholder')}>
          {(input) => (
            <TextInput {...input} prefix={<UserIcon />} autoComplete="username" data-testid="account-input" />
          )}
        </FieldRow>
      ) : (
        <PhoneField form={form} />
      )}
      <PasswordField form={form} />
      <Button type="submit" busy={login.isPending || busy} data-testid="login-submit">
        {t('auth.login.submit')}
      </Button>
    </form>
  );
}
