import {
  AUTH_TYPES,
  DATA_AUTHORITY_TABS,
  DATA_MENU_IDS,
  DATA_MENUS,
  parseIdList,
  SYSTEM_LIST_VALUES,
  type TDataAuthorityItem,
  type TDataAuthorityTree,
  type TSubAccount,
  type TSubAccountList,
  type TSubAccountListQuery,
} from '@seller-centre/contract/employees';
import { isUniqueViolation } from '../../db/errors.ts';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import { BUILTIN_ROLE_ID } from '@seller-centre/contract/roles';
import { transaction, type Db } from '../../db/client.ts';
import { accountChanged } from '../../platform/principal-changes.ts';
import { writeAudit } from '../../platform/audit.ts';
import { dataAuthorityCovers, loadDataScopes, scopeCovers, type DataScope } from '../../platform/data-authority.ts';
import { AppError } from '../../platform/errors.ts';
import { translate, type MessageKey } from '../../platform/i18n.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { requirePermission, type AccessContext } from '../../platform/permissions.ts';
import {
  createEmployee,
  findAccountPage,
  findTenantAccount,
  findTenantEmployeeIds,
  findVisibleAccount,
  findVisibleEmployees,
  isPhoneTaken,
  isUserNameTaken,
  setAccountStatus,
  setEmployeeRole,
  setPasswordHash,
  type TenantAccountRow,
} from '../accounts/service.ts';
import {
  findTenantShopIds,
  findTenantWarehouseIds,
  findVisibleShops,
  findVisibleWarehouses,
} from '../reference-data/service.ts';
import { findTenantRole, isRoleWithinCallerGrants } from '../roles/service.ts';
import { findDataAuthority, saveDataAuthority } from './repository.ts';

const P = PERMISSIONS.employee;

function toSubAccount(row: TenantAccountRow, ctx: AccessContext): TSubAccount {
  const main = row.user_type === 1;
  const createdAt = row.created_at.toISOString();
  return {
    id: row.id,
    user_id: row.id,
    user_name: row.user_name ?? row.phone_number,
    user_mobile: row.phone_number,
    area: row.area,
    auth_role_id: main ? BUILTIN_ROLE_ID : row.auth_role_id,
    auth_role_name: main ? translate(ctx.lang, 'builtinRoleName') : (row.role_name ?? ''),
    status: row.status,
    created_at: createdAt,
    added_time: createdAt,
    system_list: main ? [...SYSTEM_LIST_VALUES] : row.system_list,
  };
}

function forbidden(key: MessageKey, params?: Record<string, string | number>): AppError {
  return AppError.forbidden(key, params);
}
function notFound(key: MessageKey, params?: Record<string, string | number>): AppError {
  return AppError.notFound(key, params);
}

export async function findSubAccounts(
  db: Db,
  ctx: AccessContext,
  query: TSubAccountListQuery,
): Promise<TSubAccountList> {
  requirePermission(ctx.principal, P.page);
  const { total, rows } = await findAccountPage(db, ctx.principal, query);
  return { total, data: rows.map((r) => toSubAccount(r, ctx)) };
}

/**
 * The account a read or a change is aimed at. Another tenant's, or one outside the caller's data
 * authority over employees: 404. The main account's own row (role 1): 403. An employee caller
 * must also cover the target: its role holds nothing the caller's does not, and its data
 * authority reaches nothing the caller's does not (403 otherwise), so nobody reads or takes over
 * an account wider than their own, by role or by data. An employee may read its own settings
 * but not change them here.
 */
async function getTargetOrThrow(tx: Db, ctx: AccessContext, userId: number, mode: 'read' | 'write') {
  const target = await findVisibleAccount(tx, ctx.principal, userId, mode === 'write');
  if (!target) throw notFound('employeeNotFound');
  if (target.user_type === 1) throw forbidden('topRoleAccountProtected');
  if (ctx.principal.userType === 2) {
    if (target.id === ctx.principal.userId) {
      if (mode === 'write') throw forbidden('selfChangeRefused');
      return target;
    }
    if (target.auth_role_id !== null && !(await isRoleWithinCallerGrants(tx, ctx, target.auth_role_id))) {
      throw forbidden('employeeBeyondOwn');
    }
    if (!dataAuthorityCovers(ctx.principal, await findDataAuthority(tx, target.id))) {
      throw forbidden('employeeDataBeyondOwn');
    }
  }
  return target;
}

/** The role an account is given: the tenant's (404), enabled (400), not role 1, within the caller's. */
async function checkAssignableRole(tx: Db, ctx: AccessContext, roleId: number) {
  if (roleId === BUILTIN_ROLE_ID) throw AppError.badRequest('builtinRoleNotAssignable');
  const role = await findTenantRole(tx, ctx.principal.tenantId, roleId, 'share');
  if (!role) throw notFound('roleNotFound');
  if (role.status !== 1) throw AppError.badRequest('roleDisabled');
  if (!(await isRoleWithinCallerGrants(tx, ctx, roleId))) throw forbidden('roleBeyondOwn');
  return role;
}

type WantedScope = { dataMenuId: number; authType: 1 | 2 | 3; items: number[] };

const AT_LEAST_ONE: Record<number, MessageKey> = {
  [DATA_MENUS.shops]: 'atLeastOneShop',
  [DATA_MENUS.warehouses]: 'atLeastOneWarehouse',
  [DATA_MENUS.employees]: 'atLeastOneEmployee',
};

/**
 * Checks settings an account is given: type 2 names at least one item; every item is the
 * tenant's (404 naming the missing ids); an employee caller hands out no more than its own.
 */
async function checkWantedScopes(
  tx: Db,
  ctx: AccessContext,
  wanted: readonly WantedScope[],
  callerScopes: Map<number, DataScope>,
): Promise<void> {
  const { tenantId } = ctx.principal;
  for (const w of wanted) {
    if (w.authType !== AUTH_TYPES.selected) continue;
    if (!w.items.length) throw AppError.badRequest(AT_LEAST_ONE[w.dataMenuId] ?? 'badRequest');
    const found =
      w.dataMenuId === DATA_MENUS.shops
        ? await findTenantShopIds(tx, tenantId, w.items)
        : w.dataMenuId === DATA_MENUS.warehouses
          ? await findTenantWarehouseIds(tx, tenantId, w.items)
          : await findTenantEmployeeIds(tx, tenantId, w.items);
    const missing = w.items.filter((id) => !found.has(id));
    if (missing.length) {
      const key: MessageKey =
        w.dataMenuId === DATA_MENUS.shops
          ? 'shopNotFound'
          : w.dataMenuId === DATA_MENUS.warehouses
            ? 'warehouseNotFound'
            : 'dataEmployeeNotFound';
      throw notFound(key, { ids: missing.join(',') });
    }
  }
  for (const w of wanted) {
    if (!scopeCovers(callerScopes.get(w.dataMenuId), w)) throw forbidden('dataBeyondOwn');
  }
}

export async function createSubAccount(
  db: Db,
  ctx: AccessContext,
  input: {
    user_name: string;
    area: string;
    phone_number: string;
    password: string;
    auth_role_id: number;
    shop_auth: { auth_type: 1 | 2; auth_data: { platform: string; auth_value: string }[] };
    warehouse_auth: { auth_type: 1 | 2; auth_value: string };
    system_list?: number[] | undefined;
  },
): Promise<TSubAccount> {
  requirePermission(ctx.principal, P.create);
  const { tenantId, userId } = ctx.principal;

  const shopItems =
    input.shop_auth.auth_type === 2
      ? [...new Set(input.shop_auth.auth_data.flatMap((d) => parseIdList(d.auth_value)))]
      : [];
  const warehouseItems = input.warehouse_auth.auth_type === 2 ? parseIdList(input.warehouse_auth.auth_value) : [];
  if (input.shop_auth.auth_type === 2 && !shopItems.length) throw AppError.badRequest('atLeastOneShop');
  if (input.warehouse_auth.auth_type === 2 && !warehouseItems.length) throw AppError.badRequest('atLeastOneWarehouse');

  const passwordHash = await hashPassword(input.password);
  try {
    return await transaction(db, async (tx) => {
      await checkAssignableRole(tx, ctx, input.auth_role_id);
      // Each chosen shop must be on the platform it was chosen under.
      if (input.shop_auth.auth_type === 2) {
        for (const group of input.shop_auth.auth_data) {
          const ids = parseIdList(group.auth_value);
          const found = await findTenantShopIds(tx, tenantId, ids, group.platform);
          const missing = ids.filter((id) => !found.has(id));
          if (missing.length) throw notFound('shopNotFound', { ids: missing.join(',') });
        }
      }
      const callerScopes = loadDataScopes(ctx.principal);
      const wanted: WantedScope[] = [
        { dataMenuId: DATA_MENUS.shops, authType: input.shop_auth.auth_type, items: shopItems },
        { dataMenuId: DATA_MENUS.warehouses, authType: input.warehouse_auth.auth_type, items: warehouseItems },
      ];
      await checkWantedScopes(tx, ctx, wanted, callerScopes);
      // The other areas start as the creator's own (a main account's: all data).
      for (const id of DATA_MENU_IDS) {
        if (wanted.some((w) => w.dataMenuId === id)) continue;
        const own = callerScopes.get(id);
        if (own) wanted.push({ dataMenuId: id, authType: own.authType, items: [...own.items] });
      }

      if (await isUserNameTaken(tx, input.user_name)) {
        throw AppError.conflict('employeeNameTaken', { name: input.user_name });
      }
      if (await isPhoneTaken(tx, input.area, input.phone_number)) throw AppError.conflict('employeePhoneTaken');
      const systemList = input.system_list ?? [...SYSTEM_LIST_VALUES];
      const id = await createEmployee(tx, {
        tenantId,
        userName: input.user_name,
        area: input.area,
        phoneNumber: input.phone_number,
        passwordHash,
        roleId: input.auth_role_id,
        systemList,
        createdBy: userId,
      });
      for (const w of wanted) await saveDataAuthority(tx, id, w.dataMenuId, w.authType, w.items);
      const row = (await findTenantAccount(tx, ctx.principal.tenantId, id))!;
      const account = toSubAccount(row, ctx);
      await writeAudit(tx, ctx, {
        action: 'employee.create',
        targetType: 'employee',
        targetId: id,
        before: null,
        after: {
          user_name: account.user_name,
          area: account.area,
          user_mobile: account.user_mobile,
          auth_role_id: account.auth_role_id,
          system_list: account.system_list,
          data_authority: wanted.map((w) => ({ data_menu_id: w.dataMenuId, auth_type: w.authType, items: w.items })),
        },
      });
      return account;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_user_name_key'))
      throw AppError.conflict('employeeNameTaken', { name: input.user_name });
    if (isUniqueViolation(error, 'users_phone_key')) throw AppError.conflict('employeePhoneTaken');
    throw error;
  }
}

export async function updateSubAccount(
  db: Db,
  ctx: AccessContext,
  input: { user_id: number; auth_role_id: number; system_list?: number[] | undefined },
): Promise<TSubAccount> {
  requirePermission(ctx.principal, P.edit);
  return transaction(db, async (tx) => {
    const before = await getTargetOrThrow(tx, ctx, input.user_id, 'write');
    await checkAssignableRole(tx, ctx, input.auth_role_id);
    // Leaving system_list out keeps what the account had.
    const systemList = input.system_list ?? before.system_list;
    await setEmployeeRole(tx, input.user_id, input.auth_role_id, systemList);
    const after = toSubAccount((await findTenantAccount(tx, ctx.principal.tenantId, input.user_id))!, ctx);
    await writeAudit(tx, ctx, {
      action: 'employee.update',
      targetType: 'employee',
      targetId: input.user_id,
      before: { auth_role_id: before.auth_role_id, system_list: before.system_list },
      after: { auth_role_id: after.auth_role_id, system_list: after.system_list },
    });
    return after;
  });
}

/** Sets a new password and signs the employee out everywhere. */
export async function changeSubAccountPassword(
  db: Db,
  ctx: AccessContext,
  input: { user_id: number; password: string },
): Promise<void> {
  requirePermission(ctx.principal, P.changePassword);
  const passwordHash = await hashPassword(input.password);
  await transaction(db, async (tx) => {
    await getTargetOrThrow(tx, ctx, input.user_id, 'write');
    await setPasswordHash(tx, input.user_id, passwordHash);
    await writeAudit(tx, ctx, {
      action: 'employee.password',
      targetType: 'employee',
      targetId: input.user_id,
      before: null,
      // Never the password itself, nor its hash.
      after: { password_changed: true, sessions_revoked: true },
    });
  });
}

/** Enables or disables an account; disabling signs it out at once (its next request is a 401). */
export async function setSubAccountStatus(
  db: Db,
  ctx: AccessContext,
  input: { user_id: number; status: 0 | 1 },
): Promise<TSubAccount> {
  requirePermission(ctx.principal, P.toggleStatus);
  return transaction(db, async (tx) => {
    const before = await getTargetOrThrow(tx, ctx, input.user_id, 'write');
    await setAccountStatus(tx, input.user_id, input.status);
    await writeAudit(tx, ctx, {
      action: 'employee.status',
      targetType: 'employee',
      targetId: input.user_id,
      before: { status: before.status },
      after: { status: input.status },
    });
    return toSubAccount((await findTenantAccount(tx, ctx.principal.tenantId, input.user_id))!, ctx);
  });
}

/** A setting as the contract's data-authority item; an area never set reads as type 0 (no data). */
function toItem(
  dataMenuId: number,
  row: { id: number; auth_type: number; items: number[] } | undefined,
): TDataAuthorityItem {
  return {
    id: row ? row.id : 0,
    data_menu_id: dataMenuId,
    auth_type: row?.auth_type ?? 0,
    auth_value: row && row.auth_type === AUTH_TYPES.selected ? row.items.join(',') : '',
  };
}

/**
 * The data authority tree of an account: tabs, their areas with the current setting, and the
 * items that may be chosen (themselves narrowed by the caller's own data authority).
 */
export async function findDataAuthorityTree(db: Db, ctx: AccessContext, userId: number): Promise<TDataAuthorityTree> {
  requirePermission(ctx.principal, P.page);
  await getTargetOrThrow(db, ctx, userId, 'read');
  const settings = new Map((await findDataAuthority(db, userId)).map((r) => [r.data_menu_id, r]));
  const [shops, warehouses, employees] = await Promise.all([
    findVisibleShops(db, ctx.principal),
    findVisibleWarehouses(db, ctx.principal),
    findVisibleEmployees(db, ctx.principal),
  ]);
  const choices: Record<number, { id: number; name: string; group_tag: string }[]> = {
    [DATA_MENUS.shops]: shops.map((s) => ({ id: s.id, name: s.shop_name, group_tag: s.platform_name })),
    [DATA_MENUS.warehouses]: warehouses.map((w) => ({ id: w.id, name: w.name, group_tag: '' })),
    [DATA_MENUS.employees]: employees
      .filter((e) => e.id !== userId)
      .map((e) => ({ id: e.id, name: e.user_name ?? e.phone_number, group_tag: '' })),
  };
  return DATA_AUTHORITY_TABS.map((tab) => ({
    name: tab.name[ctx.lang],
    code: tab.code,
    child_list: tab.child_list.map((child) => {
      return {
        id: child.id,
        name: child.name[ctx.lang],
        auth_types: [...child.auth_types],
        auth_data: toItem(child.id, settings.get(child.id)),
        data: choices[child.id] ?? [],
      };
    }),
  }));
}

/** Saves the areas named; areas not named keep their setting. */
export async function updateDataAuthority(
  db: Db,
  ctx: AccessContext,
  input: { user_id: number; auth_data: { data_menu_id: number; auth_type: 1 | 2 | 3; auth_value: string }[] },
): Promise<TDataAuthorityItem[]> {
  requirePermission(ctx.principal, P.dataAuthority);
  const byMenu = new Map<number, WantedScope>();
  input.auth_data.forEach((item, index) => {
    const area = DATA_AUTHORITY_TABS.flatMap((t) => t.child_list).find((c) => c.id === item.data_menu_id);
    const field = `auth_data.${index}.data_menu_id`;
    if (!area) throw AppError.badRequest('unknownDataMenu', { field, id: item.data_menu_id });
    if (!area.auth_types.includes(item.auth_type)) {
      throw AppError.badRequest('authTypeNotAllowed', {
        field: `auth_data.${index}.auth_type`,
        id: item.data_menu_id,
        type: item.auth_type,
      });
    }
    byMenu.set(item.data_menu_id, {
      dataMenuId: item.data_menu_id,
      authType: item.auth_type,
      items: item.auth_type === AUTH_TYPES.selected ? parseIdList(item.auth_value) : [],
    });
  });
  return transaction(db, async (tx) => {
    await getTargetOrThrow(tx, ctx, input.user_id, 'write');
    const wanted = [...byMenu.values()];
    await checkWantedScopes(tx, ctx, wanted, loadDataScopes(ctx.principal));
    const before = await findDataAuthority(tx, input.user_id);
    for (const w of wanted) await saveDataAuthority(tx, input.user_id, w.dataMenuId, w.authType, w.items);
    // The employee's principal carries its data authority.
    await accountChanged(tx, input.user_id);
    const after = await findDataAuthority(tx, input.user_id);
    const view = (rows: typeof after) =>
      rows.map((r) => ({ data_menu_id: r.data_menu_id, auth_type: r.auth_type, items: r.items }));
    await writeAudit(tx, ctx, {
      action: 'employee.data_authority',
      targetType: 'employee',
      targetId: input.user_id,
      before: view(before),
      after: view(after),
    });
    return after.map((r) => toItem(r.data_menu_id, r));
  });
}
