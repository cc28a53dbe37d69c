import { randomInt } from 'node:crypto';
import { DATA_MENU_IDS } from '@seller-centre/contract/employees';
import type { Queryable } from '../db/client.ts';
import { createSession } from '../platform/auth.ts';
import { hashPassword } from '../platform/passwords.ts';
import { roleGrantFromRows } from '../platform/permissions.ts';

/**
 * Small factories for the access-control tests: tenants, roles, employees, shops and warehouses
 * written straight to the database, and sessions opened the way sign-in opens them.
 */

export const TEST_PASSWORD = 'Test@1234';
let passwordHash: Promise<string> | undefined;
function testPasswordHash(): Promise<string> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return passwordHash;
}

let sequence = 0;
function unique(prefix: string): { name: string; phone: string } {
  sequence += 1;
  const tag = `${randomInt(1_000, 9_999)}${String(sequence).padStart(4, '0')}`;
  return { name: `${prefix}${tag}`, phone: `139${tag}` };
}

export async function signInAs(db: Queryable, userId: number): Promise<string> {
  const session = await createSession(db, {
    userId,
    method: 'account',
    longTime: false,
    system: 1,
    ip: '127.0.0.1',
    userAgent: 'vitest',
  });
  return session.token;
}

export type TestTenant = { mainId: number; token: string; userName: string };

/** A main account (a tenant) with an open session. */
export async function createTenant(db: Queryable, overrides: { userName?: string; status?: 0 | 1 } = {}): Promise<TestTenant> {
  const { name, phone } = unique('main');
  const userName = overrides.userName ?? name;
  const [row] = await db.query<{ id: string }>(
    `WITH next AS (SELECT nextval(pg_get_serial_sequence('users', 'id')) AS id)
     INSERT INTO users (id, main_id, user_type, user_name, phone_number, company_name, password_hash, status)
     SELECT id, id, 1, $1, $2, 'Test Co.', $3, $4 FROM next RETURNING id`,
    [userName, phone, await testPasswordHash(), overrides.status ?? 1],
  );
  const mainId = Number(row!.id);
  return { mainId, token: await signInAs(db, mainId), userName };
}

/** A role of the tenant holding `grants` (normalised as a save would). */
export async function createRole(
  db: Queryable,
  mainId: number,
  grants: readonly number[],
  options: { name?: string; status?: 0 | 1; describe?: string } = {},
): Promise<number> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO auth_roles (main_id, name, describe, status, created_by) VALUES ($1, $2, $3, $4, $1) RETURNING id`,
    [mainId, options.name ?? unique('role').name, options.describe ?? '', options.status ?? 1],
  );
  const id = Number(row!.id);
  const ids = [...roleGrantFromRows(grants)];
  if (ids.length) {
    await db.query('INSERT INTO auth_role_menus (role_id, menu_id) SELECT $1, unnest($2::int[])', [id, ids]);
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
  db: Queryable,
  mainId: number,
  options: { roleId?: number | null; grants?: readonly number[]; scopes?: DataScopeInput; status?: 0 | 1; userName?: string } = {},
): Promise<TestEmployee> {
  const { name, phone } = unique('emp');
  const userName = options.userName ?? name;
  const roleId = options.roleId !== undefined ? options.roleId : await createRole(db, mainId, options.grants ?? []);
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO users (main_id, user_type, user_name, phone_number, password_hash, auth_role_id, status, created_by)
     VALUES ($1, 2, $2, $3, $4, $5, $6, $1) RETURNING id`,
    [mainId, userName, phone, await testPasswordHash(), roleId, options.status ?? 1],
  );
  const userId = Number(row!.id);
  await setDataScopes(db, userId, options.scopes ?? {});
  return { userId, token: await signInAs(db, userId), userName, roleId };
}

/** Sets an employee's data authority: every area 'all' unless `scopes` says otherwise. */
export async function setDataScopes(db: Queryable, userId: number, scopes: DataScopeInput): Promise<void> {
  await db.query('DELETE FROM employee_data_items WHERE user_id = $1', [userId]);
  await db.query('DELETE FROM employee_data_authority WHERE user_id = $1', [userId]);
  for (const menu of DATA_MENU_IDS) {
    const scope = scopes[menu] ?? { type: 1 };
    await db.query('INSERT INTO employee_data_authority (user_id, data_menu_id, auth_type) VALUES ($1, $2, $3)', [
      userId,
      menu,
      scope.type,
    ]);
    if (scope.type === 2 && scope.items?.length) {
      await db.query(
        'INSERT INTO employee_data_items (user_id, data_menu_id, item_id) SELECT $1, $2, unnest($3::bigint[])',
        [userId, menu, scope.items],
      );
    }
  }
}

/** Platforms and shops for a tenant: `{coupang: ['A', 'B']}` → shop ids in the given order. */
export async function createShops(db: Queryable, mainId: number, byPlatform: Record<string, string[]>): Promise<number[]> {
  const ids: number[] = [];
  for (const [code, names] of Object.entries(byPlatform)) {
    await db.query('INSERT INTO platforms (main_id, code, name) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      mainId,
      code,
      code.toUpperCase(),
    ]);
    for (const shopName of names) {
      const [row] = await db.query<{ id: string }>(
        'INSERT INTO shops (main_id, platform, shop_name) VALUES ($1, $2, $3) RETURNING id',
        [mainId, code, shopName],
      );
      ids.push(Number(row!.id));
    }
  }
  return ids;
}

export async function createWarehouses(db: Queryable, mainId: number, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const [row] = await db.query<{ id: string }>('INSERT INTO warehouses (main_id, name) VALUES ($1, $2) RETURNING id', [
      mainId,
      name,
    ]);
    ids.push(Number(row!.id));
  }
  return ids;
}
