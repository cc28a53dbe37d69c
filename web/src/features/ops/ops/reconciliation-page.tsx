import type { TReconciliationDifference, TReconciliationRun } from '@seller-centre/contract/ops';
import { useQuery } from '@tanstack/react-query';
import { Button, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalTable } from '../../../shared/list/server-table.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { reconciliationsQuery } from './reconciliation-api.ts';

/**
 * The last payment reconciliation runs (the daily job, the script, or a test), newest first; a
 * run with differences opens to list each: paid at the provider but not here, here but not at
 * the provider, amounts that differ.
 */
export default function ReconciliationPage() {
  const { t } = useTranslation();
  const runs = useQuery(reconciliationsQuery);
  const [open, setOpen] = useState<number[]>([]);
  const toggle = (id: number) => setOpen((ids) => (ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id]));
  const differences = (run: TReconciliationRun) => (
    <LocalTable<TReconciliationDifference>
      query={runs}
      rows={run.differences}
      size="middle"
      caption={t('ops.reconciliation.columns.differences')}
      rowKey={(d) => `${d.kind}:${d.line}:${d.reference}:${d.order_code}`}
      columns={[
        {
          title: t('ops.reconciliation.columns.kind'),
          dataIndex: 'kind',
          render: (v: string) => (
            <Tag color="error" bordered={false}>
              {t(`ops.reconciliation.kinds.${v}`)}
            </Tag>
          ),
        },
        {
          title: t('ops.reconciliation.columns.line'),
          dataIndex: 'line',
          render: (v: string) => t(`ops.reconciliation.lines.${v}`),
        },
        { title: t('ops.reconciliation.columns.orderCode'), dataIndex: 'order_code' },
        { title: t('ops.reconciliation.columns.reference'), dataIndex: 'reference' },
        {
          title: t('ops.reconciliation.columns.ours'),
          dataIndex: 'ours',
          align: 'right',
          render: (v: string | null) => (v ? `¥${v}` : '-'),
        },
        {
          title: t('ops.reconciliation.columns.theirs'),
          dataIndex: 'theirs',
          align: 'right',
          render: (v: string | null) => (v ? `¥${v}` : '-'),
        },
      ]}
    />
  );
  return (
    <div data-testid="ops-reconciliation">
      <Typography.Paragraph type="secondary">{t('ops.reconciliation.intro')}</Typography.Paragraph>
      <LocalTable<TReconciliationRun>
        query={runs}
        rows={runs.data?.data}
        rowKey="id"
        caption={t('ops.reconciliation.title')}
        scroll={{ x: 900 }}
        emptyText={t('ops.reconciliation.none')}
        expandable={{
          expandedRowKeys: open,
          expandedRowRender: differences,
          rowExpandable: (run) => run.difference_count > 0,
        }}
        columns={[
          { title: t('ops.reconciliation.columns.date'), dataIndex: 'business_date', width: 120 },
          { title: t('ops.reconciliation.columns.provider'), dataIndex: 'provider', width: 110 },
          {
            title: t('ops.reconciliation.columns.trigger'),
            dataIndex: 'trigger',
            width: 110,
            render: (v: string) => t(`ops.reconciliation.triggers.${v}`),
          },
          { title: t('ops.reconciliation.columns.payments'), dataIndex: 'payments', width: 100, align: 'right' },
          { title: t('ops.reconciliation.columns.refunds'), dataIndex: 'refunds', width: 100, align: 'right' },
          {
            title: t('ops.reconciliation.columns.differences'),
            dataIndex: 'difference_count',
            width: 120,
            render: (n: number, run) =>
              n > 0 ? (
                <Button
                  size="small"
                  danger
                  aria-expanded={open.includes(run.id)}
                  onClick={() => toggle(run.id)}
                  data-testid={`ops-reconciliation-open-${run.id}`}
                >
                  {n}
                </Button>
              ) : (
                <Tag color="success" bordered={false}>
                  {t('ops.reconciliation.clean')}
                </Tag>
              ),
          },
          {
            title: t('ops.reconciliation.columns.ranAt'),
            dataIndex: 'ran_at',
            width: 170,
            render: (v: string) => formatDateTime(v),
          },
        ]}
      />
    </div>
  );
}
