import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { nowPlusSeconds, type Db } from '../db/client.ts';
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
  db: Db,
  input: { userId: number; method: SignInMethod; longTime: boolean; system: number; ip: string; userAgent: string },
): Promise<{ token: string; expiresIn: number; sessionId: number }> {
  const token = randomBytes(32).toString('base64url');
  const expiresIn = input.longTime ? SESSION_TTL_SECONDS.long : SESSION_TTL_SECONDS.short;
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: input.userId,
      token_hash: hashToken(token),
      method: input.method,
      system: input.system,
      ip: input.ip,
      user_agent: input.userAgent.slice(0, 512),
      expires_at: nowPlusSeconds(expiresIn),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, expiresIn, sessionId: row.id };
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
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

/**
 * The principal of a live session: not expired, not revoked, and the account (and for an
 * employee, its main account) still enabled. Anything else is no principal at all.
 */
export async function findPrincipal(db: Db, token: string): Promise<Principal | null> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('users as m', 'm.id', 'u.main_id')
    .select(['s.id as session_id', 'u.id as user_id', 'u.main_id', 'u.user_type', 'u.user_name', 'u.phone_number'])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('u.status', '=', 1)
    .where('m.status', '=', 1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    mainId: row.main_id,
    userType: row.user_type === 1 ? 1 : 2,
    userName: row.user_name ?? row.phone_number,
  };
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
      if (!principal) throw AppError.unauthorized();
      request.principal = principal;
    });
  },
  { name: 'auth' },
);
