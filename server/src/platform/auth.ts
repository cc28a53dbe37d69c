import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../db/client.ts';
import { AppError } from './errors.ts';

/** Who is calling: resolved from the session token on every protected route. */
export type Principal = {
  userId: number;
  /** The tenant: the main account's id (equal to userId for a main account). */
  mainId: number;
  userType: 1 | 2;
  userName: string;
  sessionId: number;
};

export type SignInMethod = 'account' | 'mobile' | 'sms' | 'wechat';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** preHandler for protected routes: sets request.principal or answers 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

export const SESSION_TTL_SECONDS = { short: 24 * 60 * 60, long: 7 * 24 * 60 * 60 } as const;

function hashToken(token: string): Buffer {
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

/**
 * The principal of a live session: not expired, not revoked, and the account (and for an
 * employee, its main account) still enabled. Anything else is no principal at all.
 */
export async function findPrincipal(db: Queryable, token: string): Promise<Principal | null> {
  const [row] = await db.query<{
    session_id: string;
    user_id: string;
    main_id: string;
    user_type: number;
    user_name: string | null;
    phone_number: string;
  }>(
    `SELECT s.id AS session_id, u.id AS user_id, u.main_id, u.user_type, u.user_name, u.phone_number
       FROM sessions s
       JOIN users u ON u.id = s.user_id
       JOIN users m ON m.id = u.main_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
        AND u.status = 1 AND m.status = 1`,
    [hashToken(token)],
  );
  if (!row) return null;
  return {
    sessionId: Number(row.session_id),
    userId: Number(row.user_id),
    mainId: Number(row.main_id),
    userType: row.user_type === 1 ? 1 : 2,
    userName: row.user_name ?? row.phone_number,
  };
}

/**
 * Why a token that is no longer a principal stopped working, when the reason is worth telling
 * the user: its account (or, for an employee, its main account) was disabled. Anything else
 * (expired, signed out, unknown) is the plain 401.
 */
export async function disabledAccountOf(db: Queryable, token: string): Promise<boolean> {
  const [row] = await db.query<{ disabled: boolean }>(
    `SELECT (u.status <> 1 OR m.status <> 1) AS disabled
       FROM sessions s
       JOIN users u ON u.id = s.user_id
       JOIN users m ON m.id = u.main_id
      WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [hashToken(token)],
  );
  return row?.disabled === true;
}

/** The principal of a request that passed `app.authenticate`. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw AppError.unauthorized();
  return request.principal;
}

export default fp(
  async function auth(app: FastifyInstance) {
    app.decorateRequest('principal', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = tokenFromRequest(request);
      const principal = token ? await findPrincipal(app.db, token) : null;
      if (!principal) {
        // Told on the login page, so a seller whose account was disabled knows why.
        if (token && (await disabledAccountOf(app.db, token))) throw AppError.unauthorized('sessionAccountDisabled');
        throw AppError.unauthorized();
      }
      request.principal = principal;
    });
  },
  { name: 'auth' },
);
