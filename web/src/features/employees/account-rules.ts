import {
  AUTH_TYPES,
  DATA_MENUS,
  EMPLOYEE_PASSWORD_MAX,
  EMPLOYEE_PASSWORD_MIN,
  EMPLOYEE_PASSWORD_SPECIALS,
  parseIdList,
  type TDataAuthorityTree,
  type TShopAuth,
  type TSubAccount,
  type TUpdateDataAuthorityRequest,
  type TWarehouseAuth,
} from '@seller-centre/contract/employees';
import type { TPlatform, TShopGroup } from '@seller-centre/contract/reference-data';
import { BUILTIN_ROLE_ID } from '@seller-centre/contract/roles';

/** Pure rules of the authority management screen (docs/product.md). */

/** The main account's own row holds the built-in role 1: edit, data authority, password and status are off. */
export function isProtectedAccount(account: Pick<TSubAccount, 'auth_role_id'>): boolean {
  return account.auth_role_id === BUILTIN_ROLE_ID;
}

/**
 * 8-16 characters with a digit, a letter and one of !@#$%^&*<>/?: the contract's ZEmployeePassword,
 * which the server applies, written without zod. Using the schema here put zod (about 19 KB
 * gzipped) on the account and audit lists' first load, as every module importing the contract's
 * employees module then needed it; the unit test holds both to the same answers.
 */
export function isValidEmployeePassword(value: string): boolean {
  return (
    value.length >= EMPLOYEE_PASSWORD_MIN &&
    value.length <= EMPLOYEE_PASSWORD_MAX &&
    /\d/.test(value) &&
    /[A-Za-z]/.test(value) &&
    [...EMPLOYEE_PASSWORD_SPECIALS].some((special) => value.includes(special))
  );
}

export function formatPhone(account: Pick<TSubAccount, 'area' | 'user_mobile'>): string {
  if (!account.user_mobile) return '-';
  return account.area ? `+${account.area} ${account.user_mobile}` : account.user_mobile;
}

export function accountCreatedAt(account: Pick<TSubAccount, 'created_at' | 'added_time'>): string {
  return account.created_at || account.added_time;
}

/** A confirmation toggles to the opposite status (docs/product.md). */
export function nextAccountStatus(account: Pick<TSubAccount, 'status'>): 0 | 1 {
  return account.status === 1 ? 0 : 1;
}

export type ChoiceGroup = { key: string; label: string; items: { id: number; name: string }[] };

/**
 * The shop-group call's answer as picker groups: platforms in the platform list's order with its
 * display names; a platform the list does not know comes last under its code. Empty groups are dropped.
 */
export function groupShopsByPlatform(group: TShopGroup, platforms: readonly TPlatform[] = []): ChoiceGroup[] {
  const order = new Map(platforms.map((p, i) => [p.platform, i]));
  const names = new Map(platforms.map((p) => [p.platform, p.platform_name]));
  return Object.entries(group)
    .filter(([, shops]) => shops.length > 0)
    .sort(([a], [b]) => (order.get(a) ?? Number.MAX_SAFE_INTEGER) - (order.get(b) ?? Number.MAX_SAFE_INTEGER))
    .map(([platform, shops]) => ({
      key: platform,
      label: names.get(platform) ?? platform,
      items: shops.map((s) => ({ id: s.id, name: s.shop_name })),
    }));
}

/** Choices of a data-authority area grouped by their tag (a shop's platform); untagged in one group. */
export function groupChoicesByTag(data: readonly { id: number; name: string; group_tag: string }[]): ChoiceGroup[] {
  const groups = new Map<string, ChoiceGroup>();
  for (const item of data) {
    let group = groups.get(item.group_tag);
    if (!group) {
      group = { key: item.group_tag || '-', label: item.group_tag, items: [] };
      groups.set(item.group_tag, group);
    }
    group.items.push({ id: item.id, name: item.name });
  }
  return [...groups.values()];
}

/** The create call's shop scope: per platform, the chosen shops comma-joined (docs/product.md). */
export function toShopAuth(authType: 1 | 2, chosen: readonly number[], groups: readonly ChoiceGroup[]): TShopAuth {
  if (authType === 1) return { auth_type: 1, auth_data: [] };
  const wanted = new Set(chosen);
  return {
    auth_type: 2,
    auth_data: groups
      .map((g) => ({
        platform: g.key,
        auth_value: g.items
          .filter((s) => wanted.has(s.id))
          .map((s) => s.id)
          .join(','),
      }))
      .filter((d) => d.auth_value !== ''),
  };
}

export function toWarehouseAuth(authType: 1 | 2, chosen: readonly number[]): TWarehouseAuth {
  return authType === 1
    ? { auth_type: 1, auth_value: '' }
    : { auth_type: 2, auth_value: [...new Set(chosen)].join(',') };
}

/** One area of the data authority dialog as the user is editing it. 0: never set (no data). */
export type AreaSetting = { authType: 0 | 1 | 2 | 3; items: number[] };
export type DataAuthorityState = Record<number, AreaSetting>;

export function initialDataAuthority(tree: TDataAuthorityTree): DataAuthorityState {
  const state: DataAuthorityState = {};
  for (const tab of tree) {
    for (const area of tab.child_list) {
      const type = area.auth_data.auth_type;
      state[area.id] = {
        authType: type === 1 || type === 2 || type === 3 ? type : 0,
        items: parseIdList(area.auth_data.auth_value),
      };
    }
  }
  return state;
}

/** Which translated message a missing choice gets (docs/product.md). */
export type MissingChoice = 'atLeastOneShop' | 'atLeastOneWarehouse' | 'atLeastOneEmployee' | 'atLeastOneItem';

export function missingChoiceKey(dataMenuId: number): MissingChoice {
  if (dataMenuId === DATA_MENUS.shops) return 'atLeastOneShop';
  if (dataMenuId === DATA_MENUS.warehouses) return 'atLeastOneWarehouse';
  if (dataMenuId === DATA_MENUS.employees) return 'atLeastOneEmployee';
  return 'atLeastOneItem';
}

export type DataAuthorityCheck =
  | { ok: true; request: TUpdateDataAuthorityRequest }
  | { ok: false; dataMenuId: number; tabCode: string; message: MissingChoice }
  | { ok: false; dataMenuId: null; tabCode: null; message: 'nothingToSave' };

/**
 * The save call for the dialog's state: every area that has a type, items only for 'selected';
 * refused when a 'selected' area has no item, naming the first such area and its tab.
 */
export function buildDataAuthorityRequest(
  userId: number,
  tree: TDataAuthorityTree,
  state: DataAuthorityState,
): DataAuthorityCheck {
  const auth_data: TUpdateDataAuthorityRequest['auth_data'] = [];
  for (const tab of tree) {
    for (const area of tab.child_list) {
      const setting = state[area.id];
      if (!setting || setting.authType === 0) continue;
      if (setting.authType === AUTH_TYPES.selected && setting.items.length === 0) {
        return { ok: false, dataMenuId: area.id, tabCode: tab.code, message: missingChoiceKey(area.id) };
      }
      auth_data.push({
        id: area.auth_data.id || undefined,
        data_menu_id: area.id,
        auth_type: setting.authType,
        auth_value: setting.authType === AUTH_TYPES.selected ? [...new Set(setting.items)].join(',') : '',
      });
    }
  }
  if (!auth_data.length) return { ok: false, dataMenuId: null, tabCode: null, message: 'nothingToSave' };
  return { ok: true, request: { user_id: userId, auth_data } };
}

/** Toggling a whole group of choices on or off, keeping the others. */
export function setGroupChosen(chosen: readonly number[], groupIds: readonly number[], on: boolean): number[] {
  const set = new Set(chosen);
  for (const id of groupIds) {
    if (on) set.add(id);
    else set.delete(id);
  }
  return [...set];
}
