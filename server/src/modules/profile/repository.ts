import type { Db } from '../../db/client.ts';

export async function findDistributionSettings(
  db: Db,
  tenantId: number,
): Promise<{ is_show_distributor: boolean; is_sync_m2b: boolean } | null> {
  const row = await db
    .selectFrom('distribution_settings')
    .select(['is_show_distributor', 'is_sync_m2b'])
    .where('main_id', '=', tenantId)
    .executeTakeFirst();
  return row ?? null;
}

export async function upsertShowDistributor(db: Db, tenantId: number, on: boolean): Promise<void> {
  await db
    .insertInto('distribution_settings')
    .values({ main_id: tenantId, is_show_distributor: on })
    .onConflict((oc) => oc.column('main_id').doUpdateSet({ is_show_distributor: on }))
    .execute();
}
