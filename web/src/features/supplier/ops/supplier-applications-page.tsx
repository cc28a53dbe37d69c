import type { TOpsSupplierApplication } from '@seller-centre/contract/supplier';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../shared/components/data-table.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { ServerTable } from '../../../shared/list/server-table.tsx';
import { useServerList } from '../../../shared/list/use-server-list.ts';
import { notify } from '../../../shared/notify.ts';
import { OPS_SUPPLIER_KEY, reviewSupplier, SUPPLIER_LIST, supplierApplicationsQuery } from './api.ts';
import { useOpsCan } from '../../../shared/ops/ops-can.ts';

const STATUS_COLOUR: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'error' };

/** The queue of supplier applications: approve (the tenant becomes a distributor) or reject with a reason. */
export default function SupplierApplicationsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<TOpsSupplierApplication | undefined>();
  const [form] = Form.useForm<{ reason: string }>();
  const list = useServerList({ ...SUPPLIER_LIST, query: supplierApplicationsQuery });
  const { status } = list.filters;
  // Every role reads the queue; the 'partners' permission reviews it.
  const reviews = useOpsCan()('partners');
  const review = useMutation({
    mutationFn: (input: { tenantId: number; decision: { approve: true } | { approve: false; reason: string } }) =>
      reviewSupplier(input.tenantId, input.decision),
    onSuccess: async () => {
      notify.success(t('supplier.submitted'));
      setRejecting(undefined);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: OPS_SUPPLIER_KEY });
    },
  });

  const columns: DataColumn<TOpsSupplierApplication>[] = [
    {
      title: t('supplier.ops.columns.tenant'),
      key: 'tenant',
      width: 160,
      render: (_, a) => `${a.tenant_name} #${a.tenant_id}`,
    },
    { title: t('supplier.fields.retailer_name'), dataIndex: 'retailer_name' },
    { title: t('supplier.fields.username'), dataIndex: 'username', width: 120 },
    { title: t('supplier.fields.bank_name'), dataIndex: 'bank_name', width: 140 },
    { title: t('supplier.fields.bank_number'), dataIndex: 'bank_number', width: 180 },
    {
      title: t('supplier.statusLabel'),
      dataIndex: 'status',
      width: 110,
      render: (s: number, a) => (
        <Tag color={STATUS_COLOUR[s]} bordered={false} title={a.reason || undefined}>
          {t(`supplier.ops.status.${s}`)}
        </Tag>
      ),
    },
    {
      title: t('supplier.ops.columns.submittedAt'),
      dataIndex: 'submitted_at',
      width: 160,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('supplier.ops.columns.actions'),
      key: 'actions',
      width: 160,
      render: (_, a) =>
        a.status === 1 && reviews ? (
          <Space>
            <Popconfirm
              title={t('supplier.ops.approveConfirm')}
              onConfirm={() => review.mutate({ tenantId: a.tenant_id, decision: { approve: true } })}
            >
              <Button type="link" size="small" data-testid={`supplier-approve-${a.tenant_id}`}>
                {t('supplier.ops.approve')}
              </Button>
            </Popconfirm>
            <Button
              type="link"
              size="small"
              danger
              onClick={() => setRejecting(a)}
              data-testid={`supplier-reject-${a.tenant_id}`}
            >
              {t('supplier.ops.reject')}
            </Button>
          </Space>
        ) : (
          a.reason || '-'
        ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Select
          // Cleared, every status (0): the placeholder names the filter.
          value={status === 0 ? undefined : status}
          allowClear
          onChange={(value?: number) => list.setFilters({ status: (value ?? 0) as typeof status })}
          placeholder={t('supplier.statusLabel')}
          aria-label={t('supplier.statusLabel')}
          style={{ width: 160 }}
          options={[1, 2, 3].map((value) => ({ value, label: t(`supplier.ops.status.${value}`) }))}
          data-testid="supplier-status-filter"
        />
      </Space>
      <ServerTable<TOpsSupplierApplication>
        list={list}
        rowKey="tenant_id"
        columns={columns}
        scroll={{ x: 1100 }}
        showTotal={(total) => t('ops.common.total', { count: total })}
        caption={t('supplier.ops.nav')}
        data-testid="ops-supplier-table"
      />
      <Modal
        open={Boolean(rejecting)}
        title={t('supplier.ops.rejectTitle')}
        onCancel={() => setRejecting(undefined)}
        onOk={() => form.submit()}
        confirmLoading={review.isPending}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={({ reason }) =>
            rejecting &&
            review.mutate({ tenantId: rejecting.tenant_id, decision: { approve: false, reason: reason.trim() } })
          }
        >
          <Form.Item
            name="reason"
            label={t('supplier.ops.reasonLabel')}
            rules={[{ required: true, whitespace: true, message: t('supplier.ops.reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={500} data-testid="supplier-reject-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
