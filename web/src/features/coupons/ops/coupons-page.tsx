import { PlusOutlined } from '@ant-design/icons';
import type { TOpsCoupon } from '@seller-centre/contract/ops';
import { Button, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { useLanguage } from '../../../shared/i18n.ts';
import { ServerTable } from '../../../shared/list/server-table.tsx';
import type { DataColumn } from '../../../shared/components/data-table.tsx';
import { useServerList } from '../../../shared/list/use-server-list.ts';
import { CreateCouponDialog, IssueCopyDialog } from './coupon-dialogs.tsx';
import { useOpsCan } from '../../../shared/ops/ops-can.ts';
import { OPS_COUPON_LIST, opsCouponListQuery } from './api.ts';

const STATUS_COLOURS = ['success', 'default', 'warning'] as const;

/** Coupons of every tenant: create one for a tenant, give a copy to another, see what became of them. */
export default function CouponsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useServerList({ ...OPS_COUPON_LIST, query: (state) => opsCouponListQuery(state, language) });
  const [tenantDraft, setTenantDraft] = useState(list.filters.tenant_id);
  const [creating, setCreating] = useState(false);
  const [copying, setCopying] = useState<TOpsCoupon>();

  const discountOf = (c: TOpsCoupon) => {
    if (c.discount_type === 3) return t('ops.coupons.discount.rate', { value: c.discount_value });
    if (c.discount_type === 2) {
      return t('ops.coupons.discount.threshold', { amount: c.discount_value, min: c.min_basket_price });
    }
    return t('ops.coupons.discount.amount', { amount: c.discount_value });
  };

  const issues = useOpsCan()('coupons');
  const columns: DataColumn<TOpsCoupon>[] = [
    { title: t('ops.coupons.columns.id'), dataIndex: 'id', width: 70 },
    {
      title: t('ops.coupons.columns.tenant'),
      key: 'tenant',
      width: 150,
      render: (_, c) => (
        <span data-testid={`ops-coupon-tenant-${c.id}`}>
          {c.tenant_name} <span style={{ color: '#5f6b7a' }}>#{c.tenant_id}</span>
        </span>
      ),
    },
    {
      // The title over what it is for: one column, so the title keeps room in every language.
      title: t('ops.coupons.columns.title'),
      key: 'title',
      render: (_, c) => (
        <div style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: c.title }} style={{ display: 'block' }}>
            {c.title}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {c.use_type === 2 && c.use_type_value
              ? `${t(`coupons.useType.${c.use_type}`)} · ${t(`coupons.useTypeValue.${c.use_type_value}`)}`
              : t(`coupons.useType.${c.use_type}`)}
          </Typography.Text>
        </div>
      ),
    },
    { title: t('ops.coupons.columns.discount'), key: 'discount', width: 200, render: (_, c) => discountOf(c) },
    {
      title: t('ops.coupons.columns.expiry'),
      dataIndex: 'expiration_time',
      width: 160,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('ops.coupons.columns.status'),
      dataIndex: 'status',
      width: 100,
      render: (s: 0 | 1 | 2) => (
        <Tag color={STATUS_COLOURS[s]} bordered={false}>
          {t(`coupons.tabs.${s}`)}
        </Tag>
      ),
    },
    {
      title: t('ops.coupons.columns.actions'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, c) => (
        <Button type="link" size="small" onClick={() => setCopying(c)} data-testid={`ops-coupon-copy-${c.id}`}>
          {t('ops.coupons.issueCopy')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 16, marginBottom: 16, flexWrap: 'wrap' }}>
        <Space wrap>
          <Input.Search
            value={tenantDraft}
            onChange={(e) => setTenantDraft(e.target.value.replace(/\D/g, ''))}
            onSearch={(value) => list.setFilters({ tenant_id: value.trim() })}
            placeholder={t('ops.coupons.filters.tenant')}
            aria-label={t('ops.coupons.filters.tenant')}
            enterButton={t('ops.common.search')}
            allowClear
            style={{ width: 280 }}
            data-testid="ops-coupon-filter-tenant"
          />
          <Select
            value={list.filters.status}
            onChange={(status) => list.setFilters({ status })}
            allowClear
            placeholder={t('ops.coupons.filters.status')}
            aria-label={t('ops.coupons.filters.status')}
            style={{ width: 160 }}
            options={[0, 1, 2].map((s) => ({ value: s, label: t(`coupons.tabs.${s}`) }))}
          />
        </Space>
        {issues ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            data-testid="ops-coupon-create"
          >
            {t('ops.coupons.create')}
          </Button>
        ) : null}
      </div>
      <ServerTable<TOpsCoupon>
        list={list}
        rowKey="id"
        columns={issues ? columns : columns.filter((column) => column.key !== 'actions')}
        scroll={{ x: 1040 }}
        showTotal={(total) => t('ops.common.total', { count: total })}
        caption={t('ops.nav.coupons')}
        data-testid="ops-coupon-table"
      />
      <CreateCouponDialog open={creating} onClose={() => setCreating(false)} />
      <IssueCopyDialog coupon={copying} onClose={() => setCopying(undefined)} />
    </>
  );
}
