import { DEFAULT_AREA } from '@seller-centre/contract/auth';
import { UserOutlined } from '@ant-design/icons';
import { Button, Form, Input, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogin } from '../api/sign-in.ts';
import { trimValues } from '../login-flow.ts';
import { forgetAfterFailedLogin } from '../use-complete-login.ts';
import { authRules } from '../validation.ts';
import type { LoginFormProps } from './login-form-props.ts';
import { PasswordField } from './password-field.tsx';
import { PhoneField } from './phone-field.tsx';

type Values = { account_name?: string; area?: string; phone_number?: string; password: string };

/** Username + password, or mobile + password (a selector switches). */
export function PasswordLoginForm({ system, longTime, busy, onSuccess }: LoginFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [kind, setKind] = useState<'account' | 'mobile'>('account');
  const login = useLogin();
  const rules = authRules(t);

  const onFinish = (raw: Values) => {
    const values = trimValues(raw);
    const common = { long_time: longTime ? 1 : 0, password: values.password, system } as const;
    login.mutate(
      kind === 'account'
        ? { method: 'account', body: { ...common, account_name: values.account_name ?? '' } }
        : {
            method: 'mobile',
            body: {
              ...common,
              area: (values.area ?? DEFAULT_AREA) as typeof DEFAULT_AREA,
              phone_number: values.phone_number ?? '',
            },
          },
      { onSuccess: (result) => onSuccess(result), onError: forgetAfterFailedLogin },
    );
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      initialValues={{ area: DEFAULT_AREA }}
      onFinish={onFinish}
      data-testid="password-login-form"
    >
      <Segmented<'account' | 'mobile'>
        block
        value={kind}
        onChange={(value) => {
          setKind(value);
          form.resetFields(['password']);
        }}
        options={[
          { value: 'account', label: <span data-testid="login-kind-account">{t('auth.login.byAccount')}</span> },
          { value: 'mobile', label: <span data-testid="login-kind-mobile">{t('auth.login.byMobile')}</span> },
        ]}
        style={{ marginBottom: 20 }}
        size="middle"
      />
      {kind === 'account' ? (
        <Form.Item name="account_name" rules={rules.account}>
          <Input
            prefix={<UserOutlined />}
            placeholder={t('auth.fields.accountPlaceholder')}
            autoComplete="username"
            data-testid="account-input"
          />
        </Form.Item>
      ) : (
        <PhoneField rules={rules.phone} />
      )}
      <PasswordField rules={rules.password} />
      <Button type="primary" htmlType="submit" block loading={login.isPending || busy} data-testid="login-submit">
        {t('auth.login.submit')}
      </Button>
    </Form>
  );
}
