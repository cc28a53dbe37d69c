import { LockOutlined } from '@ant-design/icons';
import { Form, Input, type FormItemProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** The sign-in password (login form and the bind-mobile form of QR login). */
export function PasswordField({ rules }: { rules: FormItemProps['rules'] }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="password" rules={rules}>
      <Input.Password
        prefix={<LockOutlined />}
        placeholder={t('auth.fields.passwordPlaceholder')}
        autoComplete="current-password"
        data-testid="password-input"
      />
    </Form.Item>
  );
}
