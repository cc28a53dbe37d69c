import {
  CATALOGUE_INDEX,
  GRANTABLE_PERMISSION_IDS,
  normalizePermissionSelection,
  toFunctionMenu,
  type TFunctionMenu,
} from '@seller-centre/contract/permissions';
import type { TLanguage } from '@seller-centre/contract/i18n';
import { BUILTIN_ROLE_ID } from '@seller-centre/contract/roles';
import type { Principal } from './auth.ts';
import { AppError } from './errors.ts';

/**
 * The server's permission decisions. A main account holds everything (it is the built-in top
 * role). An employee holds what its role grants, and nothing when the role is disabled, missing
 * or not its tenant's. Services call `requirePermission` first: reads with the page id, writes
 * with the button id.
 */

const ALL_IDS: ReadonlySet<number> = CATALOGUE_INDEX.ids;

/** Everything the built-in top role grants a sub-account: the catalogue minus main-only nodes. */
const TOP_ROLE_GRANTS: ReadonlySet<number> = GRANTABLE_PERMISSION_IDS;

const NO_GRANTS: ReadonlySet<number> = new Set();

/** The grant of a role as stored, normalised and limited to what a role may carry. */
export function roleGrantFromRows(ids: Iterable<number>): Set<number> {
  const normalized = normalizePermissionSelection(CATALOGUE_INDEX, ids);
  for (const id of normalized) if (!GRANTABLE_PERMISSION_IDS.has(id)) normalized.delete(id);
  return normalized;
}

// Normalised once per principal, which lives exactly as long as its request.
const cache = new WeakMap<Principal, ReadonlySet<number>>();

/** The permission ids the caller holds right now, from the role that came with the principal. */
export function grantsOf(principal: Principal): ReadonlySet<number> {
  if (principal.userType === 1) return ALL_IDS;
  if (!principal.role) return NO_GRANTS;
  if (principal.role.id === BUILTIN_ROLE_ID) return TOP_ROLE_GRANTS;
  let grants = cache.get(principal);
  if (!grants) {
    grants = roleGrantFromRows(principal.role.menuIds);
    cache.set(principal, grants);
  }
  return grants;
}

/** Refuses with the contract's 403 'no permission for this function...' unless the caller holds `id`. */
export function requirePermission(principal: Principal, id: number): void {
  if (!grantsOf(principal).has(id)) throw AppError.forbidden();
}

/** Passes when the caller holds at least one of the ids (a read shared by two screens). */
export function requireAnyPermission(principal: Principal, ids: readonly number[]): void {
  const grants = grantsOf(principal);
  if (!ids.some((id) => grants.has(id))) throw AppError.forbidden();
}

export function requireMainAccount(principal: Principal): void {
  if (principal.userType !== 1) throw AppError.forbidden('mainAccountOnly');
}

/** The authority list of docs/product.md (GET /api/v3/user/function/menu). Verification is always on. */
export function functionMenuOf(principal: Principal): TFunctionMenu {
  return toFunctionMenu(CATALOGUE_INDEX, grantsOf(principal), true);
}

/** Who is acting, from where, in which language: what access-checked services receive. */
export type AccessContext = { principal: Principal; ip: string; lang: TLanguage };
