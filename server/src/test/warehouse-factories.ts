import { randomBytes } from 'node:crypto';
import { toJsonb } from '../db/client.ts';
import { DEMO_PROVIDERS } from '../db/seeds/warehouse.ts';
import type { WarehouseAdapterKind, WarehouseSettings } from '../providers/warehouse/provider.ts';
import type { TestApp } from './build-app.ts';

/** A warehouse provider linked to the tenant; answers its wws_id and the provider's id. */
export async function createWarehouseLink(
  app: TestApp,
  tenantId: number,
  options: {
    adapter?: WarehouseAdapterKind;
    settings?: WarehouseSettings;
    warehouseIds?: number[];
    name?: string;
  } = {},
): Promise<{ wwsId: number; providerId: number }> {
  const provider = await app.db
    .insertInto('wh_providers')
    .values({
      name: options.name ?? `Test WH ${randomBytes(3).toString('hex')}`,
      adapter: options.adapter ?? 'local',
      settings: toJsonb(options.settings ?? DEMO_PROVIDERS[0]!.settings),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const link = await app.db
    .insertInto('wh_tenant_providers')
    .values({ main_id: tenantId, provider_id: provider.id, credentials: toJsonb({}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids = options.warehouseIds ?? [];
  if (ids.length)
    await app.db
      .insertInto('wh_link_warehouses')
      .values(ids.map((id, i) => ({ wws_id: link.id, warehouse_id: id, code: `W${i + 1}` })))
      .execute();
  return { wwsId: link.id, providerId: provider.id };
}
