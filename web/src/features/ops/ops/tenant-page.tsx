import type { TOrderSummary } from '@seller-centre/contract/orders';
import type { TProposal } from '@seller-centre/contract/proposals';
import type { TOperatorAuditEntry, TTenantOverview } from '@seller-centre/contract/tenant-ops';
import type { TWithdrawalRow } from '@seller-centre/contract/distribution';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, Select, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, type DataColumn } from '../../../shared/components/data-table.tsx';
import { PageSpinner } from '../../../shared/components/page-spinner.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { useLanguage } from '../../../shared/i18n.ts';
import { tenantOverviewQuery } from './tenant-ops-api.ts';
import { findTenant } from '../../../shared/ops/tenants-api.ts';

type SearchBy = 'id' | 'account' | 'mobile';

function refOf(by: SearchBy, value: string) {
  if (by === 'id') return { tenant_id: Number(value) };
  if (by === 'account') return { user_name: value };
  return { area: '86', phone_number: value };
}

/**
 * One tenant, whole: find it by id, account or mobile, then see its plans, quota, every balance,
 * open work, provider links and the last operator audit entries about it. Every figure is what
 * the tenant's own pages show (the server reads each through the tenant's own service). The
 * tenant's id is in the URL (?id=), so the page can be linked and reloaded.
 */
export default function TenantPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('id');
  const tenantId = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
  const [searchError, setSearchError] = useState<string>();
  const [searching, setSearching] = useState(false);
  const [form] = Form.useForm<{ by: SearchBy; value: string }>();

  const overview = useQuery({ ...tenantOverviewQuery(tenantId ?? 0, language), enabled: tenantId !== undefined });

  const search = async ({ by, value }: { by: SearchBy; value: string }) => {
    setSearchError(undefined);
    setSearching(true);
    try {
      const tenant = await findTenant(refOf(by, value.trim()));
      setSearchParams({ id: String(tenant.tenant_id) });
    } catch {
      setSearchError(t('ops-tenant.notFound'));
    } finally {
      setSearching(false);
    }
  };

  return (
    <>
      <Typography.Paragraph type="secondary">{t('ops-tenant.intro')}</Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        initialValues={{ by: 'id', value: tenantId === undefined ? '' : String(tenantId) }}
        onFinish={search}
        style={{ marginBottom: 16, rowGap: 8 }}
        data-testid="ops-tenant-search"
      >
        <Form.Item name="by">
          <Select
            aria-label={t('ops-tenant.searchBy')}
            style={{ width: 140 }}
            options={(['id', 'account', 'mobile'] as const).map((by) => ({
              value: by,
              label: t(`ops-tenant.by.${by}`),
            }))}
            data-testid="ops-tenant-search-by"
          />
        </Form.Item>
        <Form.Item name="value" rules={[{ required: true, whitespace: true, message: t('ops-tenant.valueRequired') }]}>
          <Input
            aria-label={t('ops-tenant.searchValue')}
            placeholder={t('ops-tenant.searchValue')}
            style={{ width: 240 }}
            maxLength={64}
            data-testid="ops-tenant-search-value"
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={searching} data-testid="ops-tenant-search-submit">
            {t('ops-tenant.search')}
          </Button>
        </Form.Item>
      </Form>
      {searchError && <Alert type="warning" showIcon message={searchError} style={{ marginBottom: 16 }} />}
      {tenantId === undefined ? (
        <Empty description={t('ops-tenant.pick')} />
      ) : overview.isPending ? (
        <PageSpinner />
      ) : overview.isError ? (
        <Alert type="error" showIcon message={t('ops-tenant.loadFailed')} />
      ) : (
        <Overview data={overview.data} />
      )}
    </>
  );
}

type TOpsLink = TTenantOverview['links'][number];

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {title}
        </Typography.Title>
      }
      size="small"
      style={{ marginBottom: 16 }}
      data-testid={testId}
    >
      {children}
    </Card>
  );
}

function Overview({ data }: { data: TTenantOverview }) {
  const { t } = useTranslation();
  const none = <Typography.Text type="secondary">{t('ops-tenant.none')}</Typography.Text>;
  const yuan = (v: string) => `¥${v}`;
  // A quota type is named as the tenant's package page names it (the server's words, in the reader's language).
  const quotaNames = new Map(
    data.plans.flatMap((p) => p.package.package_added.map((a) => [a.type, a.code_name] as const)),
  );

  const orderColumns: DataColumn<TOrderSummary>[] = [
    { title: t('ops-tenant.columns.order'), dataIndex: 'order_code', width: 200 },
    { title: t('ops-tenant.columns.title'), dataIndex: 'title', ellipsis: true },
    {
      title: t('ops-tenant.columns.amount'),
      dataIndex: 'amount',
      align: 'right',
      width: 120,
      render: (v) => yuan(v as string),
    },
    {
      title: t('ops-tenant.columns.created'),
      dataIndex: 'created_at',
      width: 170,
      render: (v) => formatDateTime(v as string),
    },
  ];
  const withdrawalColumns: DataColumn<TWithdrawalRow>[] = [
    { title: t('ops-tenant.columns.transaction'), dataIndex: 'transaction_id', width: 220 },
    {
      title: t('ops-tenant.columns.amount'),
      dataIndex: 'transaction_money',
      align: 'right',
      width: 120,
      render: (v) => yuan(v as string),
    },
    {
      title: t('ops-tenant.columns.created'),
      dataIndex: 'sys_create_time',
      width: 170,
      render: (v) => formatDateTime(v as string),
    },
  ];
  const proposalColumns: DataColumn<TProposal>[] = [
    { title: t('ops-tenant.columns.id'), dataIndex: 'id', width: 80 },
    { title: t('ops-tenant.columns.kind'), dataIndex: 'kind', render: (v) => t(`ops-proposals.kinds.${v as string}`) },
    {
      title: t('ops-tenant.columns.amount'),
      dataIndex: 'amount',
      align: 'right',
      width: 120,
      render: (v) => yuan(v as string),
    },
    { title: t('ops-tenant.columns.proposedBy'), dataIndex: 'proposed_by', width: 160 },
  ];
  const linkColumns: DataColumn<TOpsLink>[] = [
    { title: 'wws_id', dataIndex: 'wws_id', width: 90 },
    { title: t('ops-tenant.columns.provider'), dataIndex: 'name' },
    { title: t('ops-tenant.columns.adapter'), dataIndex: 'adapter', width: 100 },
    {
      title: t('ops-tenant.columns.creditLine'),
      dataIndex: 'credit_line',
      align: 'right',
      width: 130,
      render: (v) => yuan(v as string),
    },
  ];
  const auditColumns: DataColumn<TOperatorAuditEntry>[] = [
    {
      title: t('ops-tenant.columns.time'),
      dataIndex: 'created_at',
      width: 170,
      render: (v) => formatDateTime(v as string),
    },
    { title: t('ops-tenant.columns.operator'), dataIndex: 'operator_name', width: 160 },
    { title: t('ops-tenant.columns.action'), dataIndex: 'action', width: 240 },
    { title: t('ops-tenant.columns.target'), key: 'target', render: (_, e) => `${e.target_type} #${e.target_id}` },
  ];

  return (
    <div data-testid="ops-tenant-overview">
      <Section title={t('ops-tenant.sections.tenant')} testId="ops-tenant-card">
        <Descriptions size="small" column={{ xs: 1, md: 2, lg: 4 }}>
          <Descriptions.Item label={t('ops-tenant.fields.id')}>{data.tenant.tenant_id}</Descriptions.Item>
          <Descriptions.Item label={t('ops-tenant.fields.account')}>{data.tenant.user_name ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('ops-tenant.fields.mobile')}>
            +{data.tenant.area} {data.tenant.phone_number}
          </Descriptions.Item>
          <Descriptions.Item label={t('ops-tenant.fields.company')}>
            {data.tenant.company_name || '-'}
          </Descriptions.Item>
        </Descriptions>
      </Section>

      <Section title={t('ops-tenant.sections.balances')} testId="ops-tenant-balances">
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('ops-tenant.fields.thirdParty')}>
            <span data-testid="ops-tenant-balance-third-party">{yuan(data.balances.third_party)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('ops-tenant.fields.distribution')}>
            <span data-testid="ops-tenant-balance-distribution">{yuan(data.balances.distribution)}</span>
          </Descriptions.Item>
        </Descriptions>
        {data.balances.warehouses.length === 0 ? null : (
          <DataTable
            size="middle"
            caption={t('ops-tenant.sections.warehouses')}
            rowKey="wws_id"
            rows={data.balances.warehouses}
            empty={none}
            columns={[
              {
                title: t('ops-tenant.columns.provider'),
                dataIndex: 'name',
                render: (v, w) => `${v as string} (wws_id ${w.wws_id})`,
              },
              {
                title: t('ops-tenant.columns.available'),
                key: 'value',
                align: 'right',
                width: 140,
                render: (_, w) => (w.balance ? yuan(w.balance.cb_value) : t('ops-tenant.unavailable')),
              },
              {
                title: t('ops-tenant.columns.creditLine'),
                key: 'credit',
                align: 'right',
                width: 140,
                render: (_, w) => (w.balance ? yuan(w.balance.cb_credit_line) : '-'),
              },
              {
                title: t('ops-tenant.columns.frozen'),
                key: 'frozen',
                align: 'right',
                width: 140,
                render: (_, w) => (w.balance ? yuan(w.balance.cb_frozen) : '-'),
              },
            ]}
            data-testid="ops-tenant-warehouse-balances"
          />
        )}
      </Section>

      <Section title={t('ops-tenant.sections.plans')} testId="ops-tenant-plans">
        <Space direction="vertical" style={{ width: '100%' }}>
          {data.plans.map((plan) => (
            <Descriptions
              key={plan.system}
              size="small"
              title={t(`ops-tenant.systems.${plan.system}`)}
              column={{ xs: 1, md: 3 }}
            >
              {plan.package.package_platform.length === 0 ? (
                <Descriptions.Item label={t('ops-tenant.fields.plan')}>{none}</Descriptions.Item>
              ) : (
                plan.package.package_platform.map((p) => (
                  <Descriptions.Item key={p.platform} label={p.platform}>
                    {t('ops-tenant.planLine', { shops: p.shop_number, days: p.days_remaining })}
                  </Descriptions.Item>
                ))
              )}
              {plan.package.package_added.map((a) => (
                <Descriptions.Item key={`added-${a.type}`} label={a.code_name}>
                  {a.num_used} / {a.total_num}
                </Descriptions.Item>
              ))}
            </Descriptions>
          ))}
          <Descriptions size="small" title={t('ops-tenant.sections.quota')} column={{ xs: 1, md: 4 }}>
            {data.quota.length === 0 ? (
              <Descriptions.Item label={t('ops-tenant.fields.quota')}>{none}</Descriptions.Item>
            ) : (
              data.quota.map((q) => (
                <Descriptions.Item
                  key={q.type}
                  label={quotaNames.get(q.type) ?? t('ops-tenant.quotaType', { type: q.type })}
                >
                  {q.left_num}
                </Descriptions.Item>
              ))
            )}
          </Descriptions>
        </Space>
      </Section>

      <Section title={t('ops-tenant.sections.orders', { count: data.open_orders.total })} testId="ops-tenant-orders">
        <DataTable
          size="middle"
          caption={t('ops-tenant.sections.orders', { count: data.open_orders.total })}
          rowKey="id"
          rows={data.open_orders.data}
          columns={orderColumns}
          empty={none}
        />
      </Section>
      <Section
        title={t('ops-tenant.sections.withdrawals', { count: data.pending_withdrawals.total })}
        testId="ops-tenant-withdrawals"
      >
        <DataTable
          size="middle"
          caption={t('ops-tenant.sections.withdrawals', { count: data.pending_withdrawals.total })}
          rowKey="transaction_id"
          rows={data.pending_withdrawals.data}
          columns={withdrawalColumns}
          empty={none}
        />
      </Section>
      <Section
        title={t('ops-tenant.sections.proposals', { count: data.pending_proposals.total })}
        testId="ops-tenant-proposals"
      >
        <DataTable
          size="middle"
          caption={t('ops-tenant.sections.proposals', { count: data.pending_proposals.total })}
          rowKey="id"
          rows={data.pending_proposals.data}
          columns={proposalColumns}
          empty={none}
        />
      </Section>
      <Section title={t('ops-tenant.sections.links')} testId="ops-tenant-links">
        <DataTable
          size="middle"
          caption={t('ops-tenant.sections.links')}
          rowKey="wws_id"
          rows={data.links}
          columns={linkColumns}
          empty={none}
        />
      </Section>
      <Section title={t('ops-tenant.sections.audit')} testId="ops-tenant-audit">
        <DataTable
          size="middle"
          caption={t('ops-tenant.sections.audit')}
          rowKey="id"
          rows={data.audit}
          columns={auditColumns}
          empty={none}
        />
      </Section>
    </div>
  );
}
