import { BUILTIN_ROLE_ID, type TRoleListQuery } from '@seller-centre/contract/roles';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import type { Principal } from '../../platform/auth.ts';
import { visibleTo } from '../../platform/data-authority.ts';

/** Roles visible to a tenant: its own, and the built-in role 1 shared by every tenant. */

export type RoleRow = {
  id: number;
  main_id: number | null;
  name: string;
  describe: string;
  status: number;
  people_num: number;
  created_user: string | null;
  created_at: Date;
  updated_at: Date;
};

export type RowLock = 'update' | 'share';

type RoleAndCreator = ExpressionBuilder<Database & { r: Database['auth_roles']; c: Database['users'] }, 'r' | 'c'>;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The roles a tenant sees, with who created each (read-only join on accounts' table). */
function visibleRoles(db: Db, tenantId: number) {
  return db
    .selectFrom('auth_roles as r')
    .leftJoin('users as c', 'c.id', 'r.created_by')
    .where((eb) => eb.or([eb('r.main_id', '=', tenantId), eb('r.id', '=', BUILTIN_ROLE_ID)]));
}

/**
 * The role columns. `people_num` counts the accounts holding the role (role 1: the main account);
 * given a viewer, only those its data authority over employees reaches, as the holders list.
 */
function roleColumns(tenantId: number, viewer?: Principal) {
  return (eb: RoleAndCreator) => [
    'r.id' as const,
    'r.main_id' as const,
    'r.name' as const,
    'r.describe' as const,
    'r.status' as const,
    'r.created_at' as const,
    'r.updated_at' as const,
    eb.fn.coalesce('c.user_name', 'c.phone_number').as('created_user'),
    eb.fn
      .coalesce(
        eb
          .selectFrom('users as p')
          .select(eb.fn.countAll<number>().as('n'))
          .where('p.main_id', '=', tenantId)
          .where((sub) =>
            sub.or([
              sub.and([sub('r.id', '=', BUILTIN_ROLE_ID), sub('p.user_type', '=', 1)]),
              sub('p.auth_role_id', '=', sub.ref('r.id')),
            ]),
          )
          .$if(viewer !== undefined, (q) => q.where((sub) => visibleTo(sub, viewer!, 'employees', 'p.id'))),
        sql<number>`0`,
      )
      .$castTo<number>()
      .as('people_num'),
  ];
}

export async function findRolePage(
  db: Db,
  tenantId: number,
  query: TRoleListQuery,
  builtinName: string,
  viewer?: Principal,
): Promise<{ total: number; rows: RoleRow[] }> {
  const filtered = visibleRoles(db, tenantId)
    .where('r.status', '=', query.status)
    .$if(Boolean(query.name), (q) =>
      q.where(
        (eb) => eb.case().when('r.id', '=', BUILTIN_ROLE_ID).then(builtinName).else(eb.ref('r.name')).end(),
        'ilike',
        `%${escapeLike(query.name!)}%`,
      ),
    );
  const { total } = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await filtered
    .select(roleColumns(tenantId, viewer))
    .orderBy('r.id')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return { total, rows };
}

/** A role of the tenant (or role 1); `lock` takes a row lock for a change; `viewer` as in roleColumns. */
export async function findRoleById(
  db: Db,
  tenantId: number,
  id: number,
  lock?: RowLock,
  viewer?: Principal,
): Promise<RoleRow | undefined> {
  return visibleRoles(db, tenantId)
    .select(roleColumns(tenantId, viewer))
    .where('r.id', '=', id)
    .$if(lock === 'update', (q) => q.forUpdate('r'))
    .$if(lock === 'share', (q) => q.forShare('r'))
    .executeTakeFirst();
}

export async function isRoleNameTaken(db: Db, tenantId: number, name: string, exceptId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('auth_roles')
    .select('id')
    .where('main_id', '=', tenantId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])))
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertRole(
  db: Db,
  input: { tenantId: number; name: string; describe: string; createdBy: number; status?: 0 | 1 },
): Promise<number> {
  const row = await db
    .insertInto('auth_roles')
    .values({
      main_id: input.tenantId,
      name: input.name,
      describe: input.describe,
      created_by: input.createdBy,
      ...(input.status === undefined ? {} : { status: input.status }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRole(db: Db, id: number, input: { name: string; describe: string }): Promise<void> {
  await db
    .updateTable('auth_roles')
    .set({ name: input.name, describe: input.describe, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function updateRoleStatus(db: Db, id: number, status: 0 | 1): Promise<void> {
  await db
    .updateTable('auth_roles')
    .set({ status, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteRole(db: Db, id: number): Promise<void> {
  await db.deleteFrom('auth_roles').where('id', '=', id).execute();
}

export async function findRoleMenuIds(db: Db, roleId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('auth_role_menus')
    .select('menu_id')
    .where('role_id', '=', roleId)
    .orderBy('menu_id')
    .execute();
  return rows.map((r) => r.menu_id);
}

export async function replaceRoleMenus(db: Db, roleId: number, ids: readonly number[]): Promise<void> {
  await db.deleteFrom('auth_role_menus').where('role_id', '=', roleId).execute();
  if (ids.length) {
    await db
      .insertInto('auth_role_menus')
      .values([...new Set(ids)].map((menuId) => ({ role_id: roleId, menu_id: menuId })))
      .execute();
  }
  await db
    .updateTable('auth_roles')
    .set({ updated_at: sql`now()` })
    .where('id', '=', roleId)
    .execute();
}

/** Every role of the tenant for choosing (role 1 is never assignable, so it is not listed). */
export async function findTenantRoles(db: Db, tenantId: number) {
  return db
    .selectFrom('auth_roles')
    .select(['id', 'name', 'status'])
    .where('main_id', '=', tenantId)
    .orderBy('status', 'desc')
    .orderBy('id')
    .execute();
}

/** Current names of a tenant's own roles by id (role 1 is named by the caller's language). */
export async function findRoleNames(db: Db, tenantId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('auth_roles')
    .select(['id', 'name'])
    .where('main_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
