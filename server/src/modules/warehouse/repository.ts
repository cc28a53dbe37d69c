import { sql } from 'kysely';
import { toJsonb, type Db } from '../../db/client.ts';
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

/** A new provider; undefined when the name is taken. */
export function insertProvider(db: Db, values: { name: string; adapter: WarehouseAdapterKind; settings: string }) {
  return db
    .insertInto('wh_providers')
    .values(values)
    .onConflict((oc) => oc.column('name').doNothing())
    .returning(['id', 'updated_at'])
    .executeTakeFirst();
}

/** A new link of a tenant to a provider; undefined when the tenant is linked already. */
export function insertLink(db: Db, link: { mainId: number; providerId: number; credentials?: object | undefined }) {
  return db
    .insertInto('wh_tenant_providers')
    .values({ main_id: link.mainId, provider_id: link.providerId, credentials: toJsonb(link.credentials ?? {}) })
    .onConflict((oc) => oc.columns(['main_id', 'provider_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

export function updateLinkCredentials(db: Db, wwsId: number, credentials: object) {
  return db
    .updateTable('wh_tenant_providers')
    .set({ credentials: toJsonb(credentials) })
    .where('id', '=', wwsId)
    .execute();
}

export function findLinkOf(db: Db, mainId: number, providerId: number) {
  return db
    .selectFrom('wh_tenant_providers')
    .select('id')
    .where('main_id', '=', mainId)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
}

/**
 * The warehouses a link serves, each with a code W01, W02, ... in the order added; answers how
 * many were new.
 */
export async function addLinkWarehouses(db: Db, wwsId: number, warehouseIds: readonly number[]): Promise<number> {
  if (!warehouseIds.length) return 0;
  const present = await db
    .selectFrom('wh_link_warehouses')
    .select('warehouse_id')
    .where('wws_id', '=', wwsId)
    .execute();
  const have = new Set(present.map((r) => r.warehouse_id));
  const fresh = warehouseIds.filter((id) => !have.has(id));
  if (!fresh.length) return 0;
  await db
    .insertInto('wh_link_warehouses')
    .values(
      fresh.map((id, i) => ({
        wws_id: wwsId,
        warehouse_id: id,
        code: `W${String(present.length + i + 1).padStart(2, '0')}`,
      })),
    )
    .execute();
  return fresh.length;
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

/** What completing a payment note could credit, and whose: the note's amount and currency. */
export function findPaymentNoteMoney(db: Db, id: number) {
  return db
    .selectFrom('wh_payment_notes')
    .select(['main_id', 'amount', 'currency_code'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The credit line an application asks for, and whose. */
export function findCreditApplicationMoney(db: Db, aclCode: string) {
  return db
    .selectFrom('wh_credit_applications')
    .select(['main_id', 'apply_credit'])
    .where('acl_code', '=', aclCode)
    .executeTakeFirst();
}
