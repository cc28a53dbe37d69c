import { DownOutlined, PlusOutlined, UpOutlined } from '@ant-design/icons';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import { ROLE_NAME_MAX, type TRole } from '@seller-centre/contract/roles';
import { App, Button, Tag, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../shared/api-client.ts';
import { AuthButton } from '../../shared/components/auth-button.tsx';
import { ListToolbar } from '../../shared/components/list-toolbar.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { useLanguage } from '../../shared/i18n.ts';
import { ServerTable } from '../../shared/list/server-table.tsx';
import type { DataColumn } from '../../shared/components/data-table.tsx';
import { useSearchDraft } from '../../shared/list/use-search-draft.ts';
import { useServerList } from '../../shared/list/use-server-list.ts';
import { ROLE_LIST, roleListQuery, useDeleteRole, useSetRoleStatus } from './api.ts';
import { RoleUsers } from './components/role-users.tsx';
import styles from './role-management-page.module.css';
import { isBuiltinRole, needsStatusConfirmation, nextRoleStatus, roleCreatedAt } from './role-rules.ts';

// The dialogs load when opened: the list's first load carries only the list.
const RoleFormDialog = lazy(() =>
  import('./components/role-form-dialog.tsx').then((m) => ({ default: m.RoleFormDialog })),
);
const RolePermissionDialog = lazy(() =>
  import('./components/role-permission-dialog.tsx').then((m) => ({ default: m.RolePermissionDialog })),
);

const P = PERMISSIONS.role;

type Dialog = { kind: 'create' } | { kind: 'edit'; role: TRole } | { kind: 'permissions'; role: TRole } | null;

// Nine columns inside the panel at 1366 px (about 1006 px wide): fixed widths for the short
// ones, the name and description share the rest; the four row actions wrap onto two lines in
// the longer languages rather than push the last columns out of sight.
const ACTIONS_WIDTH = 172;
const TABLE_MIN_WIDTH = 1000;

/** Role management (docs/product.md-7, docs/product.md). */
export function RoleManagementPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { message, modal } = App.useApp();
  const list = useServerList({ ...ROLE_LIST, query: (state) => roleListQuery(state, language) });
  const { filters } = list;
  const [draftName, setDraftName] = useSearchDraft(filters.name);
  const [expanded, setExpanded] = useState<readonly number[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const setStatus = useSetRoleStatus();
  const remove = useDeleteRole();

  const search = () => list.setFilters({ name: draftName.trim() });
  const reset = () => {
    setDraftName('');
    list.setFilters({ name: '' });
  };

  const warn = (error: unknown) => message.warning((error as ApiError).msg ?? String(error));

  const changeStatus = (role: TRole) => {
    const status = nextRoleStatus(role);
    const run = () =>
      setStatus
        .mutateAsync({ id: role.id, status })
        .then(() => void message.success(t(status === 1 ? 'roles.messages.enabled' : 'roles.messages.disabled')))
        .catch(warn);
    if (!needsStatusConfirmation(role)) {
      void run();
      return;
    }
    modal.confirm({
      title: t('roles.confirm.disableTitle', { name: role.name }),
      content: t('roles.confirm.disableContent'),
      okText: t('roles.actions.disable'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' },
      cancelText: t('roles.actions.cancel'),
      onOk: run,
    });
  };

  const confirmDelete = (role: TRole) =>
    modal.confirm({
      title: t('roles.confirm.deleteTitle', { name: role.name }),
      content: t('roles.confirm.deleteContent'),
      okText: t('roles.actions.delete'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' },
      cancelText: t('roles.actions.cancel'),
      onOk: () =>
        remove
          .mutateAsync(role.id)
          .then(() => void message.success(t('roles.messages.deleted')))
          .catch(warn),
    });

  const toggleExpanded = (id: number) =>
    setExpanded((keys) => (keys.includes(id) ? keys.filter((k) => k !== id) : [...keys, id]));

  const columns: DataColumn<TRole>[] = [
    { title: t('roles.fields.id'), dataIndex: 'id', width: 52 },
    {
      title: t('roles.fields.name'),
      dataIndex: 'name',
      render: (name: string, role) => (
        <span className={styles.nameCell}>
          <Typography.Text strong>{name}</Typography.Text>
          {isBuiltinRole(role) ? (
            <Tooltip title={t('roles.builtinHint')}>
              <Tag bordered={false} color="gold">
                {t('roles.builtin')}
              </Tag>
            </Tooltip>
          ) : null}
        </span>
      ),
    },
    {
      title: t('roles.fields.describe'),
      dataIndex: 'describe',
      ellipsis: { showTitle: true },
      render: (value: string) => value || <Typography.Text type="secondary">-</Typography.Text>,
    },
    {
      title: t('roles.fields.peopleNum'),
      dataIndex: 'people_num',
      width: 80,
      render: (count: number, role) =>
        count > 0 ? (
          <Button
            type="link"
            size="small"
            className={styles.people}
            onClick={() => toggleExpanded(role.id)}
            data-testid={`role-people-${role.id}`}
            aria-expanded={expanded.includes(role.id)}
          >
            {t('roles.people', { n: count })}
            {expanded.includes(role.id) ? <UpOutlined /> : <DownOutlined />}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('roles.people', { n: 0 })}</Typography.Text>
        ),
    },
    {
      title: t('roles.fields.status'),
      dataIndex: 'status',
      width: 88,
      render: (status: number) =>
        status === 1 ? (
          <Tag color="success">{t('roles.status.enabled')}</Tag>
        ) : (
          <Tag color="default">{t('roles.status.disabled')}</Tag>
        ),
    },
    {
      title: t('roles.fields.createdAt'),
      key: 'created_at',
      width: 100,
      render: (_, role) => <DateTimeCell value={roleCreatedAt(role)} />,
    },
    { title: t('roles.fields.createdUser'), dataIndex: 'created_user', width: 84, ellipsis: { showTitle: true } },
    {
      title: t('roles.fields.updateAt'),
      dataIndex: 'update_at',
      width: 100,
      render: (value: string) => <DateTimeCell value={value} />,
    },
    {
      title: t('roles.fields.actions'),
      key: 'actions',
      width: ACTIONS_WIDTH,
      fixed: 'right',
      render: (_, role) => {
        const locked = isBuiltinRole(role);
        return (
          <div className={styles.actions} data-testid={`role-actions-${role.id}`}>
            <AuthButton
              permission={P.edit}
              type="link"
              size="small"
              disabled={locked}
              onClick={() => setDialog({ kind: 'edit', role })}
              data-testid={`role-edit-${role.id}`}
            >
              {t('roles.actions.edit')}
            </AuthButton>
            <AuthButton
              permission={P.setPermissions}
              type="link"
              size="small"
              disabled={locked}
              onClick={() => setDialog({ kind: 'permissions', role })}
              data-testid={`role-permissions-${role.id}`}
            >
              {t('roles.actions.setPermissions')}
            </AuthButton>
            <AuthButton
              permission={P.toggleStatus}
              type="link"
              size="small"
              disabled={locked}
              onClick={() => changeStatus(role)}
              data-testid={`role-status-${role.id}`}
            >
              {t(role.status === 1 ? 'roles.actions.disable' : 'roles.actions.enable')}
            </AuthButton>
            <AuthButton
              permission={P.delete}
              type="link"
              size="small"
              danger
              disabled={locked}
              onClick={() => confirmDelete(role)}
              data-testid={`role-delete-${role.id}`}
            >
              {t('roles.actions.delete')}
            </AuthButton>
          </div>
        );
      },
    },
  ];

  return (
    <div className={styles.page} data-testid="role-management">
      <ListToolbar
        testId="role"
        draft={draftName}
        onDraftChange={setDraftName}
        onSearch={search}
        onReset={reset}
        maxLength={ROLE_NAME_MAX}
        showDisabled={filters.status === 0}
        onShowDisabledChange={(on) => list.setFilters({ status: on ? 0 : 1 })}
        labels={{
          placeholder: t('roles.searchPlaceholder'),
          search: t('roles.search'),
          reset: t('roles.reset'),
          showDisabled: t('roles.showDisabled'),
        }}
        action={
          <AuthButton
            permission={P.create}
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ kind: 'create' })}
            data-testid="role-create"
          >
            {t('roles.create')}
          </AuthButton>
        }
      />

      <ServerTable<TRole>
        list={list}
        rowKey="id"
        columns={columns}
        tableLayout="fixed"
        scroll={{ x: TABLE_MIN_WIDTH }}
        caption={t('layout.modules.roleManagement')}
        data-testid="role-table"
        expandable={{
          expandedRowKeys: expanded,
          expandedRowRender: (role) => <RoleUsers roleId={role.id} />,
          rowExpandable: (role) => role.people_num > 0,
        }}
        showTotal={(n) => t('roles.total', { total: n })}
      />

      <Suspense fallback={null}>
        {dialog?.kind === 'create' ? (
          <RoleFormDialog
            onClose={() => setDialog(null)}
            onCreated={(role) => setDialog({ kind: 'permissions', role })}
          />
        ) : null}
        {dialog?.kind === 'edit' ? <RoleFormDialog role={dialog.role} onClose={() => setDialog(null)} /> : null}
        {dialog?.kind === 'permissions' ? (
          <RolePermissionDialog role={dialog.role} onClose={() => setDialog(null)} />
        ) : null}
      </Suspense>
    </div>
  );
}

/** Date over time: two short lines keep the ten-column table inside the panel. */
function DateTimeCell({ value }: { value: string }) {
  const [date, time] = formatDateTime(value).split(' ');
  return (
    <span className={styles.dateTime}>
      <span>{date}</span>
      {time ? <span className={styles.time}>{time}</span> : null}
    </span>
  );
}
