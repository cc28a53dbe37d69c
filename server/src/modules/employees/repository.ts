import type { Db } from '../../db/client.ts';

/** Employees' data authority: one setting per data area, and the items of a type-2 setting. */

export type DataAuthorityRow = { id: number; data_menu_id: number; auth_type: number; items: number[] };

export async function findDataAuthority(db: Db, userId: number): Promise<DataAuthorityRow[]> {
  return db
    .selectFrom('employee_data_authority as a')
    .select((eb) => [
      'a.id',
      'a.data_menu_id',
      'a.auth_type',
      eb
        .fn<number[]>('array', [
          eb
            .selectFrom('employee_data_items as i')
            .select('i.item_id')
            .whereRef('i.user_id', '=', 'a.user_id')
            .whereRef('i.data_menu_id', '=', 'a.data_menu_id')
            .orderBy('i.item_id'),
        ])
        .as('items'),
    ])
    .where('a.user_id', '=', userId)
    .orderBy('a.data_menu_id')
    .execute();
}

/** Sets one area of an employee's data authority; items are kept only for type 2. */
export async function saveDataAuthority(
  db: Db,
  userId: number,
  dataMenuId: number,
  authType: number,
  items: readonly number[],
): Promise<void> {
  await db
    .insertInto('employee_data_authority')
    .values({ user_id: userId, data_menu_id: dataMenuId, auth_type: authType })
    .onConflict((oc) =>
      oc.columns(['user_id', 'data_menu_id']).doUpdateSet((eb) => ({
        auth_type: eb.ref('excluded.auth_type'),
        updated_at: eb.fn('now'),
      })),
    )
    .execute();
  await db
    .deleteFrom('employee_data_items')
    .where('user_id', '=', userId)
    .where('data_menu_id', '=', dataMenuId)
    .execute();
  if (authType === 2 && items.length) {
    await db
      .insertInto('employee_data_items')
      .values([...new Set(items)].map((itemId) => ({ user_id: userId, data_menu_id: dataMenuId, item_id: itemId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
