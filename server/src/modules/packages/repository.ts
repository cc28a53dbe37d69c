import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/client.ts';

export async function findPackagePlatforms(db: Db, tenantId: number, system: number) {
  return db
    .selectFrom('package_platforms')
    .select(['platform', 'platform_image_url', 'shop_number', 'surplus_shop_number', 'expire_at'])
    .where('main_id', '=', tenantId)
    .where('system', '=', system)
    .orderBy('id')
    .execute();
}

export async function findPlanEnds(db: Db, tenantId: number) {
  return db
    .selectFrom('package_platforms')
    .select(['platform', 'system', 'shop_number', 'expire_at'])
    .where('main_id', '=', tenantId)
    .orderBy('system')
    .orderBy('id')
    .execute();
}

/**
 * The end a platform's plan has after `shops` shops for `months` months join it (one end per
 * platform, see docs/decisions.md "Fulfilment rules"): while the plan runs, the shop-time it has
 * left and the shop-time bought are pooled over the new shop count, so what is delivered is
 * exactly shops x months; a lapsed plan (or none) starts again with the bought shops alone. In
 * SQL so the price call's forecast and the fulfilment are the same arithmetic on the same row.
 */
function pooledEnd(heldShops: RawBuilder<number>, heldEnd: RawBuilder<Date>, shops: number, months: number) {
  return sql<Date>`CASE WHEN ${heldEnd} > now() THEN now() + make_interval(secs => (
      ${heldShops}::float8 * extract(epoch FROM ${heldEnd} - now())::float8
      + ${shops}::float8 * extract(epoch FROM (now() + make_interval(months => ${months})) - now())::float8
    ) / (${heldShops} + ${shops})::float8)
    ELSE now() + make_interval(months => ${months}) END`;
}

function pooledShops(heldShops: RawBuilder<number>, heldEnd: RawBuilder<Date>, shops: number) {
  return sql<number>`CASE WHEN ${heldEnd} > now() THEN ${heldShops} + ${shops} ELSE ${shops} END`;
}

/** What the plan of one platform would be after a purchase (the price call shows it before paying). */
export async function forecastPlan(
  db: Db,
  input: { tenantId: number; system: number; platform: string; shops: number; months: number },
): Promise<{ shop_number: number; expire_at: Date }> {
  const held = await db
    .selectFrom('package_platforms')
    .select(['shop_number', 'expire_at'])
    .where('main_id', '=', input.tenantId)
    .where('system', '=', input.system)
    .where('platform', '=', input.platform)
    .executeTakeFirst();
  const heldShops = sql<number>`${held?.shop_number ?? 0}::int`;
  const heldEnd = sql<Date>`${held?.expire_at ?? new Date(0)}::timestamptz`;
  const { rows } = await sql<{ shop_number: number; expire_at: Date }>`SELECT
      ${pooledShops(heldShops, heldEnd, input.shops)} AS shop_number,
      ${pooledEnd(heldShops, heldEnd, input.shops, input.months)} AS expire_at`.execute(db);
  return rows[0]!;
}

/**
 * Adds a paid plan to the tenant's package of that platform by the pooling rule above. One
 * statement, so two plans paid at once both count.
 */
export async function stackPlan(
  db: Db,
  input: { tenantId: number; system: number; platform: string; platformImageUrl: string; shops: number; months: number },
) {
  // One tenant's plans change one at a time, so two first plans of a platform paid at once make
  // one row, not two (the lock ends with the caller's transaction).
  await sql`SELECT pg_advisory_xact_lock(1120, ${input.tenantId}::int)`.execute(db);
  const heldShops = sql<number>`shop_number`;
  const heldEnd = sql<Date>`expire_at`;
  const newShops = pooledShops(heldShops, heldEnd, input.shops);
  const updated = await db
    .updateTable('package_platforms')
    .set({
      shop_number: newShops,
      // The shops not yet bound move with the count (a lapsed plan's count starts again).
      surplus_shop_number: sql<number>`greatest(surplus_shop_number + ${newShops} - shop_number, 0)`,
      expire_at: pooledEnd(heldShops, heldEnd, input.shops, input.months),
    })
    .where('main_id', '=', input.tenantId)
    .where('system', '=', input.system)
    .where('platform', '=', input.platform)
    .returning(['id', 'shop_number', 'expire_at'])
    .executeTakeFirst();
  if (updated) return updated;
  return db
    .insertInto('package_platforms')
    .values({
      main_id: input.tenantId,
      system: input.system,
      platform: input.platform,
      platform_image_url: input.platformImageUrl,
      shop_number: input.shops,
      surplus_shop_number: input.shops,
      expire_at: sql<Date>`now() + make_interval(months => ${input.months})`,
    })
    .returning(['id', 'shop_number', 'expire_at'])
    .executeTakeFirstOrThrow();
}

/**
 * An invitation's days for the inviter, in the registration's transaction: every selection plan
 * (system 2) the inviter holds runs on by the days from the later of now and its end. Answers the
 * days given: 0 when the inviter holds no selection plan (nothing to extend; see decisions.md).
 */
export async function extendSelectionPlans(db: Db, input: { tenantId: number; days: number }): Promise<number> {
  if (input.days <= 0) return 0;
  await sql`SELECT pg_advisory_xact_lock(1120, ${input.tenantId}::int)`.execute(db);
  const rows = await db
    .updateTable('package_platforms')
    .set({ expire_at: sql<Date>`greatest(expire_at, now()) + make_interval(days => ${input.days})` })
    .where('main_id', '=', input.tenantId)
    .where('system', '=', SELECTION_SYSTEM)
    .returning('id')
    .execute();
  return rows.length > 0 ? input.days : 0;
}

/** The selection product's plans (package_platforms.system). */
const SELECTION_SYSTEM = 2;
