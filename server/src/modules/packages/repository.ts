import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

export async function findPackagePlatforms(db: Db, mainId: number, system: number) {
  return db
    .selectFrom('package_platforms')
    .select(['platform', 'platform_image_url', 'shop_number', 'surplus_shop_number', 'expire_at'])
    .where('main_id', '=', mainId)
    .where('system', '=', system)
    .orderBy('id')
    .execute();
}

export async function findAddedPackages(db: Db, mainId: number, system: number) {
  return db
    .selectFrom('package_added')
    .select(['code_name', 'total_num', 'num_used'])
    .where('main_id', '=', mainId)
    .where('system', '=', system)
    .orderBy('id')
    .execute();
}

export async function findPlanEnds(db: Db, mainId: number) {
  return db
    .selectFrom('package_platforms')
    .select(['platform', 'system', 'shop_number', 'expire_at'])
    .where('main_id', '=', mainId)
    .orderBy('system')
    .orderBy('id')
    .execute();
}

/**
 * Adds a paid plan to the tenant's package of that platform: shops stack onto the held ones and
 * the months run on from the later of now and the current end. One statement, so two plans paid
 * at once both count.
 */
export async function stackPlan(
  db: Db,
  input: { mainId: number; system: number; platform: string; platformImageUrl: string; shops: number; months: number },
) {
  // One tenant's plans change one at a time, so two first plans of a platform paid at once make
  // one row, not two (the lock ends with the caller's transaction).
  await sql`SELECT pg_advisory_xact_lock(1120, ${input.mainId}::int)`.execute(db);
  const updated = await db
    .updateTable('package_platforms')
    .set((eb) => ({
      shop_number: eb('shop_number', '+', input.shops),
      surplus_shop_number: eb('surplus_shop_number', '+', input.shops),
      expire_at: sql<Date>`greatest(expire_at, now()) + make_interval(months => ${input.months})`,
    }))
    .where('main_id', '=', input.mainId)
    .where('system', '=', input.system)
    .where('platform', '=', input.platform)
    .returning(['id', 'shop_number', 'expire_at'])
    .executeTakeFirst();
  if (updated) return updated;
  return db
    .insertInto('package_platforms')
    .values({
      main_id: input.mainId,
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
