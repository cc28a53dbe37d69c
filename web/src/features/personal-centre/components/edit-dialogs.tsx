import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { visibleTextRule } from '../../../shared/name-rule.ts';
import { useChangeCompanyName, useChangePassword, useChangeUserName } from '../api/profile.ts';
import { notify } from '../../../shared/notify.ts';
import { isAcceptablePassword } from '../../../shared/password-rule.ts';
import { USER_NAME_PATTERN } from '../profile-rules.ts';
import { reauthProof, type ReauthValues } from '../reauth-proof.ts';
import { ReauthFields, ResetNote } from './reauth-fields.tsx';

type DialogProps = { open: boolean; onClose: () => void };

/** Add or change the user name: letters and digits only (docs/product.md). */
export function UserNameDialog({ open, onClose, current }: DialogProps & { current: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ user_name: string }>();
  const change = useChangeUserName();
  return (
    <Modal
      open={open}
      title={t(current ? 'personal-centre.profile.editUserName' : 'personal-centre.profile.addUserName')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: change.isPending, 'data-testid': 'user-name-save' }}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form
        data-testid="user-name-dialog"
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ user_name: current }}
        onFinish={({ user_name }) =>
          change.mutate(user_name.trim(), {
            onSuccess: () => {
              notify.success(t('personal-centre.profile.saved'));
              onClose();
            },
          })
        }
      >
        <Form.Item
          name="user_name"
          label={t('personal-centre.profile.userName')}
          extra={t('personal-centre.profile.userNameHint')}
          rules={[
            { required: true, whitespace: true, message: t('personal-centre.validation.userNameRequired') },
            visibleTextRule(t('common.hiddenCharacters')),
            { pattern: USER_NAME_PATTERN, message: t('personal-centre.validation.userNameFormat') },
          ]}
        >
          <Input maxLength={32} autoFocus data-testid="user-name-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Add or change the company name (main accounts; the whole tenant sees it). */
export function CompanyDialog({ open, onClose, current }: DialogProps & { current: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ company_name: string }>();
  const change = useChangeCompanyName();
  return (
    <Modal
      open={open}
      title={t(current ? 'personal-centre.profile.editCompany' : 'personal-centre.profile.addCompany')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: change.isPending, 'data-testid': 'company-save' }}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form
        data-testid="company-dialog"
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ company_name: current }}
        onFinish={({ company_name }) =>
          change.mutate(company_name.trim(), {
            onSuccess: () => {
              notify.success(t('personal-centre.profile.saved'));
              onClose();
            },
          })
        }
      >
        <Form.Item
          name="company_name"
          label={t('personal-centre.profile.company')}
          rules={[
            { required: true, whitespace: true, message: t('personal-centre.validation.companyRequired') },
            visibleTextRule(t('common.hiddenCharacters')),
          ]}
        >
          <Input maxLength={64} autoFocus data-testid="company-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type PasswordValues = ReauthValues & { password: string; confirmPassword: string };

/**
 * Set or change the password; the confirmation must match (docs/product.md). The current
 * password (or, without one, a code sent to the account's phone) is asked first: the server
 * refuses a change without it.
 */
export function PasswordDialog({
  open,
  onClose,
  hasPassword,
  phone,
}: DialogProps & { hasPassword: boolean; phone: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();
  return (
    <Modal
      open={open}
      title={t(hasPassword ? 'personal-centre.profile.changePassword' : 'personal-centre.profile.setPassword')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: change.isPending, 'data-testid': 'password-save' }}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form
        data-testid="password-dialog"
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={({ password, ...proof }) =>
          // Trimmed, as the login form trims what it sends.
          change.mutate(
            { password: password.trim(), ...reauthProof(proof) },
            {
              onSuccess: () => {
                notify.success(t('personal-centre.profile.passwordChanged'));
                onClose();
              },
            },
          )
        }
      >
        <ResetNote />
        <ReauthFields hasPassword={hasPassword} phone={phone} autoFocus />
        <Form.Item
          name="password"
          label={t('personal-centre.profile.newPassword')}
          extra={t('personal-centre.profile.passwordHint')}
          rules={[
            { required: true, message: t('personal-centre.validation.passwordRequired') },
            {
              validator: (_rule, value: unknown) =>
                typeof value !== 'string' || value === '' || isAcceptablePassword(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('personal-centre.profile.passwordHint'))),
            },
          ]}
        >
          <Input.Password maxLength={16} autoComplete="new-password" data-testid="new-password-input" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('personal-centre.profile.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('personal-centre.validation.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: unknown) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('personal-centre.validation.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password maxLength={16} autoComplete="new-password" data-testid="confirm-password-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
