import { DATA_MENU_IDS } from '@seller-centre/contract/employees';
import { roleGrantFromRows } from '../platform/permissions.ts';
import type { TestApp } from './build-app.ts';
import { createMainAccount, createSubAccount, openTestSession, uniqueUserName } from './factories.ts';

/**
 * Access-control factories on top of test/factories.ts: tenants, roles with grants, employees
 * holding a role and data authority, shops and warehouses, all written straight to the database.
 */

export const signInAs = (app: TestApp, userId: number) => openTestSession(app, userId);

export type TestTenant = { tenantId: number; token: string; userName: string };

/** A main account (a tenant) with an open session. */
export async function createTenant(app: TestApp): Promise<TestTenant> {
  const { user, token } = await createMainAccount(app);
  return { tenantId: user.id, token, userName: user.userName! };
}

/** A role of the tenant holding `grants` (normalised as a save would). */
export async function createRole(
  app: TestApp,
  tenantId: number,
  grants: readonly number[],
  options: { name?: string; status?: 0 | 1; describe?: string } = {},
): Promise<number> {
  const { id } = await app.db
    .insertInto('auth_roles')
    .values({
      main_id: tenantId,
      name: options.name ?? uniqueUserName('role'),
      describe: options.describe ?? '',
      status: options.status ?? 1,
      created_by: tenantId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids = [...roleGrantFromRows(grants)];
  if (ids.length) {
    await app.db
      .insertInto('auth_role_menus')
      .values(ids.map((menuId) => ({ role_id: id, menu_id: menuId })))
      .execute();
  }
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
  tenantId: number,
  options: {
    roleId?: number | null;
    grants?: readonly number[];
    scopes?: DataScopeInput;
    status?: 0 | 1;
    userName?: string;
  } = {},
): Promise<TestEmployee> {
  const roleId = options.roleId !== undefined ? options.roleId : await createRole(app, tenantId, options.grants ?? []);
  const { user, token } = await createSubAccount(
    app,
    { id: tenantId },
    { userName: options.userName, status: options.status },
  );
  await app.db
    .updateTable('users')
    .set((eb) => ({ auth_role_id: roleId, created_by: eb.ref('main_id') }))
    .where('id', '=', user.id)
    .execute();
  await setDataScopes(app, user.id, options.scopes ?? {});
  return { userId: user.id, token, userName: user.userName!, roleId };
}

/** Sets an employee's data authority: every area 'all' unless `scopes` says otherwise. */
export async function setDataScopes(app: TestApp, userId: number, scopes: DataScopeInput): Promise<void> {
  await app.db.deleteFrom('employee_data_items').where('user_id', '=', userId).execute();
  await app.db.deleteFrom('employee_data_authority').where('user_id', '=', userId).execute();
  for (const menu of DATA_MENU_IDS) {
    const scope = scopes[menu] ?? { type: 1 };
    await app.db
      .insertInto('employee_data_authority')
      .values({ user_id: userId, data_menu_id: menu, auth_type: scope.type })
      .execute();
    if (scope.type === 2 && scope.items?.length) {
      await app.db
        .insertInto('employee_data_items')
        .values(scope.items.map((item) => ({ user_id: userId, data_menu_id: menu, item_id: item })))
        .execute();
    }
  }
}

/** Platforms and shops for a tenant: `{coupang: ['A', 'B']}` → shop ids in the given order. */
export async function createShops(
  app: TestApp,
  tenantId: number,
  byPlatform: Record<string, string[]>,
): Promise<number[]> {
  const ids: number[] = [];
  for (const [code, names] of Object.entries(byPlatform)) {
    await app.db
      .insertInto('platforms')
      .values({ main_id: tenantId, code, name: code.toUpperCase() })
      .onConflict((oc) => oc.doNothing())
      .execute();
    for (const shopName of names) {
      const row = await app.db
        .insertInto('shops')
        .values({ main_id: tenantId, platform: code, shop_name: shopName })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
  }
  return ids;
}

export async function createWarehouses(app: TestApp, tenantId: number, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const row = await app.db
      .insertInto('warehouses')
      .values({ main_id: tenantId, name })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}
