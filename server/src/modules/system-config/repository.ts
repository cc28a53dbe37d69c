import { toJsonb, type Db } from '../../db/client.ts';

export async function findSystemConfig(db: Db) {
  return db
    .selectFrom('system_config')
    .select(['config_code', 'config_value'])
    .orderBy('sort')
    .orderBy('config_code')
    .execute();
}

/** Sets one item (seeds and operators); the value is stored as JSON. */
export async function upsertSystemConfig(db: Db, code: string, value: unknown, sort = 0): Promise<void> {
  await db
    .insertInto('system_config')
    .values({ config_code: code, config_value: toJsonb(value), sort })
    .onConflict((oc) =>
      oc.column('config_code').doUpdateSet((eb) => ({
        config_value: eb.ref('excluded.config_value'),
        sort: eb.ref('excluded.sort'),
        updated_at: eb.fn('now'),
      })),
    )
    .execute();
}
