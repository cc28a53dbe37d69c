import { BILL_BUSINESS_TYPES, type TWarehouseSettings } from '@seller-centre/contract/warehouse';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Select, Space, Tabs, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalTable } from '../../../shared/list/server-table.tsx';
import { LinkTenantForm, NewProviderForm } from './warehouse-accounts.tsx';
import { isProposed, OPS_QUERY_KEY } from '../../../shared/ops/ops-api.ts';
import { useOpsCan } from '../../../shared/ops/ops-can.ts';
import {
  importWarehouseRows,
  opsWarehouseLinksQuery,
  opsWarehouseProvidersQuery,
  postWarehouseRow,
  saveProviderSettings,
  type OpsProvider,
  type PostKind,
} from './api.ts';

const FEE_TYPES = ['RECHARGE', 'SHIPPING', 'OPERATION', 'STORAGE', 'INBOUND', 'RETURN', 'PACKAGING', 'CLAIM', 'OTHER'];

/** Which fields each kind's form has (the rest of the API's fields keep their defaults). */
const FIELDS: Record<PostKind, string[]> = {
  fee: [
    'key',
    'direction',
    'amount',
    'ft_code',
    'settles_key',
    'order_code',
    'reference_no',
    'platform',
    'platform_shop',
    'warehouse_id',
    'note',
  ],
  bill: [
    'key',
    'ds_code',
    'ft_code',
    'amount',
    'status',
    'writeoff',
    'chargeable_time',
    'order_code',
    'reference_no',
    'warehouse_id',
    'note',
  ],
  rent: [
    'key',
    'wis_code',
    'settlement_cycle',
    'finish_flag',
    'volume',
    'total_qty',
    'amount',
    'is_date',
    'warehouse_id',
  ],
};

const CHOICES: Record<string, (string | number)[]> = {
  direction: [0, 1, 2, 3],
  ft_code: FEE_TYPES,
  ds_code: [...BILL_BUSINESS_TYPES],
  status: [2, 3],
  writeoff: ['n', 'p', 'y'],
  settlement_cycle: [0, 1, 2, 3],
  finish_flag: [0, 1],
};

function PostForm({ wwsId }: { wwsId: number | undefined }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<PostKind>('fee');
  const [form] = Form.useForm<Record<string, string | number>>();
  const [busy, setBusy] = useState(false);
  const submit = async (values: Record<string, string | number>) => {
    if (wwsId === undefined) return void message.warning(t('ops.warehouse.pickLink'));
    setBusy(true);
    try {
      const body = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== ''));
      const result = await postWarehouseRow(kind, { ...body, wws_id: wwsId });
      if (isProposed(result)) message.info(t('ops-proposals.sent', { id: result.proposal.id }));
      else message.success(t(result.applied ? 'ops.warehouse.posted' : 'ops.warehouse.unchanged'));
      form.resetFields();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} data-testid="ops-warehouse-post" style={{ maxWidth: 720 }}>
      <Form.Item label={t('ops.warehouse.kind')}>
        <Select
          value={kind}
          aria-label={t('ops.warehouse.kind')}
          onChange={(next: PostKind) => {
            setKind(next);
            form.resetFields();
          }}
          options={(['fee', 'bill', 'rent'] as const).map((k) => ({ value: k, label: t(`ops.warehouse.kinds.${k}`) }))}
          data-testid="ops-warehouse-kind"
        />
      </Form.Item>
      <Space wrap size="middle" align="start">
        {FIELDS[kind].map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={name}
            rules={name === 'key' ? [{ required: true, message: t('ops.warehouse.required') }] : []}
            style={{ width: 220 }}
          >
            {CHOICES[name] ? (
              <Select
                allowClear
                options={CHOICES[name]!.map((v) => ({ value: v, label: String(v) }))}
                data-testid={`ops-warehouse-field-${name}`}
              />
            ) : name === 'total_qty' ? (
              <InputNumber min={0} style={{ width: '100%' }} />
            ) : (
              <Input maxLength={name === 'note' ? 500 : 128} data-testid={`ops-warehouse-field-${name}`} />
            )}
          </Form.Item>
        ))}
      </Space>
      <Button
        type="primary"
        htmlType="submit"
        loading={busy}
        disabled={wwsId === undefined}
        data-testid="ops-warehouse-submit"
      >
        {t('ops.warehouse.post')}
      </Button>
    </Form>
  );
}

function ImportForm({ wwsId }: { wwsId: number | undefined }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<PostKind>('fee');
  const [csv, setCsv] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (wwsId === undefined) return void message.warning(t('ops.warehouse.pickLink'));
    setBusy(true);
    try {
      const result = await importWarehouseRows(kind, wwsId, csv);
      if (isProposed(result)) message.info(t('ops-proposals.sent', { id: result.proposal.id }));
      else message.success(t('ops.warehouse.imported', result));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 900 }}>
      <Select
        value={kind}
        onChange={setKind}
        style={{ width: 200 }}
        aria-label={t('ops.warehouse.kind')}
        options={(['fee', 'bill', 'rent'] as const).map((k) => ({ value: k, label: t(`ops.warehouse.kinds.${k}`) }))}
      />
      <div>{t('ops.warehouse.csvHint', { header: FIELDS[kind].join(',') })}</div>
      <input
        type="file"
        accept=".csv,text/csv"
        aria-label={t('ops.warehouse.csvFile')}
        onChange={async (e) => setCsv((await e.target.files?.[0]?.text()) ?? '')}
      />
      <Input.TextArea
        rows={8}
        value={csv}
        onChange={(e) => setCsv(e.target.value)}
        aria-label={t('ops.warehouse.csv')}
        placeholder={FIELDS[kind].join(',')}
        data-testid="ops-warehouse-csv"
      />
      <Button type="primary" onClick={run} loading={busy} disabled={!csv.trim() || wwsId === undefined}>
        {t('ops.warehouse.import')}
      </Button>
    </Space>
  );
}

type Currency = NonNullable<TWarehouseSettings['currencies']>[number];

function ProviderSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const providers = useQuery(opsWarehouseProvidersQuery());
  // Every role reads the providers; adding one or changing its settings is the catalogue's.
  const edits = useOpsCan()('catalogue');
  const [editing, setEditing] = useState<OpsProvider | null>(null);
  const [form] = Form.useForm<{ currencies: Currency[] }>();
  const save = async ({ currencies }: { currencies: Currency[] }) => {
    if (!editing) return;
    const current = (editing.settings ?? {}) as TWarehouseSettings;
    await saveProviderSettings(editing.id, { ...current, currencies });
    message.success(t('ops.warehouse.saved'));
    setEditing(null);
    void queryClient.invalidateQueries({ queryKey: [...OPS_QUERY_KEY, 'warehouse'] });
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {edits ? <NewProviderForm /> : null}
      <LocalTable<OpsProvider>
        query={providers}
        rows={providers.data}
        rowKey="id"
        size="middle"
        caption={t('ops.warehouse.tabs.providers')}
        data-testid="ops-provider-table"
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: t('ops.warehouse.providerName'), dataIndex: 'name' },
          { title: t('ops.warehouse.adapter'), dataIndex: 'adapter', width: 100 },
          { title: t('ops.warehouse.tenants'), dataIndex: 'tenants', width: 100 },
          {
            title: t('ops.warehouse.currencies'),
            key: 'currencies',
            width: 160,
            render: (_, row) =>
              edits ? (
                <Button
                  size="small"
                  onClick={() => {
                    setEditing(row);
                    form.setFieldsValue({ currencies: ((row.settings ?? {}) as TWarehouseSettings).currencies ?? [] });
                  }}
                >
                  {t('ops.warehouse.editCurrencies')}
                </Button>
              ) : null,
          },
        ]}
      />
      {editing && (
        <Card title={`${editing.name} · ${t('ops.warehouse.currencies')}`} size="small">
          <Form form={form} onFinish={save}>
            <Form.List name="currencies">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field) => (
                    <Space key={field.key} align="baseline" wrap>
                      {(['currency_code', 'currency_name', 'currency_name_en', 'currency_rate'] as const).map(
                        (name) => (
                          <Form.Item
                            key={name}
                            name={[field.name, name]}
                            rules={[{ required: true, message: t('ops.warehouse.required') }]}
                          >
                            <Input placeholder={name} aria-label={name} style={{ width: 150 }} />
                          </Form.Item>
                        ),
                      )}
                      <Button onClick={() => remove(field.name)}>{t('ops.warehouse.remove')}</Button>
                    </Space>
                  ))}
                  <Space>
                    <Button onClick={() => add()}>{t('ops.warehouse.addCurrency')}</Button>
                    <Button type="primary" htmlType="submit">
                      {t('ops.warehouse.save')}
                    </Button>
                    <Button onClick={() => setEditing(null)}>{t('ops.warehouse.cancel')}</Button>
                  </Space>
                </>
              )}
            </Form.List>
          </Form>
        </Card>
      )}
    </Space>
  );
}

/**
 * The local warehouse engine: open tenants' accounts at providers, post fees, bills and rent to a
 * provider link, import CSV, create and edit providers.
 */
export default function WarehousePage() {
  const { t } = useTranslation();
  const [tenantId, setTenantId] = useState('');
  const links = useQuery(opsWarehouseLinksQuery(tenantId));
  const [wwsId, setWwsId] = useState<number | undefined>();
  const can = useOpsCan();
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="ops-warehouse">
      <Space wrap>
        <Input
          style={{ width: 180 }}
          value={tenantId}
          onChange={(e) => setTenantId(e.target.value.replace(/\D/g, ''))}
          placeholder={t('ops.warehouse.tenantId')}
          aria-label={t('ops.warehouse.tenantId')}
        />
        <Select
          style={{ width: 360 }}
          value={wwsId}
          onChange={setWwsId}
          allowClear
          // Operators know a seller by name more often than by number: the links can be searched by their label.
          showSearch
          optionFilterProp="label"
          placeholder={t('ops.warehouse.pickLink')}
          aria-label={t('ops.warehouse.pickLink')}
          options={(links.data ?? []).map((l) => ({
            value: l.wws_id,
            label: `${l.wws_id} · ${l.user_name} (${l.main_id}) · ${l.name}`,
          }))}
          data-testid="ops-warehouse-link"
        />
      </Space>
      <Tabs
        items={[
          // Posting and importing fee, bill and rent rows moves money; linking is support's work too.
          ...(can('money')
            ? [{ key: 'post', label: t('ops.warehouse.tabs.post'), children: <PostForm wwsId={wwsId} /> }]
            : []),
          ...(can('warehouse-links')
            ? [
                {
                  key: 'links',
                  label: t('ops.warehouse.tabs.links'),
                  children: (
                    <LinkTenantForm
                      onLinked={(linked, tenant) => {
                        setTenantId(String(tenant));
                        setWwsId(linked);
                      }}
                    />
                  ),
                },
              ]
            : []),
          ...(can('money')
            ? [{ key: 'import', label: t('ops.warehouse.tabs.import'), children: <ImportForm wwsId={wwsId} /> }]
            : []),
          { key: 'providers', label: t('ops.warehouse.tabs.providers'), children: <ProviderSettings /> },
        ]}
      />
    </Space>
  );
}
