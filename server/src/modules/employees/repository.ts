import type { TSubAccountListQuery } from '@seller-centre/contract/employees';
import type { Queryable } from '../../db/client.ts';
import type { Principal } from '../../platform/auth.ts';
import { dataAuthorityCondition } from '../../platform/data-authority.ts';

/**
 * Accounts of a tenant as the authority-management screen shows them: the main account's own
 * row (holding role 1) and its employees. An employee caller sees only the accounts its data
 * authority over employees allows.
 */

export type AccountRow = {
  id: string;
  user_type: number;
  user_name: string | null;
  phone_number: string;
  area: string;
  auth_role_id: string | null;
  role_name: string | null;
  status: number;
  system_list: number[];
  created_at: Date;
};

const ACCOUNT_COLUMNS = `u.id, u.user_type, u.user_name, u.phone_number, u.area, u.auth_role_id, r.name AS role_name,
  u.status, u.system_list, u.created_at`;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function findAccountPage(
  db: Queryable,
  principal: Principal,
  query: TSubAccountListQuery,
): Promise<{ total: number; rows: AccountRow[] }> {
  const params: unknown[] = [principal.mainId, query.status];
  let where = 'u.main_id = $1 AND u.status = $2';
  if (query.user_name) {
    params.push(`%${escapeLike(query.user_name)}%`);
    where += ` AND COALESCE(u.user_name, u.phone_number) ILIKE $${params.length}`;
  }
  where += ` AND ${dataAuthorityCondition(principal, 'employees', 'u.id', params)}`;
  const [count] = await db.query<{ total: string }>(`SELECT count(*) AS total FROM users u WHERE ${where}`, params);
  const rows = await db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS}
       FROM users u LEFT JOIN auth_roles r ON r.id = u.auth_role_id
      WHERE ${where}
      ORDER BY u.user_type, u.id DESC
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.limit, (query.page - 1) * query.limit],
  );
  return { total: Number(count!.total), rows };
}

/** One account of the tenant that the caller may see; `lock` for a change. */
export async function findVisibleAccount(
  db: Queryable,
  principal: Principal,
  userId: number,
  lock = false,
): Promise<AccountRow | undefined> {
  const params: unknown[] = [principal.mainId, userId];
  const scope = dataAuthorityCondition(principal, 'employees', 'u.id', params);
  const [row] = await db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS}
       FROM users u LEFT JOIN auth_roles r ON r.id = u.auth_role_id
      WHERE u.main_id = $1 AND u.id = $2 AND ${scope}
      ${lock ? 'FOR UPDATE OF u' : ''}`,
    params,
  );
  return row;
}

/** One account of the tenant, whatever the caller's data authority (to answer after a change). */
export async function findAccountById(db: Queryable, mainId: number, userId: number): Promise<AccountRow | undefined> {
  const [row] = await db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS}
       FROM users u LEFT JOIN auth_roles r ON r.id = u.auth_role_id
      WHERE u.main_id = $1 AND u.id = $2`,
    [mainId, userId],
  );
  return row;
}

/** Employees (not the main account) the caller may see, as data-authority choices. */
export async function findVisibleEmployees(
  db: Queryable,
  principal: Principal,
): Promise<{ id: string; user_name: string | null; phone_number: string }[]> {
  const params: unknown[] = [principal.mainId];
  const scope = dataAuthorityCondition(principal, 'employees', 'u.id', params);
  return db.query(
    `SELECT u.id, u.user_name, u.phone_number FROM users u
      WHERE u.main_id = $1 AND u.user_type = 2 AND ${scope}
      ORDER BY u.id`,
    params,
  );
}

export async function findTenantEmployeeIds(
  db: Queryable,
  mainId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM users WHERE main_id = $1 AND user_type = 2 AND id = ANY($2::bigint[])',
    [mainId, [...ids]],
  );
  return new Set(rows.map((r) => Number(r.id)));
}

export async function isUserNameTaken(db: Queryable, userName: string): Promise<boolean> {
  const [row] = await db.query('SELECT 1 FROM users WHERE lower(user_name) = lower($1)', [userName]);
  return Boolean(row);
}

export async function isPhoneTaken(db: Queryable, area: string, phone: string): Promise<boolean> {
  const [row] = await db.query('SELECT 1 FROM users WHERE area = $1 AND phone_number = $2', [area, phone]);
  return Boolean(row);
}

export async function insertEmployee(
  db: Queryable,
  input: {
    mainId: number;
    userName: string;
    area: string;
    phoneNumber: string;
    passwordHash: string;
    roleId: number;
    systemList: readonly number[];
    createdBy: number;
  },
): Promise<number> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO users (main_id, user_type, user_name, area, phone_number, password_hash, auth_role_id,
                        system_list, created_by, company_name)
     SELECT $1, 2, $2, $3, $4, $5, $6, $7::smallint[], $8, m.company_name FROM users m WHERE m.id = $1
     RETURNING id`,
    [
      input.mainId,
      input.userName,
      input.area,
      input.phoneNumber,
      input.passwordHash,
      input.roleId,
      [...input.systemList],
      input.createdBy,
    ],
  );
  return Number(row!.id);
}

export async function updateEmployeeRole(
  db: Queryable,
  userId: number,
  roleId: number,
  systemList: readonly number[],
): Promise<void> {
  await db.query(
    'UPDATE users SET auth_role_id = $2, system_list = $3::smallint[], updated_at = now() WHERE id = $1 AND user_type = 2',
    [userId, roleId, [...systemList]],
  );
}

export async function updateEmployeePassword(db: Queryable, userId: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1 AND user_type = 2', [
    userId,
    passwordHash,
  ]);
}

export async function updateEmployeeStatus(db: Queryable, userId: number, status: 0 | 1): Promise<void> {
  await db.query('UPDATE users SET status = $2, updated_at = now() WHERE id = $1 AND user_type = 2', [userId, status]);
}

export type DataAuthorityRow = { id: string; data_menu_id: number; auth_type: number; items: string[] };

export async function findDataAuthority(db: Queryable, userId: number): Promise<DataAuthorityRow[]> {
  return db.query<DataAuthorityRow>(
    `SELECT a.id, a.data_menu_id, a.auth_type,
            array(SELECT i.item_id::text FROM employee_data_items i
                   WHERE i.user_id = a.user_id AND i.data_menu_id = a.data_menu_id ORDER BY i.item_id) AS items
       FROM employee_data_authority a WHERE a.user_id = $1 ORDER BY a.data_menu_id`,
    [userId],
  );
}

/** Sets one area of an employee's data authority; items are kept only for type 2. */
export async function saveDataAuthority(
  db: Queryable,
  userId: number,
  dataMenuId: number,
  authType: number,
  items: readonly number[],
): Promise<void> {
  await db.query(
    `INSERT INTO employee_data_authority (user_id, data_menu_id, auth_type) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, data_menu_id) DO UPDATE SET auth_type = EXCLUDED.auth_type, updated_at = now()`,
    [userId, dataMenuId, authType],
  );
  await db.query('DELETE FROM employee_data_items WHERE user_id = $1 AND data_menu_id = $2', [userId, dataMenuId]);
  if (authType === 2 && items.length) {
    await db.query(
      `INSERT INTO employee_data_items (user_id, data_menu_id, item_id)
       SELECT $1, $2, unnest($3::bigint[]) ON CONFLICT DO NOTHING`,
      [userId, dataMenuId, [...items]],
    );
  }
}
