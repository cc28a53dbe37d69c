import {
  CATALOGUE_INDEX,
  GRANTABLE_PERMISSION_IDS,
  normalizePermissionSelection,
  toFunctionMenu,
  type TFunctionMenu,
} from '@seller-centre/contract/permissions';
import type { TLanguage } from '@seller-centre/contract/i18n';
import { BUILTIN_ROLE_ID } from '@seller-centre/contract/roles';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.ts';
import { principalOf, type Principal } from './auth.ts';
import { clientIp } from './client-ip.ts';
import { AppError } from './errors.ts';
import { requestLanguage } from './i18n.ts';

/**
 * The server's permission decisions. A main account holds everything (it is the built-in top
 * role). An employee holds what its role grants, and nothing when the role is disabled, missing
 * or not its tenant's. Services call `requirePermission` first: reads with the page id, writes
 * with the button id.
 */

const ALL_IDS: ReadonlySet<number> = CATALOGUE_INDEX.ids;

/** Everything the built-in top role grants a sub-account: the catalogue minus main-only nodes. */
const TOP_ROLE_GRANTS: ReadonlySet<number> = GRANTABLE_PERMISSION_IDS;

// One lookup per request: the principal object lives exactly as long as its request.
const cache = new WeakMap<Principal, Promise<ReadonlySet<number>>>();

/** The grant of a role as stored, normalised and limited to what a role may carry. */
export function roleGrantFromRows(ids: Iterable<number>): Set<number> {
  const normalized = normalizePermissionSelection(CATALOGUE_INDEX, ids);
  for (const id of normalized) if (!GRANTABLE_PERMISSION_IDS.has(id)) normalized.delete(id);
  return normalized;
}

async function loadEmployeeGrants(db: Queryable, principal: Principal): Promise<ReadonlySet<number>> {
  const rows = await db.query<{ role_id: string; menu_id: number | null }>(
    `SELECT r.id AS role_id, m.menu_id
       FROM users u
       JOIN auth_roles r ON r.id = u.auth_role_id AND r.status = 1
                        AND (r.main_id = u.main_id OR r.id = $3)
       LEFT JOIN auth_role_menus m ON m.role_id = r.id
      WHERE u.id = $1 AND u.main_id = $2 AND u.user_type = 2 AND u.status = 1`,
    [principal.userId, principal.mainId, BUILTIN_ROLE_ID],
  );
  if (rows.length === 0) return new Set();
  if (Number(rows[0]!.role_id) === BUILTIN_ROLE_ID) return TOP_ROLE_GRANTS;
  return roleGrantFromRows(rows.flatMap((r) => (r.menu_id === null ? [] : [r.menu_id])));
}

/** The permission ids the caller holds right now. */
export function grantsOf(db: Queryable, principal: Principal): Promise<ReadonlySet<number>> {
  if (principal.userType === 1) return Promise.resolve(ALL_IDS);
  let grants = cache.get(principal);
  if (!grants) {
    grants = loadEmployeeGrants(db, principal);
    cache.set(principal, grants);
  }
  return grants;
}

export async function hasPermission(db: Queryable, principal: Principal, id: number): Promise<boolean> {
  return (await grantsOf(db, principal)).has(id);
}

/** Refuses with the spec's 403 'no permission for this function...' unless the caller holds `id`. */
export async function requirePermission(db: Queryable, principal: Principal, id: number): Promise<void> {
  if (!(await hasPermission(db, principal, id))) throw AppError.forbidden();
}

/** Passes when the caller holds at least one of the ids (a read shared by two screens). */
export async function requireAnyPermission(db: Queryable, principal: Principal, ids: readonly number[]): Promise<void> {
  const grants = await grantsOf(db, principal);
  if (!ids.some((id) => grants.has(id))) throw AppError.forbidden();
}

export function requireMainAccount(principal: Principal): void {
  if (principal.userType !== 1) throw AppError.forbidden('mainAccountOnly');
}

/** The authority list of spec 01 (GET /api/v3/user/function/menu). Verification is always on. */
export async function functionMenuOf(db: Queryable, principal: Principal): Promise<TFunctionMenu> {
  return toFunctionMenu(CATALOGUE_INDEX, await grantsOf(db, principal), true);
}

/** Who is acting, from where, in which language: what access-checked services receive. */
export type AccessContext = { principal: Principal; ip: string; lang: TLanguage };

export function accessContextOf(request: FastifyRequest): AccessContext {
  return { principal: principalOf(request), ip: clientIp(request), lang: requestLanguage(request) };
}
