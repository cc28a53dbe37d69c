import type { TOpsWithdrawal } from '@seller-centre/contract/distribution';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Space, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../shared/components/data-table.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { ServerTable } from '../../../shared/list/server-table.tsx';
import { useServerList } from '../../../shared/list/use-server-list.ts';
import { notify } from '../../../shared/notify.ts';
import { useOpsCan } from '../../../shared/ops/ops-can.ts';
import {
  approveWithdrawal,
  failWithdrawal,
  OPS_DISTRIBUTION_KEY,
  uploadVoucher,
  OPS_WITHDRAWAL_LIST,
  withdrawalsQuery,
} from './api.ts';
import { isProposed } from '../../../shared/ops/ops-api.ts';

const STATUS_COLOUR: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error' };

type Decision = { row: TOpsWithdrawal; approve: boolean };

/** The withdrawal queue: approve with the payment voucher and a remark, or fail with a remark. */
export default function WithdrawalsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [deciding, setDeciding] = useState<Decision | undefined>();
  const [file, setFile] = useState<File | undefined>();
  const [form] = Form.useForm<{ remark: string }>();
  const list = useServerList({ ...OPS_WITHDRAWAL_LIST, query: withdrawalsQuery });
  const close = () => {
    setDeciding(undefined);
    setFile(undefined);
    form.resetFields();
  };
  const decide = useMutation({
    mutationFn: async ({ decision, remark }: { decision: Decision; remark: string }) => {
      const id = decision.row.transaction_id;
      if (!decision.approve) return failWithdrawal(id, remark);
      if (!file) throw new Error('voucher');
      const uploadId = await uploadVoucher(decision.row.tenant_id, file);
      return approveWithdrawal(id, { voucher_upload_id: uploadId, remark });
    },
    onSuccess: async (answer) => {
      if (isProposed(answer)) notify.success(t('ops-proposals.sent', { id: answer.proposal.id }));
      else notify.success(t('distribution.success'));
      close();
      await queryClient.invalidateQueries({ queryKey: OPS_DISTRIBUTION_KEY });
    },
  });

  // Every role reads the queue; approving or failing a withdrawal moves money.
  const decides = useOpsCan()('money');
  const columns: DataColumn<TOpsWithdrawal>[] = [
    { title: t('distribution.columns.transaction_id'), dataIndex: 'transaction_id', width: 210 },
    {
      title: t('distribution.ops.tenant'),
      key: 'tenant',
      width: 150,
      render: (_, w) => `${w.tenant_name} #${w.tenant_id}`,
    },
    {
      title: t('distribution.columns.transaction_money'),
      dataIndex: 'transaction_money',
      width: 110,
      align: 'right',
      render: (v: string) => `¥${v}`,
    },
    { title: t('distribution.infoDialog.bank_name'), dataIndex: 'bank_name', width: 130 },
    { title: t('distribution.columns.bank_number'), dataIndex: 'bank_number', width: 180 },
    { title: t('distribution.columns.user_name'), dataIndex: 'user_name', width: 110 },
    {
      title: t('distribution.columns.status'),
      dataIndex: 'status',
      width: 100,
      render: (s: number) => (
        <Tag color={STATUS_COLOUR[s]} bordered={false}>
          {t(`distribution.status.${s}`)}
        </Tag>
      ),
    },
    {
      title: t('distribution.columns.apply_time'),
      dataIndex: 'sys_create_time',
      width: 160,
      render: (v: string) => formatDateTime(v),
    },
    { title: t('distribution.audit.remark'), dataIndex: 'remark', width: 160, ellipsis: true },
    {
      title: t('distribution.columns.actions'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, row) =>
        row.status === 0 && decides ? (
          <Space>
            <Button
              type="link"
              size="small"
              onClick={() => setDeciding({ row, approve: true })}
              data-testid={`withdrawal-approve-${row.transaction_id}`}
            >
              {t('distribution.ops.approve')}
            </Button>
            <Button
              type="link"
              size="small"
              danger
              onClick={() => setDeciding({ row, approve: false })}
              data-testid={`withdrawal-fail-${row.transaction_id}`}
            >
              {t('distribution.ops.fail')}
            </Button>
          </Space>
        ) : (
          formatDateTime(row.review_time)
        ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Select
          value={list.filters.status}
          onChange={(status) => list.setFilters({ status })}
          aria-label={t('distribution.columns.status')}
          style={{ width: 160 }}
          options={[0, 1, 2, 4].map((value) => ({ value, label: t(`distribution.status.${value}`) }))}
          data-testid="ops-withdrawal-status"
        />
      </Space>
      <ServerTable<TOpsWithdrawal>
        list={list}
        rowKey="transaction_id"
        columns={columns}
        scroll={{ x: 1500 }}
        showTotal={(total) => t('ops.common.total', { count: total })}
        caption={t('distribution.ops.withdrawalsNav')}
        data-testid="ops-withdrawal-table"
      />
      <Modal
        open={Boolean(deciding)}
        title={deciding?.approve ? t('distribution.ops.approveTitle') : t('distribution.ops.failTitle')}
        onCancel={close}
        onOk={() => form.submit()}
        confirmLoading={decide.isPending}
        okText={t('distribution.ok')}
        cancelText={t('distribution.cancel')}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'withdrawal-decide-submit' } as Record<string, string>}
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={({ remark }) => {
            if (!deciding) return;
            if (deciding.approve && !file) {
              notify.error(t('distribution.ops.voucherRequired'));
              return;
            }
            decide.mutate({ decision: deciding, remark: (remark ?? '').trim() });
          }}
        >
          {deciding?.approve ? (
            <Form.Item label={t('distribution.ops.voucher')} required>
              <Upload
                accept="image/jpeg,image/png"
                maxCount={1}
                beforeUpload={(chosen) => {
                  setFile(chosen);
                  return false;
                }}
                onRemove={() => setFile(undefined)}
                data-testid="withdrawal-voucher"
              >
                <Button>{t('distribution.ops.upload')}</Button>
              </Upload>
            </Form.Item>
          ) : null}
          <Form.Item
            name="remark"
            label={t('distribution.ops.remark')}
            rules={
              deciding?.approve
                ? []
                : [{ required: true, whitespace: true, message: t('distribution.ops.remarkRequired') }]
            }
          >
            <Input.TextArea rows={3} maxLength={500} data-testid="withdrawal-remark" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
