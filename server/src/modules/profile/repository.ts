import type { Db } from '../../db/client.ts';

export async function findDistributionSettings(
  db: Db,
  mainId: number,
): Promise<{ is_show_distributor: boolean; is_sync_m2b: boolean } | null> {
  const row = await db
    .selectFrom('distribution_settings')
    .select(['is_show_distributor', 'is_sync_m2b'])
    .where('main_id', '=', mainId)
    .executeTakeFirst();
  return row ?? null;
}
