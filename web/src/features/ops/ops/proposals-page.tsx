import { PROPOSAL_STATUSES, type TProposal, type TProposalStatus } from '@seller-centre/contract/proposals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../shared/components/data-table.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { useLanguage } from '../../../shared/i18n.ts';
import { ServerTable } from '../../../shared/list/server-table.tsx';
import { useServerList } from '../../../shared/list/use-server-list.ts';
import { notify } from '../../../shared/notify.ts';
import { useOpsCan } from '../../../shared/ops/ops-can.ts';
import { readOpsSession } from '../../../shared/ops/ops-session.ts';
import { approveProposal, PROPOSAL_LIST, proposalKeys, proposalListQuery, rejectProposal } from './proposals-api.ts';

const STATUS_COLOUR: Record<TProposalStatus, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  expired: 'default',
};

/**
 * Four eyes: the money moves other operators proposed, waiting for a second operator. Approving
 * makes the move as yours; rejecting (with a reason) moves nothing. Your own proposals wait for
 * someone else.
 */
export default function ProposalsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const list = useServerList({ ...PROPOSAL_LIST, query: (state) => proposalListQuery(state, language) });
  const me = readOpsSession()?.accountName;
  // Every role reads the queue; deciding a proposal moves money.
  const decides = useOpsCan()('money');
  const [rejecting, setRejecting] = useState<TProposal>();
  const [form] = Form.useForm<{ reason: string }>();

  const done = async (key: string) => {
    notify.success(t(key));
    await queryClient.invalidateQueries({ queryKey: proposalKeys.all });
  };
  const approve = useMutation({
    mutationFn: (p: TProposal) => approveProposal(p.id),
    onSuccess: () => done('ops-proposals.approved'),
  });
  const reject = useMutation({
    mutationFn: ({ p, reason }: { p: TProposal; reason: string }) => rejectProposal(p.id, reason),
    onSuccess: async () => {
      setRejecting(undefined);
      form.resetFields();
      await done('ops-proposals.rejected');
    },
  });

  const columns: DataColumn<TProposal>[] = [
    { title: t('ops-proposals.columns.id'), dataIndex: 'id', width: 70 },
    {
      title: t('ops-proposals.columns.kind'),
      key: 'kind',
      width: 260,
      render: (_, p) => (
        <div style={{ maxWidth: 236 }}>
          <div>{t(`ops-proposals.kinds.${p.kind}`)}</div>
          <Typography.Text
            type="secondary"
            style={{ fontSize: 12, display: 'block' }}
            ellipsis={{ tooltip: JSON.stringify(p.payload) }}
          >
            {JSON.stringify(p.payload)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('ops-proposals.columns.tenant'),
      dataIndex: 'tenant_id',
      width: 100,
      render: (v: number | null) => (v === null ? '-' : `#${v}`),
    },
    {
      title: t('ops-proposals.columns.amount'),
      dataIndex: 'amount',
      width: 130,
      align: 'right',
      render: (v: string) => `¥${v}`,
    },
    {
      title: t('ops-proposals.columns.proposed'),
      key: 'proposed',
      width: 170,
      render: (_, p) => (
        <>
          <div>{p.proposed_by}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(p.proposed_at)}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('ops-proposals.columns.status'),
      key: 'status',
      width: 210,
      render: (_, p) => (
        <>
          <Tag color={STATUS_COLOUR[p.status]} bordered={false}>
            {t(`ops-proposals.status.${p.status}`)}
          </Tag>
          {p.decided_by && (
            <div style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
              <div>{p.decided_by}</div>
              <div>{formatDateTime(p.decided_at)}</div>
            </div>
          )}
          {p.reason && <div style={{ fontSize: 12 }}>{p.reason}</div>}
        </>
      ),
    },
    {
      title: t('ops-proposals.columns.actions'),
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_, p) =>
        p.status !== 'pending' || !decides ? null : p.proposed_by === me ? (
          <Typography.Text type="secondary">{t('ops-proposals.waitingForOther')}</Typography.Text>
        ) : (
          <Space size={0}>
            <Popconfirm
              title={t('ops-proposals.approveConfirm', { amount: p.amount })}
              onConfirm={() => approve.mutate(p)}
              okText={t('ops-proposals.approve')}
              cancelText={t('ops.common.cancel')}
            >
              <Button type="link" size="small" data-testid={`ops-proposal-approve-${p.id}`}>
                {t('ops-proposals.approve')}
              </Button>
            </Popconfirm>
            <Button type="link" size="small" danger onClick={() => setRejecting(p)} data-testid={`ops-proposal-reject-${p.id}`}>
              {t('ops-proposals.reject')}
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('ops-proposals.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          value={list.filters.status}
          onChange={(status) => list.setFilters({ status })}
          aria-label={t('ops-proposals.columns.status')}
          style={{ width: 160 }}
          options={PROPOSAL_STATUSES.map((s) => ({ value: s, label: t(`ops-proposals.status.${s}`) }))}
          data-testid="ops-proposal-filter-status"
        />
      </Space>
      <ServerTable<TProposal>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1110 }}
        showTotal={(total) => t('ops.common.total', { count: total })}
        caption={t('ops-proposals.nav')}
        data-testid="ops-proposal-table"
      />
      <Modal
        open={rejecting !== undefined}
        title={t('ops-proposals.rejectTitle', { id: rejecting?.id })}
        onCancel={() => setRejecting(undefined)}
        onOk={() => form.submit()}
        okText={t('ops-proposals.reject')}
        cancelText={t('ops.common.cancel')}
        confirmLoading={reject.isPending}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={({ reason }) => rejecting && reject.mutate({ p: rejecting, reason })}
        >
          <Form.Item
            name="reason"
            label={t('ops-proposals.reason')}
            rules={[{ required: true, whitespace: true, message: t('ops-proposals.reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={500} data-testid="ops-proposal-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
