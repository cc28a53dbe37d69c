import { createHash, randomBytes } from 'node:crypto';
import { AUTH_TYPES, DATA_MENUS } from '@seller-centre/contract/employees';
import { BUILTIN_ROLE_ID } from '@seller-centre/contract/roles';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.ts';
import { AppError } from './errors.ts';

/** One data area's setting (data_menu_id → type 1 all, 2 selected items, 3 own data). */
export type DataScope = { authType: 1 | 2 | 3; items: ReadonlySet<number> };

/**
 * Who is calling a tenant route, resolved from the session token in one query before the route
 * runs (the tenant scope, platform/api-scopes.ts) and read by services from `request.principal`.
 */
export type Principal = {
  sessionId: number;
  /** The account. */
  userId: number;
  /** The tenant: the main account's id (equal to userId for a main account). */
  mainId: number;
  /** 1 main account (holds everything), 2 employee (holds what its role grants). */
  userType: 1 | 2;
  userName: string;
  /**
   * An employee's enabled role of its tenant (or the built-in top role) and the permission ids it
   * stores; null for a main account and for an employee whose role is disabled or gone.
   */
  role: { id: number; menuIds: readonly number[] } | null;
  /** Data authority by data menu id; a main account's is `all` everywhere, an unset area is absent. */
  dataScopes: ReadonlyMap<number, DataScope>;
};

export type SignInMethod = 'account' | 'mobile' | 'sms' | 'wechat';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the tenant scope's hook on every route in it; null elsewhere. */
    principal: Principal | null;
  }
}

const SESSION_TTL_SECONDS = { short: 24 * 60 * 60, long: 7 * 24 * 60 * 60 } as const;

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** The token travels as the raw `Authorization` header value (spec 01); `Bearer x` works too. */
export function tokenFromRequest(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers.authorization?.trim();
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '');
  return /^[A-Za-z0-9_-]{20,128}$/.test(token) ? token : undefined;
}

/** Opens a session and returns its token, shown to the browser once and stored only hashed. */
export async function createSession(
  db: Queryable,
  input: { userId: number; method: SignInMethod; longTime: boolean; system: number; ip: string; userAgent: string },
): Promise<{ token: string; expiresIn: number; sessionId: number }> {
  const token = randomBytes(32).toString('base64url');
  const expiresIn = input.longTime ? SESSION_TTL_SECONDS.long : SESSION_TTL_SECONDS.short;
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO sessions (user_id, token_hash, method, system, ip, user_agent, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))
     RETURNING id`,
    [input.userId, hashToken(token), input.method, input.system, input.ip, input.userAgent.slice(0, 512), expiresIn],
  );
  return { token, expiresIn, sessionId: Number(row!.id) };
}

export async function revokeSession(db: Queryable, sessionId: number): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

/** Signs a user out everywhere (password change or reset, account disabled), except maybe one. */
export async function revokeUserSessions(db: Queryable, userId: number, exceptSessionId?: number): Promise<void> {
  await db.query(
    'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2',
    [userId, exceptSessionId ?? null],
  );
}

const MAIN_ACCOUNT_SCOPES: ReadonlyMap<number, DataScope> = new Map(
  Object.values(DATA_MENUS).map((id) => [id, { authType: AUTH_TYPES.all, items: new Set<number>() }]),
);

type PrincipalRow = {
  session_id: string;
  user_id: string;
  main_id: string;
  user_type: number;
  user_name: string | null;
  phone_number: string;
  role_id: string | null;
  role_menu_ids: number[] | null;
  data_scopes: { menu: number; type: number; items: string[] | null }[] | null;
};

/**
 * The principal of a live session: not expired, not revoked, and the account (and for an
 * employee, its main account) still enabled. Anything else is no principal at all.
 *
 * Every authenticated request calls this, so it is one round trip: the session, the account,
 * its tenant, an employee's role with its permission ids and its data authority. This is the
 * one place a principal is made, and so the place to cache one.
 */
export async function findPrincipal(db: Queryable, token: string): Promise<Principal | null> {
  const [row] = await db.query<PrincipalRow>(
    `SELECT s.id AS session_id, u.id AS user_id, u.main_id, u.user_type, u.user_name, u.phone_number,
            r.id AS role_id,
            CASE WHEN r.id IS NOT NULL THEN
              array(SELECT rm.menu_id FROM auth_role_menus rm WHERE rm.role_id = r.id) END AS role_menu_ids,
            CASE WHEN u.user_type = 2 THEN
              (SELECT json_agg(json_build_object(
                        'menu', a.data_menu_id, 'type', a.auth_type,
                        'items', array(SELECT i.item_id::text FROM employee_data_items i
                                        WHERE i.user_id = a.user_id AND i.data_menu_id = a.data_menu_id)))
                 FROM employee_data_authority a WHERE a.user_id = u.id) END AS data_scopes
       FROM sessions s
       JOIN users u ON u.id = s.user_id
       JOIN users m ON m.id = u.main_id
       LEFT JOIN auth_roles r ON u.user_type = 2 AND r.id = u.auth_role_id AND r.status = 1
                             AND (r.main_id = u.main_id OR r.id = $2)
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
        AND u.status = 1 AND m.status = 1`,
    [hashToken(token), BUILTIN_ROLE_ID],
  );
  if (!row) return null;
  const userType = row.user_type === 1 ? 1 : 2;
  const dataScopes =
    userType === 1
      ? MAIN_ACCOUNT_SCOPES
      : new Map(
          (row.data_scopes ?? []).map((d) => [
            Number(d.menu),
            { authType: d.type as DataScope['authType'], items: new Set((d.items ?? []).map(Number)) },
          ]),
        );
  return {
    sessionId: Number(row.session_id),
    userId: Number(row.user_id),
    mainId: Number(row.main_id),
    userType,
    userName: row.user_name ?? row.phone_number,
    role: row.role_id === null ? null : { id: Number(row.role_id), menuIds: (row.role_menu_ids ?? []).map(Number) },
    dataScopes,
  };
}

/** The principal of a request in the tenant scope (its hook has set it). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw AppError.unauthorized();
  return request.principal;
}
