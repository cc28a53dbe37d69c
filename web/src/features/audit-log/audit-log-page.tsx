import { DownOutlined, ReloadOutlined, UpOutlined } from '@ant-design/icons';
import { AUDIT_ACTIONS, type TAuditAction, type TAuditEntry } from '@seller-centre/contract/audit';
import { Button, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format.ts';
import { useLanguage } from '../../shared/i18n.ts';
import { ServerTable } from '../../shared/list/server-table.tsx';
import type { DataColumn } from '../../shared/components/data-table.tsx';
import { useServerList } from '../../shared/list/use-server-list.ts';
import { AUDIT_LIST, AUDIT_TARGET_TYPES, auditLogQuery, type AuditTargetType } from './api.ts';
import { targetNameOf } from './audit-diff.ts';
import styles from './audit-log-page.module.css';
import { AuditDiffView } from './components/audit-diff-view.tsx';

/** Colour of an action's tag: creations green, deletions red, the rest by what they touch. */
function actionColor(action: string): string {
  if (action.endsWith('.create')) return 'success';
  if (action.endsWith('.delete')) return 'error';
  if (action.endsWith('.status')) return 'warning';
  if (action.endsWith('.permissions') || action.endsWith('.data_authority')) return 'purple';
  return 'processing';
}

function actionsOf(targetType: AuditTargetType | undefined): TAuditAction[] {
  return AUDIT_ACTIONS.filter((a) => !targetType || a.startsWith(`${targetType}.`));
}

/**
 * The audit log: who changed which role, permission, employee or data authority,
 * when and from where, newest first, each with its before → after. Main accounts only.
 */
export function AuditLogPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useServerList({ ...AUDIT_LIST, query: (state) => auditLogQuery(state, language) });
  const { filters, query } = list;
  const [expanded, setExpanded] = useState<readonly number[]>([]);

  const toggleExpanded = (id: number) =>
    setExpanded((keys) => (keys.includes(id) ? keys.filter((k) => k !== id) : [...keys, id]));

  const setTargetType = (targetType: AuditTargetType | undefined) =>
    list.setFilters({
      target_type: targetType,
      // An action of the other kind would match nothing.
      action: filters.action && actionsOf(targetType).includes(filters.action) ? filters.action : undefined,
    });

  const columns: DataColumn<TAuditEntry>[] = [
    {
      title: t('audit-log.columns.time'),
      dataIndex: 'created_at',
      width: 150,
      render: (value: string) => <span className={styles.nowrap}>{formatDateTime(value)}</span>,
    },
    {
      title: t('audit-log.columns.actor'),
      dataIndex: 'actor_name',
      width: 130,
      ellipsis: { showTitle: true },
      render: (name: string, entry) => <span data-testid={`audit-actor-${entry.id}`}>{name}</span>,
    },
    {
      title: t('audit-log.columns.action'),
      dataIndex: 'action',
      width: 170,
      render: (action: string, entry) => (
        <Tag color={actionColor(action)} bordered={false} data-testid={`audit-action-${entry.id}`}>
          {t(`audit-log.actions.${action}`, { defaultValue: action })}
        </Tag>
      ),
    },
    {
      title: t('audit-log.columns.target'),
      key: 'target',
      render: (_, entry) => {
        const name = entry.target_name || targetNameOf(entry);
        return (
          <span className={styles.target} data-testid={`audit-target-${entry.id}`}>
            <Typography.Text type="secondary">
              {t(`audit-log.targetTypes.${entry.target_type}`, { defaultValue: entry.target_type })}
            </Typography.Text>
            <Typography.Text strong>{name || t('audit-log.values.deleted')}</Typography.Text>
          </span>
        );
      },
    },
    { title: t('audit-log.columns.ip'), dataIndex: 'ip', width: 140, ellipsis: { showTitle: true } },
    {
      title: t('audit-log.columns.details'),
      key: 'details',
      width: 120,
      render: (_, entry) => (
        <Button
          type="link"
          size="small"
          className={styles.details}
          onClick={() => toggleExpanded(entry.id)}
          aria-expanded={expanded.includes(entry.id)}
          data-testid={`audit-details-${entry.id}`}
        >
          {t(expanded.includes(entry.id) ? 'audit-log.details.hide' : 'audit-log.details.show')}
          {expanded.includes(entry.id) ? <UpOutlined /> : <DownOutlined />}
        </Button>
      ),
    },
  ];

  return (
    <div className={styles.page} data-testid="audit-log">
      <div className={styles.toolbar}>
        <div className={styles.filters}>
          <Select<AuditTargetType>
            className={styles.filter}
            allowClear
            placeholder={t('audit-log.filters.allTargetTypes')}
            aria-label={t('audit-log.filters.targetType')}
            value={filters.target_type}
            onChange={(value) => setTargetType(value)}
            options={AUDIT_TARGET_TYPES.map((value) => ({ value, label: t(`audit-log.targetTypes.${value}`) }))}
            data-testid="audit-filter-target-type"
          />
          <Select<TAuditAction>
            className={styles.actionFilter}
            allowClear
            placeholder={t('audit-log.filters.allActions')}
            aria-label={t('audit-log.filters.action')}
            value={filters.action}
            onChange={(action) => list.setFilters({ action })}
            options={actionsOf(filters.target_type).map((value) => ({
              value,
              label: t(`audit-log.actions.${value}`),
            }))}
            popupMatchSelectWidth={false}
            data-testid="audit-filter-action"
          />
          <Button onClick={list.resetFilters} data-testid="audit-reset">
            {t('audit-log.filters.reset')}
          </Button>
        </div>
        <Button
          icon={<ReloadOutlined />}
          loading={query.isFetching && !query.isPending}
          onClick={() => void query.refetch()}
          data-testid="audit-refresh"
        >
          {t('audit-log.refresh')}
        </Button>
      </div>

      <Typography.Text type="secondary" className={styles.hint}>
        {t('audit-log.hint')}
      </Typography.Text>

      <ServerTable<TAuditEntry>
        list={list}
        rowKey="id"
        columns={columns}
        tableLayout="fixed"
        scroll={{ x: 900 }}
        caption={t('layout.modules.auditLog')}
        data-testid="audit-table"
        emptyText={t('audit-log.empty')}
        expandable={{
          expandedRowKeys: expanded,
          expandedRowRender: (entry) => <AuditDiffView entry={entry} />,
        }}
        showTotal={(n) => t('audit-log.total', { total: n })}
      />
    </div>
  );
}
