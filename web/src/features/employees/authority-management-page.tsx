import { PlusOutlined } from '@ant-design/icons';
import { EMPLOYEE_NAME_MAX, type TSubAccount } from '@seller-centre/contract/employees';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import { App, Tag, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../shared/api-client.ts';
import { useUserInfo } from '../../shared/current-user.ts';
import { formatDateTime } from '../../shared/format.ts';
import { useLanguage } from '../../shared/i18n.ts';
import { ServerTable } from '../../shared/list/server-table.tsx';
import type { DataColumn } from '../../shared/components/data-table.tsx';
import { useSearchDraft } from '../../shared/list/use-search-draft.ts';
import { useServerList } from '../../shared/list/use-server-list.ts';
import { accountCreatedAt, formatPhone, isProtectedAccount, nextAccountStatus } from './account-rules.ts';
import { ACCOUNT_LIST, accountListQuery, useSetAccountStatus } from './api.ts';
import styles from './authority-management-page.module.css';
import { AuthButton } from '../../shared/components/auth-button.tsx';
import { ListToolbar } from '../../shared/components/list-toolbar.tsx';

// The dialogs load when opened: the list's first load carries only the list.
const AccountFormDialog = lazy(() =>
  import('./components/account-form-dialog.tsx').then((m) => ({ default: m.AccountFormDialog })),
);
const ChangePasswordDialog = lazy(() =>
  import('./components/change-password-dialog.tsx').then((m) => ({ default: m.ChangePasswordDialog })),
);
const DataAuthorityDialog = lazy(() =>
  import('./components/data-authority-dialog.tsx').then((m) => ({ default: m.DataAuthorityDialog })),
);

const P = PERMISSIONS.employee;

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; account: TSubAccount }
  | { kind: 'data'; account: TSubAccount }
  | { kind: 'password'; account: TSubAccount }
  | null;

/** Authority management: the employee (sub-account) list and its dialogs (docs/product.md). */
export function AuthorityManagementPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { message, modal } = App.useApp();
  const me = useUserInfo();
  const list = useServerList({ ...ACCOUNT_LIST, query: (state) => accountListQuery(state, language) });
  const { filters } = list;
  const [draftName, setDraftName] = useSearchDraft(filters.user_name);
  const [dialog, setDialog] = useState<Dialog>(null);
  const setStatus = useSetAccountStatus();

  const search = () => list.setFilters({ user_name: draftName.trim() });
  const clear = () => {
    setDraftName('');
    list.setFilters({ user_name: '' });
  };

  const changeStatus = (account: TSubAccount) => {
    const status = nextAccountStatus(account);
    modal.confirm({
      title: t(status === 1 ? 'employees.confirm.enableTitle' : 'employees.confirm.disableTitle', {
        name: account.user_name,
      }),
      content: t(status === 1 ? 'employees.confirm.enableContent' : 'employees.confirm.disableContent'),
      okText: t(status === 1 ? 'employees.actions.enable' : 'employees.actions.disable'),
      okButtonProps: { danger: status === 0, 'data-testid': 'confirm-ok' },
      cancelText: t('employees.actions.cancel'),
      onOk: () =>
        setStatus
          .mutateAsync({ user_id: account.user_id, status })
          .then(() => message.success(t(status === 1 ? 'employees.messages.enabled' : 'employees.messages.disabled')))
          .catch((error: unknown) => message.warning((error as ApiError).msg ?? String(error))),
    });
  };

  const columns: DataColumn<TSubAccount>[] = [
    {
      title: t('employees.fields.userName'),
      dataIndex: 'user_name',
      render: (name: string, account) => (
        <span className={styles.nameCell}>
          <Typography.Text strong>{name}</Typography.Text>
          {isProtectedAccount(account) ? (
            <Tooltip title={t('employees.mainAccountHint')}>
              <Tag bordered={false} color="gold">
                {t('employees.mainAccount')}
              </Tag>
            </Tooltip>
          ) : null}
        </span>
      ),
    },
    { title: t('employees.fields.phone'), key: 'phone', width: 150, render: (_, account) => formatPhone(account) },
    {
      title: t('employees.fields.role'),
      dataIndex: 'auth_role_name',
      render: (name: string) => name || <Typography.Text type="secondary">-</Typography.Text>,
    },
    {
      title: t('employees.fields.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: number, account) =>
        status === 1 ? (
          <Tag color="success" data-testid={`account-state-${account.user_id}`}>
            {t('employees.status.enabled')}
          </Tag>
        ) : (
          <Tag color="error" data-testid={`account-state-${account.user_id}`}>
            {t('employees.status.disabled')}
          </Tag>
        ),
    },
    {
      title: t('employees.fields.createdAt'),
      key: 'created_at',
      width: 160,
      render: (_, account) => formatDateTime(accountCreatedAt(account)),
    },
    {
      title: t('employees.fields.actions'),
      key: 'actions',
      width: 220,
      fixed: 'right',
      render: (_, account) => {
        // The main account's row (role 1) is protected; nobody changes their own account here either.
        const locked = isProtectedAccount(account) || account.user_id === me.user_id;
        const id = account.user_id;
        return (
          <div className={styles.actions} data-testid={`account-actions-${id}`}>
            <AuthButton
              permission={P.edit}
              type="link"
              size="small"
              disabled={locked}
              onClick={() => setDialog({ kind: 'edit', account })}
              data-testid={`account-edit-${id}`}
            >
              {t('employees.actions.edit')}
            </AuthButton>
            <AuthButton
              permission={P.dataAuthority}
              type="link"
              size="small"
              disabled={locked}
              onClick={() => setDialog({ kind: 'data', account })}
              data-testid={`account-data-${id}`}
            >
              {t('employees.actions.dataAuthority')}
            </AuthButton>
            <AuthButton
              permission={P.changePassword}
              type="link"
              size="small"
              disabled={locked}
              onClick={() => setDialog({ kind: 'password', account })}
              data-testid={`account-password-${id}`}
            >
              {t('employees.actions.changePassword')}
            </AuthButton>
            <AuthButton
              permission={P.toggleStatus}
              type="link"
              size="small"
              danger={account.status === 1}
              disabled={locked}
              onClick={() => changeStatus(account)}
              data-testid={`account-status-${id}`}
            >
              {t(account.status === 1 ? 'employees.actions.disable' : 'employees.actions.enable')}
            </AuthButton>
          </div>
        );
      },
    },
  ];

  return (
    <div className={styles.page} data-testid="authority-management">
      <ListToolbar
        testId="account"
        draft={draftName}
        onDraftChange={setDraftName}
        onSearch={search}
        onReset={clear}
        maxLength={EMPLOYEE_NAME_MAX}
        showDisabled={filters.status === 0}
        onShowDisabledChange={(on) => list.setFilters({ status: on ? 0 : 1 })}
        labels={{
          placeholder: t('employees.searchPlaceholder'),
          search: t('employees.search'),
          reset: t('employees.reset'),
          showDisabled: t('employees.showDisabled'),
        }}
        action={
          <AuthButton
            permission={P.create}
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ kind: 'create' })}
            data-testid="account-create"
          >
            {t('employees.create')}
          </AuthButton>
        }
      />

      <ServerTable<TSubAccount>
        list={list}
        rowKey="user_id"
        columns={columns}
        // Inside the panel at 1366 px; the row actions wrap in the longer languages instead.
        tableLayout="fixed"
        scroll={{ x: 1000 }}
        caption={t('layout.modules.authorityManagement')}
        data-testid="account-table"
        showTotal={(n) => t('employees.total', { total: n })}
        quickJumper
      />

      <Suspense fallback={null}>
        {dialog?.kind === 'create' ? <AccountFormDialog onClose={() => setDialog(null)} /> : null}
        {dialog?.kind === 'edit' ? (
          <AccountFormDialog account={dialog.account} onClose={() => setDialog(null)} />
        ) : null}
        {dialog?.kind === 'data' ? (
          <DataAuthorityDialog account={dialog.account} onClose={() => setDialog(null)} />
        ) : null}
        {dialog?.kind === 'password' ? (
          <ChangePasswordDialog account={dialog.account} onClose={() => setDialog(null)} />
        ) : null}
      </Suspense>
    </div>
  );
}
