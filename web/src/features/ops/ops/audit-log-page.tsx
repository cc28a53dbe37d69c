import type { TOperatorAuditEntry } from '@seller-centre/contract/tenant-ops';
import { Button, DatePicker, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataColumn } from '../../../shared/components/data-table.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { fromPickerValue, rangePickerPresets, toPickerValue } from '../../../shared/list/date-ranges.ts';
import { ServerTable } from '../../../shared/list/server-table.tsx';
import { useServerList } from '../../../shared/list/use-server-list.ts';
import { notify } from '../../../shared/notify.ts';
import { AUDIT_LIST, auditFilterOf, auditListQuery, downloadAuditCsv } from './tenant-ops-api.ts';

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/**
 * What operators did in the console, newest first: by operator, tenant, action (a prefix such as
 * `third_party.` or `proposal.`) and days; the same filter downloads as CSV.
 */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const list = useServerList({ ...AUDIT_LIST, query: auditListQuery });
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(auditFilterOf(list.filters));
    } catch {
      notify.error(t('ops-audit.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const columns: DataColumn<TOperatorAuditEntry>[] = [
    {
      title: t('ops-audit.columns.time'),
      dataIndex: 'created_at',
      width: 170,
      render: (v) => formatDateTime(v as string),
    },
    { title: t('ops-audit.columns.operator'), dataIndex: 'operator_name', width: 150 },
    { title: t('ops-audit.columns.action'), dataIndex: 'action', width: 230 },
    {
      title: t('ops-audit.columns.target'),
      key: 'target',
      width: 150,
      render: (_, e) => `${e.target_type} #${e.target_id}`,
    },
    {
      title: t('ops-audit.columns.tenant'),
      dataIndex: 'tenant_id',
      width: 100,
      render: (v) => (v === null ? '-' : <Link to={`/ops/tenants?id=${v as number}`}>#{v as number}</Link>),
    },
    {
      title: t('ops-audit.columns.change'),
      key: 'change',
      width: 320,
      render: (_, e) => (
        // Cut to the column (the whole change in the tooltip): a JSON line would push the IP out of view.
        <div style={{ maxWidth: 296 }}>
          <Typography.Text
            style={{ fontSize: 12, display: 'block' }}
            ellipsis={{ tooltip: `${json(e.before)} → ${json(e.after)}` }}
          >
            {e.before === null ? json(e.after) : `${json(e.before)} → ${json(e.after)}`}
          </Typography.Text>
        </div>
      ),
    },
    { title: 'IP', dataIndex: 'ip', width: 130 },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('ops-audit.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          defaultValue={list.filters.operator}
          onSearch={(operator) => list.setFilters({ operator })}
          placeholder={t('ops-audit.filters.operator')}
          aria-label={t('ops-audit.filters.operator')}
          allowClear
          style={{ width: 180 }}
          data-testid="ops-audit-filter-operator"
        />
        <Input.Search
          defaultValue={list.filters.tenant}
          onSearch={(tenant) => list.setFilters({ tenant })}
          placeholder={t('ops-audit.filters.tenant')}
          aria-label={t('ops-audit.filters.tenant')}
          allowClear
          style={{ width: 150 }}
          data-testid="ops-audit-filter-tenant"
        />
        <Input.Search
          defaultValue={list.filters.action}
          onSearch={(action) => list.setFilters({ action })}
          placeholder={t('ops-audit.filters.action')}
          aria-label={t('ops-audit.filters.action')}
          allowClear
          style={{ width: 200 }}
          data-testid="ops-audit-filter-action"
        />
        <DatePicker.RangePicker
          value={toPickerValue(list.filters.days)}
          onChange={(v) => list.setFilters({ days: fromPickerValue(v) })}
          presets={rangePickerPresets((key) => t(`list.ranges.${key}`))}
          placeholder={[t('ops-audit.filters.from'), t('ops-audit.filters.to')]}
          aria-label={t('ops-audit.filters.days')}
          data-testid="ops-audit-filter-days"
        />
        <Button onClick={list.resetFilters}>{t('ops-audit.reset')}</Button>
        <Button onClick={exportCsv} loading={exporting} data-testid="ops-audit-export">
          {t('ops-audit.export')}
        </Button>
      </Space>
      <ServerTable<TOperatorAuditEntry>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1250 }}
        showTotal={(total) => t('ops.common.total', { count: total })}
        caption={t('ops-audit.nav')}
        data-testid="ops-audit-table"
      />
    </>
  );
}
