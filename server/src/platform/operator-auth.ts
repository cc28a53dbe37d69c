import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { nowPlusSeconds, type Db } from '../db/client.ts';
import { hashToken } from './auth.ts';
import { AppError } from './errors.ts';

/**
 * Operators' sessions: the product's own staff in the operator console (/api/ops). They live in
 * `operator_sessions`, apart from sellers' `sessions`, so a seller's token opens nothing here and
 * an operator's token nothing in a tenant.
 */

/** Who is calling an operator route, set by the operator scope's hook on every route in it. */
export type OperatorPrincipal = {
  sessionId: number;
  operatorId: number;
  accountName: string;
  displayName: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the operator scope's hook on every route in it; null elsewhere. */
    operator: OperatorPrincipal | null;
  }
}

/** Operator sessions end after a working day, whatever the client asks. */
const OPERATOR_SESSION_TTL_SECONDS = 12 * 60 * 60;

export async function createOperatorSession(
  db: Db,
  input: { operatorId: number; ip: string; userAgent: string },
): Promise<{ token: string; expiresIn: number; sessionId: number }> {
  const token = randomBytes(32).toString('base64url');
  const row = await db
    .insertInto('operator_sessions')
    .values({
      operator_id: input.operatorId,
      token_hash: hashToken(token),
      ip: input.ip,
      user_agent: input.userAgent.slice(0, 512),
      expires_at: nowPlusSeconds(OPERATOR_SESSION_TTL_SECONDS),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, expiresIn: OPERATOR_SESSION_TTL_SECONDS, sessionId: row.id };
}

export async function revokeOperatorSession(db: Db, sessionId: number): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The operator of a live session of an enabled operator account, in one round trip. */
export async function findOperatorPrincipal(db: Db, token: string): Promise<OperatorPrincipal | null> {
  const row = await db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['s.id as session_id', 'o.id as operator_id', 'o.account_name', 'o.display_name'])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('o.status', '=', 1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    sessionId: row.session_id,
    operatorId: row.operator_id,
    accountName: row.account_name,
    displayName: row.display_name,
  };
}

/** The operator of a request in the operator scope (its hook has set it). */
export function operatorOf(request: FastifyRequest): OperatorPrincipal {
  if (!request.operator) throw AppError.unauthorized();
  return request.operator;
}
