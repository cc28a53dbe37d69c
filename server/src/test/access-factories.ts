import { DATA_MENU_IDS } from '@seller-centre/contract/employees';
import { roleGrantFromRows } from '../platform/permissions.ts';
import type { TestApp } from './build-app.ts';
import { createMainAccount, createSubAccount, openTestSession, uniqueUserName } from './factories.ts';

/**
 * Access-control factories on top of test/factories.ts: tenants, roles with grants, employees
 * holding a role and data authority, shops and warehouses, all written straight to the database.
 */

export const signInAs = (app: TestApp, userId: number) => openTestSession(app, userId);

export type TestTenant = { mainId: number; token: string; userName: string };

/** A main account (a tenant) with an open session. */
export async function createTenant(app: TestApp): Promise<TestTenant> {
  const { user, token } = await createMainAccount(app);
  return { mainId: user.id, token, userName: user.userName! };
}

/** A role of the tenant holding `grants` (normalised as a save would). */
export async function createRole(
  app: TestApp,
  mainId: number,
  grants: readonly number[],
  options: { name?: string; status?: 0 | 1; describe?: string } = {},
): Promise<number> {
  const [row] = await app.db.query<{ id: string }>(
    `INSERT INTO auth_roles (main_id, name, describe, status, created_by) VALUES ($1, $2, $3, $4, $1) RETURNING id`,
    [mainId, options.name ?? uniqueUserName('role'), options.describe ?? '', options.status ?? 1],
  );
  const id = Number(row!.id);
  const ids = [...roleGrantFromRows(grants)];
  await app.db.query('INSERT INTO auth_role_menus (role_id, menu_id) SELECT $1, unnest($2::int[])', [id, ids]);
  return id;
}

export type DataScopeInput = Partial<Record<number, { type: 1 | 2 | 3; items?: number[] }>>;

export type TestEmployee = { userId: number; token: string; userName: string; roleId: number | null };

/**
 * An employee of the tenant with an open session. Give `roleId`, or `grants` to make a role for
 * it. Data authority defaults to 'all' in every area; `scopes` overrides areas.
 */
export async function createEmployee(
  app: TestApp,
  mainId: number,
  options: {
    roleId?: number | null;
    grants?: readonly number[];
    scopes?: DataScopeInput;
    status?: 0 | 1;
    userName?: string;
  } = {},
): Promise<TestEmployee> {
  const roleId = options.roleId !== undefined ? options.roleId : await createRole(app, mainId, options.grants ?? []);
  const { user, token } = await createSubAccount(
    app,
    { id: mainId },
    { userName: options.userName, status: options.status },
  );
  await app.db.query('UPDATE users SET auth_role_id = $2, created_by = main_id WHERE id = $1', [user.id, roleId]);
  await setDataScopes(app, user.id, options.scopes ?? {});
  return { userId: user.id, token, userName: user.userName!, roleId };
}

/** Sets an employee's data authority: every area 'all' unless `scopes` says otherwise. */
export async function setDataScopes(app: TestApp, userId: number, scopes: DataScopeInput): Promise<void> {
  await app.db.query('DELETE FROM employee_data_items WHERE user_id = $1', [userId]);
  await app.db.query('DELETE FROM employee_data_authority WHERE user_id = $1', [userId]);
  for (const menu of DATA_MENU_IDS) {
    const scope = scopes[menu] ?? { type: 1 };
    await app.db.query('INSERT INTO employee_data_authority (user_id, data_menu_id, auth_type) VALUES ($1, $2, $3)', [
      userId,
      menu,
      scope.type,
    ]);
    if (scope.type === 2 && scope.items?.length) {
      await app.db.query(
        'INSERT INTO employee_data_items (user_id, data_menu_id, item_id) SELECT $1, $2, unnest($3::bigint[])',
        [userId, menu, scope.items],
      );
    }
  }
}

/** Platforms and shops for a tenant: `{coupang: ['A', 'B']}` → shop ids in the given order. */
export async function createShops(
  app: TestApp,
  mainId: number,
  byPlatform: Record<string, string[]>,
): Promise<number[]> {
  const ids: number[] = [];
  for (const [code, names] of Object.entries(byPlatform)) {
    await app.db.query('INSERT INTO platforms (main_id, code, name) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      mainId,
      code,
      code.toUpperCase(),
    ]);
    for (const shopName of names) {
      const [row] = await app.db.query<{ id: string }>(
        'INSERT INTO shops (main_id, platform, shop_name) VALUES ($1, $2, $3) RETURNING id',
        [mainId, code, shopName],
      );
      ids.push(Number(row!.id));
    }
  }
  return ids;
}

export async function createWarehouses(app: TestApp, mainId: number, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const [row] = await app.db.query<{ id: string }>(
      'INSERT INTO warehouses (main_id, name) VALUES ($1, $2) RETURNING id',
      [mainId, name],
    );
    ids.push(Number(row!.id));
  }
  return ids;
}
