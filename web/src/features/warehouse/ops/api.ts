import type { TProposed } from '@seller-centre/contract/proposals';
import {
  opsWarehousePaths,
  type TWarehouseSettings,
  type ZOpsLinkCreated,
  type ZOpsLink,
  type ZOpsProvider,
  type ZOpsProviderCreate,
} from '@seller-centre/contract/warehouse';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { OPS_QUERY_KEY, opsRequest } from '../../../shared/ops/ops-api.ts';

/** The local warehouse engine in the console: providers, tenants' links, posting rows. */
export type OpsProvider = z.infer<typeof ZOpsProvider>;
export type OpsLink = z.infer<typeof ZOpsLink>;

export const opsWarehouseProvidersQuery = () =>
  queryOptions({
    queryKey: [...OPS_QUERY_KEY, 'warehouse', 'providers'] as const,
    queryFn: ({ signal }) => opsRequest<OpsProvider[]>('GET', opsWarehousePaths.providers, { signal }),
  });

export const opsWarehouseLinksQuery = (tenantId: string) =>
  queryOptions({
    queryKey: [...OPS_QUERY_KEY, 'warehouse', 'links', tenantId] as const,
    queryFn: ({ signal }) =>
      opsRequest<OpsLink[]>('GET', opsWarehousePaths.links, {
        query: { tenant_id: /^\d{1,15}$/.test(tenantId) ? tenantId : undefined },
        signal,
      }),
  });

export type PostKind = 'fee' | 'bill' | 'rent';
const POST_PATHS: Record<PostKind, string> = {
  fee: opsWarehousePaths.fees,
  bill: opsWarehousePaths.bills,
  rent: opsWarehousePaths.rents,
};

export function postWarehouseRow(kind: PostKind, body: Record<string, unknown>) {
  return opsRequest<{ id: number; applied: boolean } | TProposed>('POST', POST_PATHS[kind], { body });
}

export function importWarehouseRows(kind: PostKind, wwsId: number, csv: string) {
  return opsRequest<{ imported: number; unchanged: number } | TProposed>('POST', opsWarehousePaths.import, {
    body: { kind, wws_id: wwsId, csv },
  });
}

export function saveProviderSettings(id: number, settings: TWarehouseSettings) {
  return opsRequest<TWarehouseSettings>('PUT', opsWarehousePaths.providerSettings.replace(':id', String(id)), {
    body: settings,
  });
}

/** A new provider (name, adapter, settings); its settings can be edited later. */
export function createProvider(body: z.input<typeof ZOpsProviderCreate>) {
  return opsRequest<OpsProvider>('POST', opsWarehousePaths.providers, { body });
}

/** Links a tenant to a provider: the tenant's warehouse account there, at zero. */
export function linkTenant(body: {
  tenant_id: number;
  provider_id: number;
  credentials?: { appToken: string; appKey: string };
}) {
  return opsRequest<z.infer<typeof ZOpsLinkCreated>>('POST', opsWarehousePaths.links, { body });
}
