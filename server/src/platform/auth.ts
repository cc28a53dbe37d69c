import { hash, randomBytes } from 'node:crypto';
import { AUTH_TYPES, DATA_MENUS } from '@seller-centre/contract/employees';
import { BUILTIN_ROLE_ID } from '@seller-centre/contract/roles';
import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type QueryCreator, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { nowPlusSeconds, parseInt8, type Db } from '../db/client.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from './errors.ts';
import { accountChanged, sessionsChanged } from './principal-changes.ts';

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
  tenantId: number;
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
  // One-shot: a few times cheaper than createHash (sign-ins, and sessions the cache does not hold).
  return hash('sha256', token, 'buffer');
}

/**
 * The token travels as the raw `Authorization` header value (docs/product.md); `Bearer x` works too.
 * One pattern, as it runs on every signed-in request.
 */
const AUTHORIZATION = /^\s*(?:Bearer\s+)?([A-Za-z0-9_-]{20,128})\s*$/i;

export function tokenFromRequest(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers.authorization;
  return header ? AUTHORIZATION.exec(header)?.[1] : undefined;
}

export type NewSession = {
  userId: number;
  method: SignInMethod;
  longTime: boolean;
  system: number;
  ip: string;
  userAgent: string;
};

/** Opens a session and returns its token, shown to the browser once and stored only hashed. */
export async function createSession(
  db: Db,
  input: NewSession,
): Promise<{ token: string; expiresIn: number; sessionId: number }> {
  const { token, expiresIn, insert } = openingSession(db, input);
  const row = await insert.executeTakeFirstOrThrow();
  return { token, expiresIn, sessionId: row.id };
}

/**
 * A new session's token and the statement that stores it (answering its id), to run as a CTE of
 * a larger statement; with `onlyIf`, it stores nothing unless that condition holds.
 */
export function openingSession(db: QueryCreator<Database>, input: NewSession, onlyIf?: Expression<SqlBool>) {
  const token = randomBytes(32).toString('base64url');
  const expiresIn = input.longTime ? SESSION_TTL_SECONDS.long : SESSION_TTL_SECONDS.short;
  const row = {
    user_id: input.userId,
    token_hash: hashToken(token),
    method: input.method,
    system: input.system,
    ip: input.ip,
    user_agent: input.userAgent.slice(0, 512),
  };
  const insert = db
    .insertInto('sessions')
    .columns([...(Object.keys(row) as (keyof typeof row)[]), 'expires_at'])
    .expression(
      db
        .selectNoFrom((eb) => [
          ...Object.entries(row).map(([column, value]) => eb.val(value).as(column)),
          nowPlusSeconds(expiresIn).as('expires_at'),
        ])
        .where(onlyIf ?? sql<SqlBool>`TRUE`),
    );
  return { token, expiresIn, insert: insert.returning('id') };
}

/** Whether the account signed in from this client address within `days` (its owner's usual place). */
export async function hasSignedInFrom(db: Db, userId: number, ip: string, days = 30): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('ip', '=', ip)
    .where('created_at', '>', sql<Date>`now() - make_interval(days => ${days})`)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
  await sessionsChanged(db, [sessionId]);
}

/** Signs a user out everywhere (password change or reset, account disabled), except maybe one. */
export async function revokeUserSessions(db: Db, userId: number, exceptSessionId?: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .$if(exceptSessionId !== undefined, (q) => q.where('id', '<>', exceptSessionId!))
    .execute();
  await accountChanged(db, userId);
}

/** The sign-in before the current session (the personal centre's 'last login'), or the current one. */
export async function findLastSignIn(
  db: Db,
  userId: number,
  currentSessionId: number,
): Promise<{ ip: string; created_at: Date } | null> {
  const previous = await db
    .selectFrom('sessions')
    .select(['ip', 'created_at'])
    .where('user_id', '=', userId)
    .where('id', '<', currentSessionId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (previous) return previous;
  const current = await db
    .selectFrom('sessions')
    .select(['ip', 'created_at'])
    .where('id', '=', currentSessionId)
    .executeTakeFirst();
  return current ?? null;
}

const MAIN_ACCOUNT_SCOPES: ReadonlyMap<number, DataScope> = new Map(
  Object.values(DATA_MENUS).map((id) => [id, { authType: AUTH_TYPES.all, items: new Set<number>() }]),
);

/**
 * A main account's principal without a session: for reads the console makes on a tenant's behalf
 * (its tenant page), so each module's own read answers exactly what the tenant's pages show.
 * Never put on a request; it signs nobody in.
 */
export function mainAccountPrincipal(account: { id: number; userName: string }): Principal {
  return {
    sessionId: 0,
    userId: account.id,
    tenantId: account.id,
    userType: 1,
    userName: account.userName,
    role: null,
    dataScopes: MAIN_ACCOUNT_SCOPES,
  };
}

/** A live session's principal, with what the cache needs to know of it. */
export type LiveSession = {
  principal: Principal;
  /** When the session ends of itself. */
  expiresAt: Date;
  /** An employee's assigned role, enabled or not (a disabled role's principal has `role` null). */
  assignedRoleId: number | null;
};

/**
 * The principal of a live session: not expired, not revoked, and the account (and for an
 * employee, its main account) still enabled. Anything else is no principal at all.
 *
 * It is one round trip: the session, the account, its tenant, an employee's role with its
 * permission ids and its data authority. This is the one place a principal is made; the tenant
 * scope asks it through the principal cache (platform/principal-cache.ts).
 */
export async function findPrincipal(db: Db, token: string): Promise<Principal | null> {
  return (await findLiveSession(db, hashToken(token)))?.principal ?? null;
}

/** `findPrincipal` by the token's SHA-256. */
export async function findLiveSession(db: Db, tokenHash: Buffer): Promise<LiveSession | null> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('users as m', 'm.id', 'u.main_id')
    // An employee's role counts only while enabled and of its own tenant (or the built-in one).
    .leftJoin('auth_roles as r', (join) =>
      join
        .onRef('r.id', '=', 'u.auth_role_id')
        .on('u.user_type', '=', 2)
        .on('r.status', '=', 1)
        .on((eb) => eb.or([eb('r.main_id', '=', eb.ref('u.main_id')), eb('r.id', '=', BUILTIN_ROLE_ID)])),
    )
    .select((eb) => [
      's.id as session_id',
      's.expires_at',
      'u.auth_role_id',
      'u.id as user_id',
      'u.main_id',
      'u.user_type',
      'u.user_name',
      'u.phone_number',
      'r.id as role_id',
      eb
        .fn<number[]>('array', [
          eb.selectFrom('auth_role_menus as rm').select('rm.menu_id').whereRef('rm.role_id', '=', 'r.id'),
        ])
        .as('role_menu_ids'),
      eb
        .case()
        .when('u.user_type', '=', 2)
        .then(
          jsonArrayFrom(
            eb
              .selectFrom('employee_data_authority as a')
              .select((inner) => [
                'a.data_menu_id',
                'a.auth_type',
                // As text: inside JSON a bigint would pass through a float.
                jsonArrayFrom(
                  inner
                    .selectFrom('employee_data_items as i')
                    .select((item) => item.cast<string>('i.item_id', 'text').as('id'))
                    .whereRef('i.user_id', '=', 'a.user_id')
                    .whereRef('i.data_menu_id', '=', 'a.data_menu_id'),
                ).as('items'),
              ])
              .whereRef('a.user_id', '=', 'u.id'),
          ),
        )
        .end()
        .as('data_scopes'),
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('u.status', '=', 1)
    .where('m.status', '=', 1)
    .executeTakeFirst();
  if (!row) return null;
  const userType = row.user_type === 1 ? 1 : 2;
  const dataScopes =
    userType === 1
      ? MAIN_ACCOUNT_SCOPES
      : new Map(
          (row.data_scopes ?? []).map((d) => [
            d.data_menu_id,
            { authType: d.auth_type as DataScope['authType'], items: new Set(d.items.map((i) => parseInt8(i.id))) },
          ]),
        );
  const principal: Principal = {
    sessionId: row.session_id,
    userId: row.user_id,
    tenantId: row.main_id,
    userType,
    userName: row.user_name ?? row.phone_number,
    role: row.role_id === null ? null : { id: row.role_id, menuIds: row.role_menu_ids },
    dataScopes,
  };
  return { principal, expiresAt: row.expires_at, assignedRoleId: userType === 2 ? row.auth_role_id : null };
}

/**
 * Why a token that is no longer a principal stopped working, when the reason is worth telling
 * the user: its account (or, for an employee, its main account) was disabled. Disabling also
 * ends the account's sessions, so a revoked session counts here; anything else (expired, signed
 * out of an enabled account, unknown) is the plain 401. Asked only after `findPrincipal` said no.
 */
export async function isSessionOfDisabledAccount(db: Db, token: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('users as m', 'm.id', 'u.main_id')
    .select((eb) => eb.or([eb('u.status', '<>', 1), eb('m.status', '<>', 1)]).as('disabled'))
    .where('s.token_hash', '=', hashToken(token))
    .where('s.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.disabled === true;
}

/** The principal of a request in the tenant scope (its hook has set it). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw AppError.unauthorized();
  return request.principal;
}
