import { OPERATOR_ROLES, type TOperatorRole, type TOpsOperator } from '@seller-centre/contract/operators';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../shared/components/data-table.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { ServerTable } from '../../../shared/list/server-table.tsx';
import { useServerList } from '../../../shared/list/use-server-list.ts';
import { notify } from '../../../shared/notify.ts';
import { OPS_QUERY_KEY } from '../../../shared/ops/ops-api.ts';
import { useOpsCan } from '../../../shared/ops/ops-can.ts';
import { changeOperatorRole, OPS_OPERATOR_LIST, opsOperatorListQuery } from './operators-api.ts';

/**
 * The console's operators and their roles. Every operator reads it; an admin (the 'operators'
 * permission) changes a role in place. The server refuses to leave no enabled admin and says so.
 */
export default function OperatorsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const can = useOpsCan();
  const list = useServerList({ ...OPS_OPERATOR_LIST, query: opsOperatorListQuery });
  const change = useMutation({
    mutationFn: (input: { operatorId: number; role: TOperatorRole }) =>
      changeOperatorRole(input.operatorId, input.role),
    onSuccess: async (changed) => {
      notify.success(t('ops.operators.changed', { name: changed.account_name, role: t(`ops.roles.${changed.role}`) }));
      // The signed-in operator's own role may be the one changed: reload it with the list.
      await queryClient.invalidateQueries({ queryKey: OPS_QUERY_KEY });
    },
  });

  const roleLabel = (role: TOperatorRole) => t(`ops.roles.${role}`);
  const columns: DataColumn<TOpsOperator>[] = [
    { title: t('ops.operators.columns.account'), dataIndex: 'account_name', width: 200 },
    { title: t('ops.operators.columns.name'), dataIndex: 'display_name', render: (v: string) => v || '-' },
    {
      title: t('ops.operators.columns.role'),
      dataIndex: 'role',
      width: 200,
      render: (role: TOperatorRole, o) =>
        can('operators') ? (
          <Select<TOperatorRole>
            value={role}
            size="small"
            style={{ width: 160 }}
            aria-label={t('ops.operators.roleOf', { name: o.account_name })}
            disabled={change.isPending}
            onChange={(next) => change.mutate({ operatorId: o.operator_id, role: next })}
            options={OPERATOR_ROLES.map((value) => ({ value, label: roleLabel(value) }))}
            data-testid={`ops-operator-role-${o.operator_id}`}
          />
        ) : (
          roleLabel(role)
        ),
    },
    {
      title: t('ops.operators.columns.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: number) => (
        <Tag color={status === 1 ? 'success' : 'default'} bordered={false}>
          {t(status === 1 ? 'ops.operators.enabled' : 'ops.operators.disabled')}
        </Tag>
      ),
    },
    {
      title: t('ops.operators.columns.createdAt'),
      dataIndex: 'created_at',
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
  ];

  return (
    <ServerTable<TOpsOperator>
      list={list}
      rowKey="operator_id"
      columns={columns}
      scroll={{ x: 800 }}
      showTotal={(total) => t('ops.common.total', { count: total })}
      caption={t('ops.nav.operators')}
      data-testid="ops-operator-table"
    />
  );
}
