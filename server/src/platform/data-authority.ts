import { AUTH_TYPES, DATA_MENUS, type TDataMenuId } from '@seller-centre/contract/employees';
import {
  expressionBuilder,
  sql,
  type Expression,
  type ExpressionBuilder,
  type SqlBool,
  type StringReference,
} from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DataScope, Principal } from './auth.ts';

export type { DataScope };

/**
 * Data authority narrows SQL, in one place. A query that lists shops, warehouses, employees'
 * data, product-library or purchase rows adds the condition this module builds to its WHERE
 * (after its own tenant condition):
 *
 *   db.selectFrom('shops as s')
 *     .where('s.main_id', '=', principal.tenantId)
 *     .where((eb) => visibleTo(eb, principal, 'shops', 's.id'))
 *
 * A main account sees every row of its tenant (no condition). An employee sees the rows its data
 * authority allows, decided inside the same query (no lookup first, so no race and no extra
 * round trip): type 1 all rows, type 2 the selected items, type 3 (own-data areas) the rows it
 * created. An area with no setting shows nothing. The column is a checked reference of the
 * query it is added to, and every value is a bound parameter.
 */

type DataArea = 'shops' | 'warehouses' | 'employees' | 'productLibrary' | 'purchase';

const DATA_AREA_MENU: Record<DataArea, TDataMenuId> = {
  shops: DATA_MENUS.shops,
  warehouses: DATA_MENUS.warehouses,
  employees: DATA_MENUS.employees,
  productLibrary: DATA_MENUS.productLibrary,
  purchase: DATA_MENUS.purchase,
};

// The data-authority tables, whatever query the condition joins.
const authority = expressionBuilder<Database>();

function areaSetting(principal: Principal, area: DataArea) {
  return authority
    .selectFrom('employee_data_authority as da')
    .select('da.auth_type')
    .where('da.user_id', '=', principal.userId)
    .where('da.data_menu_id', '=', DATA_AREA_MENU[area]);
}

/**
 * The condition for an area whose rows are picked item by item (shops, warehouses, employees):
 * `column` holds the row's id. Employees always see their own row in the employees area.
 */
export function visibleTo<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  principal: Principal,
  area: 'shops' | 'warehouses' | 'employees',
  column: StringReference<DB, TB>,
): Expression<SqlBool> {
  if (principal.userType === 1) return sql<SqlBool>`TRUE`;
  const row = sql.ref(column);
  const all = areaSetting(principal, area).where('da.auth_type', '=', AUTH_TYPES.all);
  const items = authority
    .selectFrom('employee_data_items as di')
    .select('di.item_id')
    .where('di.user_id', '=', principal.userId)
    .where('di.data_menu_id', '=', DATA_AREA_MENU[area])
    .where((sub) => sub.exists(areaSetting(principal, area).where('da.auth_type', '=', AUTH_TYPES.selected)));
  const conditions: Expression<SqlBool>[] = [eb.exists(all), eb(row, 'in', items)];
  if (area === 'employees') conditions.push(eb(row, '=', principal.userId));
  return eb.or(conditions);
}

/**
 * The condition for an own-data area (product library, purchase data): `creatorColumn` holds
 * the id of the user who created the row. Type 1 all rows of the tenant; type 3 own rows only.
 */
export function ownDataVisibleTo<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  principal: Principal,
  area: 'productLibrary' | 'purchase',
  creatorColumn: StringReference<DB, TB>,
): Expression<SqlBool> {
  if (principal.userType === 1) return sql<SqlBool>`TRUE`;
  const setting = areaSetting(principal, area).where((sub) =>
    sub.or([
      sub('da.auth_type', '=', AUTH_TYPES.all),
      sub.and([
        sub('da.auth_type', '=', AUTH_TYPES.own),
        sql<SqlBool>`${sql.ref(creatorColumn)} = ${principal.userId}`,
      ]),
    ]),
  );
  return eb.exists(setting);
}

/**
 * Whether the principal sees every row of an area: a main account, or an employee set to "all"
 * there. From the scopes that came with the principal (asks the database nothing), for a service
 * choosing between a tenant-wide figure (a kept total) and counting the rows the conditions above
 * let through.
 */
export function seesAllOf(principal: Principal, area: DataArea): boolean {
  return principal.userType === 1 || principal.dataScopes.get(DATA_AREA_MENU[area])?.authType === AUTH_TYPES.all;
}

/**
 * The caller's data authority per area, for checks in services ("may this granter grant
 * that?"); a main account's is `all` everywhere. It came with the principal, so this asks the
 * database nothing.
 */
export function loadDataScopes(principal: Principal): Map<number, DataScope> {
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

/**
 * Whether an actor's data authority covers another account's in every area: each setting the
 * target holds is one the actor could have granted. An area the target has no setting in holds
 * nothing, so it is covered. In the employees area the actor also counts itself (it always sees
 * its own row), so a target that sees the actor is not "wider" for that alone.
 */
export function dataAuthorityCovers(
  actor: Principal,
  target: readonly { data_menu_id: number; auth_type: number; items: readonly number[] }[],
): boolean {
  if (actor.userType === 1) return true;
  return target.every((setting) => {
    let own = actor.dataScopes.get(setting.data_menu_id);
    if (own && setting.data_menu_id === DATA_MENUS.employees && own.authType === AUTH_TYPES.selected) {
      own = { authType: own.authType, items: new Set([...own.items, actor.userId]) };
    }
    return scopeCovers(own, {
      authType: setting.auth_type,
      items: setting.auth_type === AUTH_TYPES.selected ? setting.items : [],
    });
  });
}
