import { OPERATOR_THIRD_PARTY_TYPES } from '@seller-centre/contract/third-party';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import type { DataColumn } from '../../../shared/components/data-table.tsx';
import { ServerTable } from '../../../shared/list/server-table.tsx';
import { useServerList } from '../../../shared/list/use-server-list.ts';
import { TenantField } from '../../../shared/ops/tenant-field.tsx';
import { useOpsCan } from '../../../shared/ops/ops-can.ts';
import {
  OPS_THIRD_PARTY_KEY,
  postThirdPartyEntry,
  THIRD_PARTY_ENTRY_LIST,
  thirdPartyEntriesQuery,
  type OpsThirdPartyEntry,
  type OpsThirdPartyEntryRow,
} from './api.ts';
import { findTenant, tenantRefOf, type TenantFields } from '../../../shared/ops/tenants-api.ts';
import { isProposed } from '../../../shared/ops/ops-api.ts';

type Fields = TenantFields & {
  transaction_type: OpsThirdPartyEntry['transaction_type'];
  amount: string;
  transaction_remark: string;
};

/**
 * Posting to a tenant's third-party balance: a manual receipt, compensation or customer care
 * credits it, an overdraw takes from it (refused by the server below zero); every entry the
 * operators posted, newest first, below.
 */
export default function ThirdPartyPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  // One key per entry: sending it again (a double click, a retry after a timeout) posts once; a
  // posted entry makes the next one's key.
  const [entryKey, setEntryKey] = useState(() => crypto.randomUUID());
  const list = useServerList({ ...THIRD_PARTY_ENTRY_LIST, query: thirdPartyEntriesQuery });
  const [tenant, setTenant] = useState(list.filters.tenant_id);
  const typeLabel = (type: string) => t(`bills.thirdParty.types.${type}`);
  // Every role reads the entries; posting one moves money.
  const posts = useOpsCan()('money');

  const submit = async (fields: Fields) => {
    setBusy(true);
    try {
      // Named by id or phone; the entry is posted to the tenant that look-up finds.
      const tenant = await findTenant(tenantRefOf(fields)).catch((error: unknown) => {
        // The look-up is silent (the field shows its own answer), so say why nothing was posted.
        if (error instanceof ApiError) void message.error(error.msg);
        throw error;
      });
      const result = await postThirdPartyEntry({
        tenant_id: tenant.tenant_id,
        transaction_type: fields.transaction_type,
        amount: fields.amount.trim(),
        transaction_remark: fields.transaction_remark.trim(),
        entry_key: entryKey,
      });
      setEntryKey(crypto.randomUUID());
      if (isProposed(result)) void message.info(t('ops-proposals.sent', { id: result.proposal.id }));
      else void message.success(t('ops-third-party.posted', { balance: result.account_balance }));
      form.resetFields(['amount', 'transaction_remark']);
      void client.invalidateQueries({ queryKey: OPS_THIRD_PARTY_KEY });
    } catch {
      // Shown above or by the API client.
    } finally {
      setBusy(false);
    }
  };

  const columns: DataColumn<OpsThirdPartyEntryRow>[] = [
    { title: t('bills.thirdParty.columns.transaction_id'), dataIndex: 'transaction_id', width: 230 },
    { title: t('ops-third-party.tenant'), dataIndex: 'tenant_id', width: 100 },
    {
      title: t('bills.thirdParty.columns.transaction_type'),
      dataIndex: 'transaction_type',
      width: 150,
      render: (type: string) => typeLabel(type),
    },
    {
      title: t('bills.thirdParty.columns.transaction_money'),
      dataIndex: 'transaction_money',
      width: 130,
      align: 'right',
      render: (value: string, row) => `${row.capital_flows === 'into' ? '+' : '-'}${value}`,
    },
    { title: t('bills.thirdParty.columns.account_balance'), dataIndex: 'account_balance', width: 130, align: 'right' },
    { title: t('ops-third-party.operator'), dataIndex: 'operator', width: 140 },
    { title: t('bills.thirdParty.columns.added_date'), dataIndex: 'added_date', width: 170 },
    { title: t('bills.thirdParty.columns.transaction_remark'), dataIndex: 'transaction_remark', ellipsis: true },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="ops-third-party">
      {posts ? (
        <Card title={t('ops-third-party.postTitle')} size="small">
          <Form<Fields>
            form={form}
            layout="vertical"
            style={{ maxWidth: 560 }}
            onFinish={(fields) => void submit(fields)}
            initialValues={{ transaction_type: 'manual_receipts' }}
            data-testid="ops-third-party-form"
          >
            <TenantField byLabel={t('ops-third-party.tenantBy')} />
            <Form.Item name="transaction_type" label={t('bills.thirdParty.columns.transaction_type')}>
              <Select
                style={{ width: 200 }}
                popupMatchSelectWidth={false}
                options={OPERATOR_THIRD_PARTY_TYPES.map((value) => ({ value, label: typeLabel(value) }))}
                data-testid="ops-third-party-type"
              />
            </Form.Item>
            <Form.Item
              name="amount"
              label={t('ops-third-party.amount')}
              rules={[
                {
                  required: true,
                  pattern: /^(?!0+(\.0{1,2})?$)\d{1,10}(\.\d{1,2})?$/,
                  message: t('ops-third-party.amountRule'),
                },
              ]}
            >
              <Input prefix="¥" maxLength={13} style={{ width: 150 }} data-testid="ops-third-party-amount" />
            </Form.Item>
            <Form.Item
              name="transaction_remark"
              label={t('bills.thirdParty.columns.transaction_remark')}
              rules={[{ required: true, whitespace: true, message: t('ops-third-party.remarkRule') }]}
            >
              <Input maxLength={200} style={{ width: 260 }} data-testid="ops-third-party-remark" />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" loading={busy} data-testid="ops-third-party-submit">
                {t('ops-third-party.submit')}
              </Button>
            </Form.Item>
          </Form>
        </Card>
      ) : null}
      <Card title={t('ops-third-party.listTitle')} size="small">
        <Input.Search
          value={tenant}
          onChange={(e) => setTenant(e.target.value.replace(/\D/g, ''))}
          onSearch={(value) => list.setFilters({ tenant_id: value.trim() })}
          placeholder={t('ops-third-party.tenant')}
          aria-label={t('ops-third-party.tenant')}
          enterButton={t('ops-third-party.search')}
          allowClear
          style={{ width: 260, marginBottom: 16 }}
          data-testid="ops-third-party-filter"
        />
        <ServerTable<OpsThirdPartyEntryRow>
          list={list}
          rowKey="transaction_id"
          size="middle"
          columns={columns}
          scroll={{ x: 1250 }}
          showTotal={(total) => t('ops.common.total', { count: total })}
          caption={t('ops-third-party.listTitle')}
          data-testid="ops-third-party-table"
        />
      </Card>
    </Space>
  );
}
