import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { ProviderRow, WarehouseAdapterKind, WarehouseSettings } from '../../providers/warehouse/provider.ts';

/** The tenant's provider links, by name. */
export function findTenantProviders(db: Db, mainId: number) {
  return db
    .selectFrom('wh_tenant_providers as l')
    .innerJoin('wh_providers as p', 'p.id', 'l.provider_id')
    .select(['l.id as wws_id', 'p.name'])
    .where('l.main_id', '=', mainId)
    .orderBy('p.name')
    .orderBy('l.id')
    .execute();
}

function mergeSettings(settings: unknown, credentials: unknown): WarehouseSettings {
  const base = (settings ?? {}) as WarehouseSettings;
  const own = (credentials ?? {}) as Partial<WarehouseSettings['eccang']>;
  if (!own || Object.keys(own).length === 0) return base;
  return { ...base, eccang: { ...(base.eccang ?? { endpoint: '', appToken: '', appKey: '' }), ...own } };
}

/** A provider as the tenant sees it through its link (wws_id), or undefined when the link is not the tenant's. */
export async function findProviderOfTenant(db: Db, mainId: number, wwsId: number): Promise<ProviderRow | undefined> {
  const row = await db
    .selectFrom('wh_tenant_providers as l')
    .innerJoin('wh_providers as p', 'p.id', 'l.provider_id')
    .select(['p.id', 'l.id as wws_id', 'p.name', 'p.adapter', 'p.settings', 'l.credentials'])
    .where('l.id', '=', wwsId)
    .where('l.main_id', '=', mainId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    wwsId: row.wws_id,
    name: row.name,
    adapter: row.adapter as WarehouseAdapterKind,
    settings: mergeSettings(row.settings, row.credentials),
  };
}

/** A link by its id alone (operators, the system). */
export function findLink(db: Db, wwsId: number) {
  return db
    .selectFrom('wh_tenant_providers as l')
    .innerJoin('wh_providers as p', 'p.id', 'l.provider_id')
    .select(['l.id', 'l.main_id', 'l.provider_id', 'l.credit_line', 'p.name', 'p.adapter'])
    .where('l.id', '=', wwsId)
    .executeTakeFirst();
}

export async function creditLineOf(db: Db, wwsId: number): Promise<number> {
  const row = await db
    .selectFrom('wh_tenant_providers')
    .select('credit_line')
    .where('id', '=', wwsId)
    .executeTakeFirst();
  return row?.credit_line ?? 0;
}

export function updateCreditLine(db: Db, wwsId: number, fen: number) {
  return db.updateTable('wh_tenant_providers').set({ credit_line: fen }).where('id', '=', wwsId).executeTakeFirst();
}

export function findProviders(db: Db) {
  return db
    .selectFrom('wh_providers as p')
    .select([
      'p.id',
      'p.name',
      'p.adapter',
      'p.settings',
      'p.updated_at',
      sql<number>`(SELECT count(*) FROM wh_tenant_providers l WHERE l.provider_id = p.id)::int`.as('tenants'),
    ])
    .orderBy('p.id')
    .execute();
}

export function updateProviderSettings(db: Db, providerId: number, settings: string) {
  return db
    .updateTable('wh_providers')
    .set({ settings, updated_at: sql`now()` })
    .where('id', '=', providerId)
    .returning('id')
    .executeTakeFirst();
}

export function findLinks(db: Db, filter: { mainId?: number | undefined }) {
  return db
    .selectFrom('wh_tenant_providers as l')
    .innerJoin('wh_providers as p', 'p.id', 'l.provider_id')
    .innerJoin('users as u', 'u.id', 'l.main_id')
    .select([
      'l.id as wws_id',
      'l.main_id',
      'u.user_name',
      'p.id as provider_id',
      'p.name',
      'p.adapter',
      'l.credit_line',
    ])
    .$if(filter.mainId !== undefined, (q) => q.where('l.main_id', '=', filter.mainId!))
    .orderBy('l.id')
    .limit(500)
    .execute();
}

export function findFeeTypes(db: Db) {
  return db.selectFrom('wh_fee_types').select(['code', 'name_cn', 'name_en']).orderBy('sort').orderBy('code').execute();
}

export function findFlowByKey(db: Db, wwsId: number, key: string) {
  return db
    .selectFrom('wh_fee_flows')
    .selectAll()
    .where('wws_id', '=', wwsId)
    .where('key', '=', key)
    .executeTakeFirst();
}
