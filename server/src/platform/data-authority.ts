import { AUTH_TYPES, DATA_MENUS, type TDataMenuId } from '@seller-centre/contract/employees';
import type { Queryable } from '../db/client.ts';
import type { DataScope, Principal } from './auth.ts';

export type { DataScope };

/**
 * Data authority narrows SQL, in one place. A repository that lists shops, warehouses,
 * employees' data, product-library or purchase rows appends the condition this module writes
 * to its WHERE clause (after its own tenant condition):
 *
 *   const params: unknown[] = [principal.mainId];
 *   const scope = dataAuthorityCondition(principal, 'shops', 's.id', params);
 *   db.query(`SELECT ... FROM shops s WHERE s.main_id = $1 AND ${scope}`, params);
 *
 * A main account sees every row of its tenant (`TRUE`). An employee sees the rows its data
 * authority allows, decided inside the same query (no lookup first, so no race and no extra
 * round trip): type 1 all rows, type 2 the selected items, type 3 (own-data areas) the rows it
 * created. An area with no setting shows nothing.
 */

type DataArea = 'shops' | 'warehouses' | 'employees' | 'productLibrary' | 'purchase';

const DATA_AREA_MENU: Record<DataArea, TDataMenuId> = {
  shops: DATA_MENUS.shops,
  warehouses: DATA_MENUS.warehouses,
  employees: DATA_MENUS.employees,
  productLibrary: DATA_MENUS.productLibrary,
  purchase: DATA_MENUS.purchase,
};

// Only trusted, qualified column names are spliced into SQL.
const COLUMN = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/;

function placeholder(params: unknown[], value: unknown): string {
  params.push(value);
  return `$${params.length}`;
}

/**
 * The condition for an area whose rows are picked item by item (shops, warehouses, employees):
 * `column` holds the row's id. Employees always see their own row in the employees area.
 */
export function dataAuthorityCondition(
  principal: Principal,
  area: 'shops' | 'warehouses' | 'employees',
  column: string,
  params: unknown[],
): string {
  if (!COLUMN.test(column)) throw new Error(`unsafe column name: ${column}`);
  if (principal.userType === 1) return 'TRUE';
  const user = placeholder(params, principal.userId);
  const menu = placeholder(params, DATA_AREA_MENU[area]);
  const self = area === 'employees' ? ` OR ${column} = ${user}` : '';
  return `(EXISTS (SELECT 1 FROM employee_data_authority da
                    WHERE da.user_id = ${user} AND da.data_menu_id = ${menu} AND da.auth_type = ${AUTH_TYPES.all})
          OR ${column} IN (SELECT di.item_id FROM employee_data_items di
                            WHERE di.user_id = ${user} AND di.data_menu_id = ${menu}
                              AND EXISTS (SELECT 1 FROM employee_data_authority d2
                                           WHERE d2.user_id = di.user_id AND d2.data_menu_id = di.data_menu_id
                                             AND d2.auth_type = ${AUTH_TYPES.selected}))${self})`;
}

/**
 * The condition for an own-data area (product library, purchase data): `creatorColumn` holds
 * the id of the user who created the row. Type 1 all rows of the tenant; type 3 own rows only.
 */
export function ownDataCondition(
  principal: Principal,
  area: 'productLibrary' | 'purchase',
  creatorColumn: string,
  params: unknown[],
): string {
  if (!COLUMN.test(creatorColumn)) throw new Error(`unsafe column name: ${creatorColumn}`);
  if (principal.userType === 1) return 'TRUE';
  const user = placeholder(params, principal.userId);
  const menu = placeholder(params, DATA_AREA_MENU[area]);
  return `EXISTS (SELECT 1 FROM employee_data_authority da
                   WHERE da.user_id = ${user} AND da.data_menu_id = ${menu}
                     AND (da.auth_type = ${AUTH_TYPES.all} OR (da.auth_type = ${AUTH_TYPES.own} AND ${creatorColumn} = ${user})))`;
}

/**
 * The caller's data authority per area, for checks in services ("may this granter grant
 * that?"); a main account's is `all` everywhere. It came with the principal, so this asks the
 * database nothing.
 */
export async function loadDataScopes(_db: Queryable, principal: Principal): Promise<Map<number, DataScope>> {
  return new Map(principal.dataScopes);
}

/**
 * Whether a granter holding `own` may hand out `wanted` (nobody grants what they do not have):
 * from 'all' anything; from 'selected' a subset of its items; from 'own data' only 'own data'.
 */
export function scopeCovers(
  own: DataScope | undefined,
  wanted: { authType: number; items: readonly number[] },
): boolean {
  if (!own) return false;
  if (own.authType === AUTH_TYPES.all) return true;
  if (own.authType === AUTH_TYPES.own) return wanted.authType === AUTH_TYPES.own;
  return wanted.authType === AUTH_TYPES.selected && wanted.items.every((id) => own.items.has(id));
}
