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
import type { Db } from '../db/client.ts';
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

async function loadEmployeeGrants(db: Db, principal: Principal): Promise<ReadonlySet<number>> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('auth_roles as r', (join) =>
      join
        .onRef('r.id', '=', 'u.auth_role_id')
        .on('r.status', '=', 1)
        .on((eb) => eb.or([eb('r.main_id', '=', eb.ref('u.main_id')), eb('r.id', '=', BUILTIN_ROLE_ID)])),
    )
    .leftJoin('auth_role_menus as m', 'm.role_id', 'r.id')
    .select(['r.id as role_id', 'm.menu_id'])
    .where('u.id', '=', principal.userId)
    .where('u.main_id', '=', principal.mainId)
    .where('u.user_type', '=', 2)
    .where('u.status', '=', 1)
    .execute();
  if (rows.length === 0) return new Set();
  if (rows[0]!.role_id === BUILTIN_ROLE_ID) return TOP_ROLE_GRANTS;
  return roleGrantFromRows(rows.flatMap((r) => (r.menu_id === null ? [] : [r.menu_id])));
}

/** The permission ids the caller holds right now. */
export function grantsOf(db: Db, principal: Principal): Promise<ReadonlySet<number>> {
  if (principal.userType === 1) return Promise.resolve(ALL_IDS);
  let grants = cache.get(principal);
  if (!grants) {
    grants = loadEmployeeGrants(db, principal);
    cache.set(principal, grants);
  }
  return grants;
}

export async function hasPermission(db: Db, principal: Principal, id: number): Promise<boolean> {
  return (await grantsOf(db, principal)).has(id);
}

/** Refuses with the spec's 403 'no permission for this function...' unless the caller holds `id`. */
export async function requirePermission(db: Db, principal: Principal, id: number): Promise<void> {
  if (!(await hasPermission(db, principal, id))) throw AppError.forbidden();
}

/** Passes when the caller holds at least one of the ids (a read shared by two screens). */
export async function requireAnyPermission(db: Db, principal: Principal, ids: readonly number[]): Promise<void> {
  const grants = await grantsOf(db, principal);
  if (!ids.some((id) => grants.has(id))) throw AppError.forbidden();
}

export function requireMainAccount(principal: Principal): void {
  if (principal.userType !== 1) throw AppError.forbidden('mainAccountOnly');
}

/** The authority list of spec 01 (GET /api/v3/user/function/menu). Verification is always on. */
export async function functionMenuOf(db: Db, principal: Principal): Promise<TFunctionMenu> {
  return toFunctionMenu(CATALOGUE_INDEX, await grantsOf(db, principal), true);
}

/** Who is acting, from where, in which language: what access-checked services receive. */
export type AccessContext = { principal: Principal; ip: string; lang: TLanguage };

export function accessContextOf(request: FastifyRequest): AccessContext {
  return { principal: principalOf(request), ip: clientIp(request), lang: requestLanguage(request) };
}
