import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.ts';
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
  db: Queryable,
  input: { operatorId: number; ip: string; userAgent: string },
): Promise<{ token: string; expiresIn: number; sessionId: number }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO operator_sessions (operator_id, token_hash, ip, user_agent, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))
     RETURNING id`,
    [input.operatorId, hashToken(token), input.ip, input.userAgent.slice(0, 512), OPERATOR_SESSION_TTL_SECONDS],
  );
  return { token, expiresIn: OPERATOR_SESSION_TTL_SECONDS, sessionId: Number(row!.id) };
}

export async function revokeOperatorSession(db: Queryable, sessionId: number): Promise<void> {
  await db.query('UPDATE operator_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

/** The operator of a live session of an enabled operator account, in one round trip. */
export async function findOperatorPrincipal(db: Queryable, token: string): Promise<OperatorPrincipal | null> {
  const [row] = await db.query<{ session_id: string; operator_id: string; account_name: string; display_name: string }>(
    `SELECT s.id AS session_id, o.id AS operator_id, o.account_name, o.display_name
       FROM operator_sessions s
       JOIN operators o ON o.id = s.operator_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND o.status = 1`,
    [hashToken(token)],
  );
  if (!row) return null;
  return {
    sessionId: Number(row.session_id),
    operatorId: Number(row.operator_id),
    accountName: row.account_name,
    displayName: row.display_name,
  };
}

/** The operator of a request in the operator scope (its hook has set it). */
export function operatorOf(request: FastifyRequest): OperatorPrincipal {
  if (!request.operator) throw AppError.unauthorized();
  return request.operator;
}
