import { isUniqueViolation } from '../../db/errors.ts';
import {
  GRANTABLE_PERMISSION_IDS,
  LOCKED_PERMISSION_IDS,
  PERMISSION_CATALOGUE,
  PERMISSIONS,
  type TCatalogueNode,
} from '@seller-centre/contract/permissions';
import {
  BUILTIN_ROLE_ID,
  type TRole,
  type TRoleChoice,
  type TRoleList,
  type TRoleListQuery,
  type TRoleMenuNode,
  type TRoleUser,
} from '@seller-centre/contract/roles';
import { transaction, type Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n.ts';
import { roleChanged } from '../../platform/principal-changes.ts';
import {
  grantsOf,
  requireAnyPermission,
  requirePermission,
  roleGrantFromRows,
  type AccessContext,
} from '../../platform/permissions.ts';
import { countRoleHolders, findRoleHolders } from '../accounts/service.ts';
import {
  deleteRole as deleteRoleRow,
  findRoleById,
  findRoleMenuIds,
  findRoleNames as findRoleNameRows,
  findRolePage,
  findTenantRoles,
  insertRole,
  isRoleNameTaken,
  replaceRoleMenus,
  updateRole as updateRoleRow,
  updateRoleStatus,
  type RoleRow,
  type RowLock,
} from './repository.ts';

const P = PERMISSIONS.role;

function toRole(row: RoleRow, ctx: AccessContext): TRole {
  const builtin = row.id === BUILTIN_ROLE_ID;
  const createdAt = row.created_at.toISOString();
  return {
    id: row.id,
    name: builtin ? translate(ctx.lang, 'builtinRoleName') : row.name,
    describe: builtin ? translate(ctx.lang, 'builtinRoleDescribe') : row.describe,
    people_num: row.people_num,
    status: row.status,
    created_at: createdAt,
    added_time: createdAt,
    created_user: builtin ? translate(ctx.lang, 'systemUser') : (row.created_user ?? ''),
    update_at: row.updated_at.toISOString(),
  };
}

/** A role of the caller's tenant, or 404 (another tenant's role is simply not there). */
async function getRoleOrThrow(db: Db, ctx: AccessContext, id: number, lock?: RowLock) {
  const row = await findRoleById(db, ctx.principal.tenantId, id, lock);
  if (!row) throw AppError.notFound('roleNotFound');
  return row;
}

function refuseBuiltin(id: number): void {
  if (id === BUILTIN_ROLE_ID) throw AppError.forbidden('builtinRoleProtected');
}

/** The grant a role carries: role 1 everything a role may carry; a stored one normalised. */
async function roleGrant(db: Db, roleId: number): Promise<Set<number>> {
  if (roleId === BUILTIN_ROLE_ID) return new Set(GRANTABLE_PERMISSION_IDS);
  return roleGrantFromRows(await findRoleMenuIds(db, roleId));
}

export async function findRoles(db: Db, ctx: AccessContext, query: TRoleListQuery): Promise<TRoleList> {
  requirePermission(ctx.principal, P.page);
  const { total, rows } = await findRolePage(
    db,
    ctx.principal.tenantId,
    query,
    translate(ctx.lang, 'builtinRoleName'),
    ctx.principal,
  );
  return { total, data: rows.map((r) => toRole(r, ctx)) };
}

export async function createRole(
  db: Db,
  ctx: AccessContext,
  input: { name: string; describe: string },
): Promise<TRole> {
  requirePermission(ctx.principal, P.create);
  const { tenantId, userId } = ctx.principal;
  try {
    return await transaction(db, async (tx) => {
      if (await isRoleNameTaken(tx, tenantId, input.name)) throw AppError.conflict('roleNameTaken', { name: input.name });
      const id = await insertRole(tx, { tenantId, name: input.name, describe: input.describe, createdBy: userId });
      // A new role holds only the always-selected basics until its permissions are set.
      const grant = [...roleGrantFromRows(LOCKED_PERMISSION_IDS)].sort((a, b) => a - b);
      await replaceRoleMenus(tx, id, grant);
      const role = toRole((await findRoleById(tx, tenantId, id, undefined, ctx.principal))!, ctx);
      await writeAudit(tx, ctx, {
        action: 'role.create',
        targetType: 'role',
        targetId: id,
        before: null,
        after: { name: role.name, describe: role.describe, status: role.status, function_menu_ids: grant },
      });
      return role;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict('roleNameTaken', { name: input.name });
    throw error;
  }
}

export async function updateRole(
  db: Db,
  ctx: AccessContext,
  input: { id: number; name: string; describe: string },
): Promise<TRole> {
  requirePermission(ctx.principal, P.edit);
  const { tenantId } = ctx.principal;
  try {
    return await transaction(db, async (tx) => {
      const before = await getRoleOrThrow(tx, ctx, input.id, 'update');
      refuseBuiltin(input.id);
      await refuseStrongerRole(tx, ctx, input.id);
      if (await isRoleNameTaken(tx, tenantId, input.name, input.id)) {
        throw AppError.conflict('roleNameTaken', { name: input.name });
      }
      await updateRoleRow(tx, input.id, input);
      const role = toRole((await findRoleById(tx, tenantId, input.id, undefined, ctx.principal))!, ctx);
      await writeAudit(tx, ctx, {
        action: 'role.update',
        targetType: 'role',
        targetId: input.id,
        before: { name: before.name, describe: before.describe },
        after: { name: role.name, describe: role.describe },
      });
      return role;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict('roleNameTaken', { name: input.name });
    throw error;
  }
}

export async function setRoleStatus(db: Db, ctx: AccessContext, input: { id: number; status: 0 | 1 }): Promise<TRole> {
  requirePermission(ctx.principal, P.toggleStatus);
  return transaction(db, async (tx) => {
    const before = await getRoleOrThrow(tx, ctx, input.id, 'update');
    refuseBuiltin(input.id);
    await refuseStrongerRole(tx, ctx, input.id);
    await updateRoleStatus(tx, input.id, input.status);
    // Its holders' principals carry the role's permissions only while it is enabled.
    await roleChanged(tx, input.id);
    await writeAudit(tx, ctx, {
      action: 'role.status',
      targetType: 'role',
      targetId: input.id,
      before: { status: before.status },
      after: { status: input.status },
    });
    return toRole((await findRoleById(tx, ctx.principal.tenantId, input.id, undefined, ctx.principal))!, ctx);
  });
}

/** Deleting a role some account still holds is refused (409): they would be left with nothing. */
export async function deleteRole(db: Db, ctx: AccessContext, id: number): Promise<void> {
  requirePermission(ctx.principal, P.delete);
  await transaction(db, async (tx) => {
    const before = await getRoleOrThrow(tx, ctx, id, 'update');
    refuseBuiltin(id);
    await refuseStrongerRole(tx, ctx, id);
    const holders = await countRoleHolders(tx, ctx.principal.tenantId, id);
    if (holders > 0) throw AppError.conflict('roleInUse', { count: holders });
    const grant = await findRoleMenuIds(tx, id);
    await deleteRoleRow(tx, id);
    await roleChanged(tx, id);
    await writeAudit(tx, ctx, {
      action: 'role.delete',
      targetType: 'role',
      targetId: id,
      before: { name: before.name, describe: before.describe, status: before.status, function_menu_ids: grant },
      after: null,
    });
  });
}

export async function findRoleUsers(db: Db, ctx: AccessContext, id: number): Promise<TRoleUser[]> {
  requirePermission(ctx.principal, P.page);
  await getRoleOrThrow(db, ctx, id);
  // Role 1 is held by the main account alone; an employee sees the holders its data authority reaches.
  const rows = await findRoleHolders(db, ctx.principal, id, BUILTIN_ROLE_ID);
  return rows.map((r) => ({ user_id: r.id, user_name: r.user_name ?? r.phone_number }));
}

function toMenuTree(
  nodes: readonly TCatalogueNode[],
  selected: ReadonlySet<number>,
  ctx: AccessContext,
): TRoleMenuNode[] {
  return nodes
    .filter((node) => !node.mainOnly)
    .map((node) => ({
      id: node.id,
      kind: node.kind,
      name: node.name[ctx.lang],
      select: selected.has(node.id),
      locked: LOCKED_PERMISSION_IDS.includes(node.id),
      child_list: toMenuTree(node.child_list, selected, ctx),
    }));
}

/** The permission settings tree of a role, each node flagged `select`. */
export async function findRoleFunctionMenu(db: Db, ctx: AccessContext, id: number): Promise<TRoleMenuNode[]> {
  requirePermission(ctx.principal, P.page);
  await getRoleOrThrow(db, ctx, id);
  return toMenuTree(PERMISSION_CATALOGUE, await roleGrant(db, id), ctx);
}

/**
 * Saves a role's grant. Every id must be a grantable catalogue id (400 otherwise); the grant is
 * stored normalised (ancestors and locked ids added). An employee may add only what it holds
 * itself (403): nobody grants what they do not have; nor may it touch a role stronger than
 * itself. (Locked ids the role already carried may stay.)
 */
export async function setRoleFunctionMenu(
  db: Db,
  ctx: AccessContext,
  input: { id: number; function_menu_ids: string },
): Promise<{ id: number; function_menu_ids: number[] }> {
  requirePermission(ctx.principal, P.setPermissions);
  const requested = input.function_menu_ids ? input.function_menu_ids.split(',').map(Number) : [];
  const unknown = [...new Set(requested.filter((id) => !GRANTABLE_PERMISSION_IDS.has(id)))];
  const callerGrants = grantsOf(ctx.principal);
  return transaction(db, async (tx) => {
    await getRoleOrThrow(tx, ctx, input.id, 'update');
    refuseBuiltin(input.id);
    await refuseStrongerRole(tx, ctx, input.id);
    if (unknown.length) throw AppError.badRequest('unknownPermissionIds', { ids: unknown.join(',') });
    const next = roleGrantFromRows(requested);
    const current = await findRoleMenuIds(tx, input.id);
    const currentSet = new Set(current);
    const beyond = [...next].filter((id) => !currentSet.has(id) && !callerGrants.has(id)).sort((a, b) => a - b);
    if (beyond.length) throw AppError.forbidden('grantBeyondOwn', { ids: beyond.join(',') });
    const saved = [...next].sort((a, b) => a - b);
    await replaceRoleMenus(tx, input.id, saved);
    // Its holders' principals carry the permission ids it stores.
    await roleChanged(tx, input.id);
    await writeAudit(tx, ctx, {
      action: 'role.permissions',
      targetType: 'role',
      targetId: input.id,
      before: { function_menu_ids: current },
      after: { function_menu_ids: saved },
    });
    return { id: input.id, function_menu_ids: saved };
  });
}

/** Roles to choose from in the employee dialogs; readable from either management screen. */
export async function findRoleChoices(db: Db, ctx: AccessContext): Promise<TRoleChoice[]> {
  requireAnyPermission(ctx.principal, [P.page, PERMISSIONS.employee.page]);
  const rows = await findTenantRoles(db, ctx.principal.tenantId);
  return rows.map((r) => ({ id: r.id, name: r.name, status: r.status }));
}

/** Whether every permission of a role is also the caller's (employees may not hand out more). */
export async function isRoleWithinCallerGrants(db: Db, ctx: AccessContext, roleId: number): Promise<boolean> {
  if (ctx.principal.userType === 1) return true;
  const caller = grantsOf(ctx.principal);
  for (const id of await roleGrant(db, roleId)) if (!caller.has(id)) return false;
  return true;
}

/** An employee may not change a role that holds more than it does (a main account may). */
async function refuseStrongerRole(db: Db, ctx: AccessContext, roleId: number): Promise<void> {
  if (!(await isRoleWithinCallerGrants(db, ctx, roleId))) throw AppError.forbidden('roleStrongerThanCaller');
}

/** A role of the tenant (or role 1) for another module's check; `lock` holds its row. */
export function findTenantRole(db: Db, tenantId: number, roleId: number, lock?: RowLock): Promise<RoleRow | undefined> {
  return findRoleById(db, tenantId, roleId, lock);
}

/** Current names of roles by id for another module's page: the tenant's own, and role 1 in the caller's language. */
export async function findRoleNames(db: Db, ctx: AccessContext, ids: readonly number[]): Promise<Map<number, string>> {
  const names = await findRoleNameRows(db, ctx.principal.tenantId, ids);
  if (ids.includes(BUILTIN_ROLE_ID)) names.set(BUILTIN_ROLE_ID, translate(ctx.lang, 'builtinRoleName'));
  return names;
}
