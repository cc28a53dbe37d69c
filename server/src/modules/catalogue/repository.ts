import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

export async function findPlanPlatforms(db: Db, system: number) {
  return db
    .selectFrom('catalogue_platforms')
    .select([
      'ppi_id',
      'system',
      'platform',
      'platform_image_url',
      'shop_month_price_fen',
      'custom_shop_number',
      'enabled',
    ])
    .where('system', '=', system)
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('ppi_id')
    .execute();
}

export async function findAllPlanPlatforms(db: Db) {
  return db.selectFrom('catalogue_platforms').selectAll().orderBy('system').orderBy('sort').orderBy('ppi_id').execute();
}

export async function findPlanPlatform(db: Db, ppiId: number) {
  return db
    .selectFrom('catalogue_platforms')
    .selectAll()
    .where('ppi_id', '=', ppiId)
    .where('enabled', '=', true)
    .executeTakeFirst();
}

export async function findPlanItems(db: Db, ppiIds: readonly number[]) {
  if (ppiIds.length === 0) return [];
  return db
    .selectFrom('catalogue_plan_items')
    .select(['ppi_id', 'attribute_code', 'item_value', 'price_percent'])
    .where('ppi_id', 'in', ppiIds)
    .orderBy('ppi_id')
    .orderBy('attribute_code')
    .orderBy('item_value')
    .execute();
}

export async function findValueAddedPackages(db: Db, options: { withDefaultCompanyOnly: boolean; all?: boolean }) {
  return db
    .selectFrom('catalogue_value_added')
    .selectAll()
    .$if(!options.all, (q) => q.where('enabled', '=', true))
    .$if(!options.withDefaultCompanyOnly, (q) => q.where('default_company_only', '=', false))
    .orderBy('sort')
    .orderBy('package_pay_id')
    .execute();
}

export async function findValueAddedPackage(db: Db, packagePayId: number) {
  return db
    .selectFrom('catalogue_value_added')
    .selectAll()
    .where('package_pay_id', '=', packagePayId)
    .where('enabled', '=', true)
    .executeTakeFirst();
}

export async function findTopUps(db: Db, options: { all?: boolean } = {}) {
  return db
    .selectFrom('catalogue_top_ups')
    .selectAll()
    .$if(!options.all, (q) => q.where('enabled', '=', true))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function findTopUp(db: Db, id: number) {
  return db
    .selectFrom('catalogue_top_ups')
    .selectAll()
    .where('id', '=', id)
    .where('enabled', '=', true)
    .executeTakeFirst();
}

export async function findCompanyName(db: Db, tenantId: number) {
  const row = await db.selectFrom('users').select('company_name').where('id', '=', tenantId).executeTakeFirst();
  return row?.company_name ?? '';
}

export async function updatePlanPlatform(
  db: Db,
  ppiId: number,
  changes: { shop_month_price_fen?: number; enabled?: boolean },
) {
  return db
    .updateTable('catalogue_platforms')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('ppi_id', '=', ppiId)
    .returningAll()
    .executeTakeFirst();
}

export async function updateValueAdded(
  db: Db,
  packagePayId: number,
  changes: { price_fen?: number; retail_price_fen?: number; enabled?: boolean },
) {
  return db
    .updateTable('catalogue_value_added')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('package_pay_id', '=', packagePayId)
    .returningAll()
    .executeTakeFirst();
}

export async function updateTopUpRow(db: Db, id: number, changes: { amount_fen?: number; enabled?: boolean }) {
  // Nothing to change is an UPDATE with no SET: answer the row as it is.
  if (Object.keys(changes).length === 0) {
    return db.selectFrom('catalogue_top_ups').selectAll().where('id', '=', id).executeTakeFirst();
  }
  return db.updateTable('catalogue_top_ups').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}
