import type { TOpsTenant } from '@seller-centre/contract/ops';
import { Alert, Button, Form, Input, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api-client.ts';
import { findTenant, tenantRefOf, type TenantFields } from './tenants-api.ts';

/**
 * Which tenant: by its id or its main account's mobile number, with a look-up that shows the
 * company before anything is issued or posted to it. `byLabel` names what the tenant is for
 * (the default reads "issued to", as coupons are).
 */
export function TenantField({ byLabel }: { byLabel?: string } = {}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<TenantFields>();
  const by = Form.useWatch('tenant_by', form) ?? 'id';
  const [found, setFound] = useState<{ tenant?: TOpsTenant; error?: string }>();

  const lookUp = async () => {
    try {
      const fields = await form.validateFields(['tenant_by', 'tenant_value']);
      setFound({ tenant: await findTenant(tenantRefOf(fields as TenantFields)) });
    } catch (error) {
      if (error instanceof ApiError) setFound({ error: error.msg });
    }
  };

  return (
    <>
      <Form.Item name="tenant_by" label={byLabel ?? t('ops.tenant.by')} initialValue="id">
        <Radio.Group onChange={() => setFound(undefined)} data-testid="ops-tenant-by">
          <Radio value="id">{t('ops.tenant.byId')}</Radio>
          <Radio value="phone">{t('ops.tenant.byPhone')}</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item label={by === 'id' ? t('ops.tenant.id') : t('ops.tenant.phone')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="tenant_value"
            noStyle
            rules={[
              { required: true, whitespace: true, message: t('ops.tenant.required') },
              {
                pattern: by === 'id' ? /^\d{1,15}$/ : /^\d{5,15}$/,
                message: by === 'id' ? t('ops.tenant.idRule') : t('ops.tenant.phoneRule'),
              },
            ]}
          >
            <Input
              inputMode="numeric"
              maxLength={15}
              onChange={() => setFound(undefined)}
              aria-label={by === 'id' ? t('ops.tenant.id') : t('ops.tenant.phone')}
              data-testid="ops-tenant-value"
            />
          </Form.Item>
          <Button onClick={() => void lookUp()} data-testid="ops-tenant-lookup">
            {t('ops.tenant.lookUp')}
          </Button>
        </Space.Compact>
      </Form.Item>
      {found?.tenant ? (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="ops-tenant-found"
          message={t('ops.tenant.found', {
            id: found.tenant.tenant_id,
            name: found.tenant.user_name ?? found.tenant.phone_number,
            company: found.tenant.company_name || '-',
          })}
        />
      ) : null}
      {found?.error ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={found.error} /> : null}
    </>
  );
}
