import { opsPaths, type TOpsTenant } from '@seller-centre/contract/ops';
import { opsRequest } from './ops-api.ts';

/** One tenant by its id or its main account's phone, to show the company before a form acts on it. */
export function findTenant(ref: { tenant_id?: number; area?: string; phone_number?: string }) {
  return opsRequest<TOpsTenant>('GET', opsPaths.tenantLookup, { query: ref, silent: true });
}

/** How a form names the tenant: by id or by its main account's phone. */
export type TenantFields = { tenant_by: 'id' | 'phone'; tenant_value: string };

/** The tenant a form's fields name, as the API takes it. */
export function tenantRefOf(fields: TenantFields): { tenant_id?: number; area?: string; phone_number?: string } {
  const value = fields.tenant_value.trim();
  return fields.tenant_by === 'id' ? { tenant_id: Number(value) } : { area: '86', phone_number: value };
}
