import { EMPLOYEE_PASSWORD_MAX, type TSubAccount } from '@seller-centre/contract/employees';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../shared/api-client.ts';
import { isValidEmployeePassword } from '../account-rules.ts';
import { useChangeAccountPassword } from '../api.ts';

type Values = { password: string; confirmPassword: string };

/** Sets an employee's password (docs/product.md: the create rule, and the confirmation must match). */
export function ChangePasswordDialog({ account, onClose }: { account: TSubAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const change = useChangeAccountPassword();

  const submit = async () => {
    const values = await form.validateFields();
    change.mutate(
      { user_id: account.user_id, password: values.password },
      {
        onSuccess: () => {
          message.success(t('employees.messages.passwordChanged'));
          onClose();
        },
        onError: (error) => message.warning((error as ApiError).msg ?? error.message),
      },
    );
  };

  return (
    <Modal
      open
      title={t('employees.password.title', { name: account.user_name })}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('employees.actions.confirm')}
      cancelText={t('employees.actions.cancel')}
      confirmLoading={change.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'password-form-submit' }}
      modalRender={(node) => <div data-testid="account-password-dialog">{node}</div>}
    >
      <Form<Values> form={form} layout="vertical" autoComplete="off">
        <Form.Item
          name="password"
          label={t('employees.password.newPassword')}
          extra={t('employees.form.passwordHint')}
          rules={[
            { required: true, message: t('employees.password.newPasswordRequired') },
            {
              validator: (_, value: string | undefined) =>
                !value || isValidEmployeePassword(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('employees.form.passwordFormat'))),
            },
          ]}
        >
          <Input.Password
            maxLength={EMPLOYEE_PASSWORD_MAX}
            autoComplete="new-password"
            placeholder={t('employees.form.passwordPlaceholder')}
            data-testid="password-form-new"
          />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('employees.password.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('employees.password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('employees.password.mismatch'))),
            }),
          ]}
        >
          <Input.Password
            maxLength={EMPLOYEE_PASSWORD_MAX}
            autoComplete="new-password"
            placeholder={t('employees.password.confirmPlaceholder')}
            data-testid="password-form-confirm"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
