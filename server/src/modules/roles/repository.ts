import { BUILTIN_ROLE_ID, type TRoleListQuery } from '@seller-centre/contract/roles';
import type { Queryable } from '../../db/client.ts';

/** Roles visible to a tenant: its own, and the built-in role 1 shared by every tenant. */

export type RoleRow = {
  id: string;
  main_id: string | null;
  name: string;
  describe: string;
  status: number;
  people_num: string;
  created_user: string | null;
  created_at: Date;
  updated_at: Date;
};

const ROLE_COLUMNS = `
  r.id, r.main_id, r.name, r.describe, r.status, r.created_at, r.updated_at,
  COALESCE(c.user_name, c.phone_number) AS created_user,
  CASE WHEN r.id = ${BUILTIN_ROLE_ID} THEN 1
       ELSE (SELECT count(*) FROM users p WHERE p.auth_role_id = r.id AND p.main_id = $1) END AS people_num`;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function findRolePage(
  db: Queryable,
  mainId: number,
  query: TRoleListQuery,
  builtinName: string,
): Promise<{ total: number; rows: RoleRow[] }> {
  const params: unknown[] = [mainId, query.status];
  let where = `(r.main_id = $1 OR r.id = ${BUILTIN_ROLE_ID}) AND r.status = $2`;
  if (query.name) {
    params.push(`%${escapeLike(query.name)}%`, builtinName);
    where += ` AND (CASE WHEN r.id = ${BUILTIN_ROLE_ID} THEN $${params.length} ELSE r.name END) ILIKE $${params.length - 1}`;
  }
  const [count] = await db.query<{ total: string }>(
    `SELECT count(*) AS total FROM auth_roles r WHERE ${where}`,
    params,
  );
  const rows = await db.query<RoleRow>(
    `SELECT ${ROLE_COLUMNS}
       FROM auth_roles r LEFT JOIN users c ON c.id = r.created_by
      WHERE ${where}
      ORDER BY r.id
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.limit, (query.page - 1) * query.limit],
  );
  return { total: Number(count!.total), rows };
}

/** A role of the tenant (or role 1); `lock` takes a row lock for a change. */
export async function findRoleById(
  db: Queryable,
  mainId: number,
  id: number,
  lock: '' | 'FOR UPDATE' | 'FOR SHARE' = '',
): Promise<RoleRow | undefined> {
  const [row] = await db.query<RoleRow>(
    `SELECT ${ROLE_COLUMNS}
       FROM auth_roles r LEFT JOIN users c ON c.id = r.created_by
      WHERE r.id = $2 AND (r.main_id = $1 OR r.id = ${BUILTIN_ROLE_ID})
      ${lock ? `${lock} OF r` : ''}`,
    [mainId, id],
  );
  return row;
}

export async function isRoleNameTaken(db: Queryable, mainId: number, name: string, exceptId = 0): Promise<boolean> {
  const [row] = await db.query('SELECT 1 FROM auth_roles WHERE main_id = $1 AND lower(name) = lower($2) AND id <> $3', [
    mainId,
    name,
    exceptId,
  ]);
  return Boolean(row);
}

export async function insertRole(
  db: Queryable,
  input: { mainId: number; name: string; describe: string; createdBy: number },
): Promise<number> {
  const [row] = await db.query<{ id: string }>(
    'INSERT INTO auth_roles (main_id, name, describe, created_by) VALUES ($1, $2, $3, $4) RETURNING id',
    [input.mainId, input.name, input.describe, input.createdBy],
  );
  return Number(row!.id);
}

export async function updateRole(db: Queryable, id: number, input: { name: string; describe: string }): Promise<void> {
  await db.query('UPDATE auth_roles SET name = $2, describe = $3, updated_at = now() WHERE id = $1', [
    id,
    input.name,
    input.describe,
  ]);
}

export async function updateRoleStatus(db: Queryable, id: number, status: 0 | 1): Promise<void> {
  await db.query('UPDATE auth_roles SET status = $2, updated_at = now() WHERE id = $1', [id, status]);
}

export async function deleteRole(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM auth_roles WHERE id = $1', [id]);
}

export async function countRoleHolders(db: Queryable, mainId: number, roleId: number): Promise<number> {
  const [row] = await db.query<{ n: string }>(
    'SELECT count(*) AS n FROM users WHERE auth_role_id = $1 AND main_id = $2',
    [roleId, mainId],
  );
  return Number(row!.n);
}

/** The users holding a role; role 1 is held by the main account. */
export async function findRoleHolders(
  db: Queryable,
  mainId: number,
  roleId: number,
): Promise<{ id: string; user_name: string | null; phone_number: string }[]> {
  if (roleId === BUILTIN_ROLE_ID) {
    return db.query('SELECT id, user_name, phone_number FROM users WHERE id = $1', [mainId]);
  }
  return db.query(
    'SELECT id, user_name, phone_number FROM users WHERE auth_role_id = $1 AND main_id = $2 ORDER BY id',
    [roleId, mainId],
  );
}

export async function findRoleMenuIds(db: Queryable, roleId: number): Promise<number[]> {
  const rows = await db.query<{ menu_id: number }>(
    'SELECT menu_id FROM auth_role_menus WHERE role_id = $1 ORDER BY menu_id',
    [roleId],
  );
  return rows.map((r) => r.menu_id);
}

export async function replaceRoleMenus(db: Queryable, roleId: number, ids: readonly number[]): Promise<void> {
  await db.query('DELETE FROM auth_role_menus WHERE role_id = $1', [roleId]);
  if (ids.length) {
    await db.query('INSERT INTO auth_role_menus (role_id, menu_id) SELECT $1, unnest($2::int[])', [roleId, [...ids]]);
  }
  await db.query('UPDATE auth_roles SET updated_at = now() WHERE id = $1', [roleId]);
}

/** Every role of the tenant for choosing (role 1 is never assignable, so it is not listed). */
export async function findTenantRoles(
  db: Queryable,
  mainId: number,
): Promise<{ id: string; name: string; status: number }[]> {
  return db.query('SELECT id, name, status FROM auth_roles WHERE main_id = $1 ORDER BY status DESC, id', [mainId]);
}
