import { WAREHOUSE_ADAPTERS } from '@seller-centre/contract/warehouse';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/notify.ts';
import { OPS_QUERY_KEY } from '../../../shared/ops/ops-api.ts';
import { findTenant, tenantRefOf, type TenantFields } from '../../../shared/ops/tenants-api.ts';
import { createProvider, linkTenant, opsWarehouseProvidersQuery } from './api.ts';
import { TenantField } from '../../../shared/ops/tenant-field.tsx';

type ProviderFields = {
  name: string;
  adapter: (typeof WAREHOUSE_ADAPTERS)[number];
  company_name?: string;
  email?: string;
  endpoint?: string;
  appToken?: string;
  appKey?: string;
};

/**
 * A new warehouse provider: its name, the adapter that runs it (this product's own engine, or the
 * ECCANG OMS with its endpoint and keys) and the account details tenants see. Currencies, bank
 * accounts and payment methods are edited afterwards in the providers table.
 */
export function NewProviderForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProviderFields>();
  const adapter = Form.useWatch('adapter', form) ?? 'local';
  const [busy, setBusy] = useState(false);
  const submit = async (fields: ProviderFields) => {
    setBusy(true);
    try {
      const account = {
        ...(fields.company_name?.trim() ? { company_name: fields.company_name.trim() } : {}),
        ...(fields.email?.trim() ? { email: fields.email.trim() } : {}),
      };
      const created = await createProvider({
        name: fields.name,
        adapter: fields.adapter,
        settings: {
          ...(Object.keys(account).length ? { account } : {}),
          ...(fields.adapter === 'eccang'
            ? {
                eccang: {
                  endpoint: fields.endpoint ?? '',
                  appToken: fields.appToken ?? '',
                  appKey: fields.appKey ?? '',
                },
              }
            : {}),
        },
      });
      notify.success(t('ops.warehouse.providerCreated', { name: created.name, id: created.id }));
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: [...OPS_QUERY_KEY, 'warehouse'] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={t('ops.warehouse.newProvider')}>
      <Form<ProviderFields>
        form={form}
        layout="inline"
        initialValues={{ adapter: 'local' }}
        onFinish={(fields) => void submit(fields)}
        data-testid="ops-provider-form"
        style={{ rowGap: 12 }}
      >
        <Form.Item
          name="name"
          label={t('ops.warehouse.providerName')}
          rules={[{ required: true, whitespace: true, message: t('ops.warehouse.required') }]}
        >
          <Input maxLength={64} style={{ width: 200 }} data-testid="ops-provider-name" />
        </Form.Item>
        <Form.Item name="adapter" label={t('ops.warehouse.adapter')}>
          <Select
            style={{ width: 200 }}
            options={WAREHOUSE_ADAPTERS.map((a) => ({ value: a, label: t(`ops.warehouse.adapters.${a}`) }))}
            data-testid="ops-provider-adapter"
          />
        </Form.Item>
        <Form.Item name="company_name" label={t('ops.warehouse.companyName')}>
          <Input maxLength={128} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="email" label={t('ops.warehouse.email')}>
          <Input maxLength={128} style={{ width: 220 }} />
        </Form.Item>
        {adapter === 'eccang' && (
          <>
            <Form.Item
              name="endpoint"
              label={t('ops.warehouse.endpoint')}
              rules={[{ required: true, type: 'url', message: t('ops.warehouse.endpointRule') }]}
            >
              <Input maxLength={500} style={{ width: 280 }} placeholder="https://" />
            </Form.Item>
            <Form.Item name="appToken" label="appToken">
              <Input.Password maxLength={200} style={{ width: 200 }} autoComplete="off" />
            </Form.Item>
            <Form.Item name="appKey" label="appKey">
              <Input.Password maxLength={200} style={{ width: 200 }} autoComplete="off" />
            </Form.Item>
          </>
        )}
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="ops-provider-submit">
            {t('ops.warehouse.create')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

type LinkFields = TenantFields & { provider_id?: number; appToken?: string; appKey?: string };

/**
 * Opens a tenant's warehouse account at a provider: the tenant sees the provider on its cloud
 * bill at once, at zero. Linking a tenant already linked answers the same account.
 */
export function LinkTenantForm({ onLinked }: { onLinked?: (wwsId: number, tenantId: number) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const providers = useQuery(opsWarehouseProvidersQuery());
  const [form] = Form.useForm<LinkFields>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ wwsId: number; created: boolean; tenant: string; provider: string }>();
  const providerId = Form.useWatch('provider_id', form);
  // A remote (ECCANG) provider may hold an account of the tenant's own: its keys go on the link.
  const remote = providers.data?.find((p) => p.id === providerId)?.adapter === 'eccang';
  const submit = async (fields: LinkFields) => {
    setBusy(true);
    setResult(undefined);
    try {
      const tenant = await findTenant(tenantRefOf(fields));
      const keys = fields.appToken?.trim() && fields.appKey?.trim();
      const linked = await linkTenant({
        tenant_id: tenant.tenant_id,
        provider_id: fields.provider_id!,
        ...(remote && keys
          ? { credentials: { appToken: fields.appToken!.trim(), appKey: fields.appKey!.trim() } }
          : {}),
      });
      setResult({
        wwsId: linked.wws_id,
        created: linked.created,
        tenant: `${tenant.user_name ?? tenant.phone_number} (${tenant.tenant_id})`,
        provider: providers.data?.find((p) => p.id === fields.provider_id)?.name ?? String(fields.provider_id),
      });
      void queryClient.invalidateQueries({ queryKey: [...OPS_QUERY_KEY, 'warehouse'] });
      onLinked?.(linked.wws_id, tenant.tenant_id);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form<LinkFields>
      form={form}
      layout="vertical"
      onFinish={(fields) => void submit(fields)}
      style={{ maxWidth: 520 }}
      data-testid="ops-link-form"
    >
      <TenantField byLabel={t('ops.warehouse.linkTenant')} />
      <Form.Item
        name="provider_id"
        label={t('ops.warehouse.providerName')}
        rules={[{ required: true, message: t('ops.warehouse.required') }]}
      >
        <Select
          loading={providers.isLoading}
          notFoundContent={t('ops.warehouse.noProvidersYet')}
          options={(providers.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.adapter})` }))}
          data-testid="ops-link-provider"
        />
      </Form.Item>
      {remote && (
        <>
          <Form.Item
            name="appToken"
            label={t('ops.warehouse.tenantAppToken')}
            extra={t('ops.warehouse.tenantKeysHint')}
          >
            <Input.Password maxLength={200} autoComplete="off" />
          </Form.Item>
          <Form.Item name="appKey" label={t('ops.warehouse.tenantAppKey')}>
            <Input.Password maxLength={200} autoComplete="off" />
          </Form.Item>
        </>
      )}
      <Button type="primary" htmlType="submit" loading={busy} data-testid="ops-link-submit">
        {t('ops.warehouse.link')}
      </Button>
      {result && (
        <Alert
          style={{ marginTop: 16 }}
          type={result.created ? 'success' : 'info'}
          showIcon
          data-testid="ops-link-result"
          message={t(result.created ? 'ops.warehouse.linked' : 'ops.warehouse.linkedAlready', {
            tenant: result.tenant,
            provider: result.provider,
            wwsId: result.wwsId,
          })}
        />
      )}
    </Form>
  );
}
