import type { TOrderSummary } from '@seller-centre/contract/orders';
import { OPS_ORDER_STATES } from '@seller-centre/contract/ops';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Input, Select, Space, Table, Tag, Timeline } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { useLanguage } from '../../../shared/i18n.ts';
import { ServerTable } from '../../../shared/list/server-table.tsx';
import type { DataColumn } from '../../../shared/components/data-table.tsx';
import { useServerList } from '../../../shared/list/use-server-list.ts';
import { OPS_ORDER_LIST, opsOrderListQuery, opsOrderQuery } from '../orders-api.ts';

const STATE_COLOURS: Record<string, string> = {
  unpaid: 'processing',
  paid: 'success',
  expired: 'default',
  cancelled: 'warning',
};

/** Every tenant's orders; `?order=<code>` opens one with its notifications and state changes. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useServerList({ ...OPS_ORDER_LIST, query: (state) => opsOrderListQuery(state, language) });
  const [codeDraft, setCodeDraft] = useState(list.filters.order_code);
  const [tenantDraft, setTenantDraft] = useState(list.filters.tenant_id);
  const [searchParams, setSearchParams] = useSearchParams();
  const open = searchParams.get('order') ?? undefined;
  const setOpen = (code: string | undefined) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (code) next.set('order', code);
      else next.delete('order');
      return next;
    });

  const stateTag = (state: string) => (
    <Tag color={STATE_COLOURS[state]} bordered={false}>
      {t(`ops.orders.states.${state}`)}
    </Tag>
  );

  const columns: DataColumn<TOrderSummary>[] = [
    {
      title: t('ops.orders.columns.orderCode'),
      dataIndex: 'order_code',
      width: 220,
      render: (code: string) => (
        <Button type="link" size="small" onClick={() => setOpen(code)} data-testid={`ops-order-${code}`}>
          {code}
        </Button>
      ),
    },
    {
      title: t('ops.coupons.columns.tenant'),
      key: 'tenant',
      width: 150,
      render: (_, o) => `${o.user_name} #${o.main_id}`,
    },
    { title: t('ops.coupons.columns.title'), dataIndex: 'title', ellipsis: { showTitle: true } },
    { title: t('ops.orders.columns.amount'), dataIndex: 'amount', width: 120, render: (v: string) => `¥${v}` },
    { title: t('ops.coupons.columns.status'), dataIndex: 'state', width: 110, render: stateTag },
    {
      title: t('ops.orders.columns.createdAt'),
      dataIndex: 'created_at',
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          value={codeDraft}
          onChange={(e) => setCodeDraft(e.target.value)}
          onSearch={(value) => list.setFilters({ order_code: value.trim() })}
          placeholder={t('ops.orders.columns.orderCode')}
          aria-label={t('ops.orders.columns.orderCode')}
          enterButton={t('ops.common.search')}
          allowClear
          style={{ width: 280 }}
        />
        <Input.Search
          value={tenantDraft}
          onChange={(e) => setTenantDraft(e.target.value.replace(/\D/g, ''))}
          onSearch={(value) => list.setFilters({ tenant_id: value.trim() })}
          placeholder={t('ops.coupons.filters.tenant')}
          aria-label={t('ops.coupons.filters.tenant')}
          enterButton={t('ops.common.search')}
          allowClear
          style={{ width: 240 }}
        />
        <Select
          value={list.filters.state}
          onChange={(state) => list.setFilters({ state })}
          allowClear
          placeholder={t('ops.coupons.filters.status')}
          aria-label={t('ops.coupons.filters.status')}
          style={{ width: 160 }}
          options={OPS_ORDER_STATES.map((s) => ({ value: s, label: t(`ops.orders.states.${s}`) }))}
        />
      </Space>
      <ServerTable<TOrderSummary>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 900 }}
        showTotal={(total) => t('ops.common.total', { count: total })}
        caption={t('ops.nav.orders')}
        data-testid="ops-order-table"
      />
      <Drawer
        open={Boolean(open)}
        onClose={() => setOpen(undefined)}
        width={720}
        title={t('ops.orders.detailTitle', { code: open ?? '' })}
        destroyOnHidden
      >
        {open ? <OrderDetail code={open} stateTag={stateTag} /> : null}
      </Drawer>
    </>
  );
}

function OrderDetail({ code, stateTag }: { code: string; stateTag: (state: string) => ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const order = useQuery(opsOrderQuery(code, language));
  const o = order.data;
  if (!o) return null;
  return (
    <div data-testid="ops-order-detail">
      <Descriptions
        column={2}
        size="small"
        bordered
        items={[
          { key: 'tenant', label: t('ops.coupons.columns.tenant'), children: `${o.user_name} #${o.main_id}` },
          { key: 'state', label: t('ops.coupons.columns.status'), children: stateTag(o.state) },
          { key: 'title', label: t('ops.coupons.columns.title'), children: o.title, span: 2 },
          { key: 'original', label: t('ops.orders.columns.original'), children: `¥${o.original_price}` },
          { key: 'discount', label: t('ops.orders.columns.discount'), children: `¥${o.discount}` },
          { key: 'amount', label: t('ops.orders.columns.amount'), children: `¥${o.amount}` },
          { key: 'provider', label: t('ops.orders.columns.provider'), children: o.provider },
          { key: 'created', label: t('ops.orders.columns.createdAt'), children: formatDateTime(o.created_at) },
          { key: 'paid', label: t('ops.orders.columns.paidAt'), children: formatDateTime(o.paid_at) },
        ]}
      />
      <h2 style={{ fontSize: 16, margin: '24px 0 12px' }}>{t('ops.orders.history')}</h2>
      <Timeline
        data-testid="ops-order-history"
        items={o.history.map((h) => ({
          children: (
            <span>
              {formatDateTime(h.at)} · {h.from_state ? `${t(`ops.orders.states.${h.from_state}`)} → ` : ''}
              {t(`ops.orders.states.${h.to_state}`)} {h.reason ? `(${h.reason})` : ''}
            </span>
          ),
        }))}
      />
      <h2 style={{ fontSize: 16, margin: '8px 0 12px' }}>{t('ops.orders.notifications')}</h2>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        data-testid="ops-order-notifications"
        dataSource={o.notifications}
        locale={{ emptyText: <span style={{ color: '#5f6b7a' }}>{t('ops.orders.noNotifications')}</span> }}
        columns={[
          {
            title: t('ops.orders.columns.receivedAt'),
            dataIndex: 'received_at',
            render: (v: string) => formatDateTime(v),
          },
          { title: t('ops.orders.columns.tradeNo'), dataIndex: 'trade_no', render: (v: string | null) => v ?? '-' },
          {
            title: t('ops.orders.columns.verified'),
            dataIndex: 'verified',
            render: (v: boolean) => (
              <Tag color={v ? 'success' : 'error'} bordered={false}>
                {v ? t('ops.orders.verified') : t('ops.orders.notVerified')}
              </Tag>
            ),
          },
          { title: t('ops.orders.columns.outcome'), dataIndex: 'outcome' },
          { title: t('ops.orders.columns.reason'), dataIndex: 'reason', render: (v: string) => v || '-' },
        ]}
      />
    </div>
  );
}
