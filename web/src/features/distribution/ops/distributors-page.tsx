import { DEFAULT_COMMISSION_RATE_BP, type TOpsDistributor } from '@seller-centre/contract/distribution';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { notify } from '../../../shared/notify.ts';
import { TenantField } from '../../../shared/ops/tenant-field.tsx';
import type { DataColumn } from '../../../shared/components/data-table.tsx';
import { ServerTable } from '../../../shared/list/server-table.tsx';
import { useServerList } from '../../../shared/list/use-server-list.ts';
import { DISTRIBUTOR_LIST, distributorsQuery, OPS_DISTRIBUTION_KEY, updateDistributor } from './api.ts';
import { useOpsCan } from '../../../shared/ops/ops-can.ts';
import { findTenant, tenantRefOf, type TenantFields } from '../../../shared/ops/tenants-api.ts';

const RATE = /^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/;

/** Distributors with their commission rate and balance; make a tenant one, or set its rate. */
export default function DistributorsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rates, setRates] = useState<Record<number, string>>({});
  const [form] = Form.useForm<TenantFields & { commission_rate: string }>();
  const list = useServerList({ ...DISTRIBUTOR_LIST, query: distributorsQuery });
  // Every role reads distributors; the 'partners' permission makes, revokes and sets rates.
  const manages = useOpsCan()('partners');
  const update = useMutation({
    mutationFn: (input: { tenantId: number; body: { is_distributor?: boolean; commission_rate?: string } }) =>
      updateDistributor(input.tenantId, input.body),
    onSuccess: async () => {
      notify.success(t('distribution.success'));
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: OPS_DISTRIBUTION_KEY });
    },
  });
  // The form names the tenant by id or phone; the look-up is silent, so its refusal is shown here.
  const makeDistributor = async (fields: TenantFields & { commission_rate: string }) => {
    try {
      const tenant = await findTenant(tenantRefOf(fields));
      update.mutate({
        tenantId: tenant.tenant_id,
        body: { is_distributor: true, commission_rate: fields.commission_rate },
      });
    } catch (error) {
      if (error instanceof ApiError) notify.error(error.msg);
    }
  };
  const columns: DataColumn<TOpsDistributor>[] = [
    { title: t('distribution.ops.tenant'), key: 'tenant', render: (_, d) => `${d.tenant_name} #${d.tenant_id}` },
    { title: t('distribution.balance'), dataIndex: 'current_balance', width: 140, render: (v: string) => `¥${v}` },
    {
      title: t('distribution.ops.rate'),
      key: 'rate',
      width: 260,
      render: (_, d) => {
        const value = rates[d.tenant_id] ?? d.commission_rate;
        if (!manages) return `${d.commission_rate}%`;
        return (
          <Space.Compact>
            <Input
              value={value}
              style={{ width: 100 }}
              aria-label={t('distribution.ops.rate')}
              status={RATE.test(value) ? undefined : 'error'}
              onChange={(e) => setRates((r) => ({ ...r, [d.tenant_id]: e.target.value.trim() }))}
              data-testid={`distributor-rate-${d.tenant_id}`}
            />
            <Button
              disabled={!RATE.test(value) || value === d.commission_rate}
              onClick={() => update.mutate({ tenantId: d.tenant_id, body: { commission_rate: value } })}
            >
              {t('distribution.ops.save')}
            </Button>
          </Space.Compact>
        );
      },
    },
    {
      title: t('distribution.columns.actions'),
      key: 'actions',
      width: 160,
      render: (_, d) => (
        <Popconfirm
          title={t('distribution.ops.revoke')}
          onConfirm={() => update.mutate({ tenantId: d.tenant_id, body: { is_distributor: false } })}
        >
          <Button type="link" size="small" danger>
            {t('distribution.ops.revoke')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <>
      {manages ? (
        <Form
          form={form}
          layout="vertical"
          style={{ marginBottom: 16, maxWidth: 560 }}
          initialValues={{ commission_rate: (DEFAULT_COMMISSION_RATE_BP / 100).toFixed(2) }}
          onFinish={(fields) => void makeDistributor(fields)}
        >
          <TenantField byLabel={t('distribution.ops.tenantBy')} />
          <Form.Item
            name="commission_rate"
            label={t('distribution.ops.rate')}
            rules={[{ required: true, pattern: RATE, message: t('distribution.ops.rateInvalid') }]}
          >
            <Input style={{ width: 100 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="distributor-make">
              {t('distribution.ops.makeDistributor')}
            </Button>
          </Form.Item>
        </Form>
      ) : null}
      <ServerTable<TOpsDistributor>
        list={list}
        rowKey="tenant_id"
        columns={manages ? columns : columns.filter((column) => column.key !== 'actions')}
        showTotal={(total) => t('ops.common.total', { count: total })}
        caption={t('distribution.ops.distributorsNav')}
        data-testid="ops-distributor-table"
      />
    </>
  );
}
