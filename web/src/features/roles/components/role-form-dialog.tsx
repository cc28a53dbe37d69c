import { ROLE_DESCRIBE_MAX, ROLE_NAME_MAX, type TRole } from '@seller-centre/contract/roles';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { visibleTextRule } from '../../../shared/name-rule.ts';
import type { ApiError } from '../../../shared/api-client.ts';
import { useCreateRole, useUpdateRole } from '../api.ts';

type Props = {
  /** The role being edited; none to create one. */
  role?: TRole;
  onClose: () => void;
  /** A new role was created: the page goes on to its permissions (a new role holds almost nothing). */
  onCreated?: (role: TRole) => void;
};

type Values = { name: string; describe: string };

/** Create or edit a role (docs/product.md: name required and at most 32, description at most 32). */
export function RoleFormDialog({ role, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const create = useCreateRole();
  const update = useUpdateRole();
  const pending = create.isPending || update.isPending;

  const submit = async () => {
    const values = await form.validateFields();
    const body = { name: values.name.trim(), describe: (values.describe ?? '').trim() };
    const handlers = {
      onSuccess: (saved: TRole) => {
        message.success(t(role ? 'roles.messages.updated' : 'roles.messages.created'));
        if (!role && onCreated) onCreated(saved);
        else onClose();
      },
      onError: (error: Error) => message.warning((error as ApiError).msg ?? error.message),
    };
    if (role) update.mutate({ id: role.id, ...body }, handlers);
    else create.mutate(body, handlers);
  };

  return (
    <Modal
      open
      title={t(role ? 'roles.form.editTitle' : 'roles.form.createTitle')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('roles.actions.confirm')}
      cancelText={t('roles.actions.cancel')}
      confirmLoading={pending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'role-form-submit' }}
      modalRender={(node) => <div data-testid="role-form-dialog">{node}</div>}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ name: role?.name ?? '', describe: role?.describe ?? '' }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="name"
          label={t('roles.fields.name')}
          rules={[
            { required: true, whitespace: true, message: t('roles.form.nameRequired') },
            visibleTextRule(t('common.hiddenCharacters')),
            { max: ROLE_NAME_MAX, message: t('roles.form.tooLong', { max: ROLE_NAME_MAX }) },
          ]}
        >
          <Input
            maxLength={ROLE_NAME_MAX}
            showCount
            placeholder={t('roles.form.namePlaceholder')}
            data-testid="role-form-name"
            autoFocus
          />
        </Form.Item>
        <Form.Item
          name="describe"
          label={t('roles.fields.describe')}
          rules={[
            { max: ROLE_DESCRIBE_MAX, message: t('roles.form.tooLong', { max: ROLE_DESCRIBE_MAX }) },
            visibleTextRule(t('common.hiddenCharacters')),
          ]}
        >
          <Input.TextArea
            maxLength={ROLE_DESCRIBE_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 3 }}
            placeholder={t('roles.form.describePlaceholder')}
            data-testid="role-form-describe"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
