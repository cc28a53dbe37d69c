import { randomBytes } from 'node:crypto';
import {
  OPERATOR_ROLES,
  operatorRoleCan,
  type TOperatorPermission,
  type TOperatorRole,
} from '@seller-centre/contract/operators';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { nowPlusSeconds, type Db } from '../db/client.ts';
import { hashToken } from './auth.ts';
import { clientIp } from './client-ip.ts';
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
  role: TOperatorRole;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the operator scope's hook on every route in it; null elsewhere. */
    operator: OperatorPrincipal | null;
  }
  interface FastifyContextConfig {
    /**
     * Operator routes: the permission the operator's role must hold, checked by the operator
     * scope before the route runs (packages/contract/src/operators.ts has the roles' permissions).
     * Every route in the operator scope declares one; the scope refuses to start otherwise.
     */
    operatorPermission?: TOperatorPermission;
  }
}

/** A role as stored; the column's CHECK keeps it one of these, so anything else is a broken row. */
export function asOperatorRole(value: string): TOperatorRole {
  if (!(OPERATOR_ROLES as readonly string[]).includes(value)) throw new Error(`unknown operator role "${value}"`);
  return value as TOperatorRole;
}

/** Throws the 403 when the operator's role lacks the permission a route declares. */
export function checkOperatorPermission(
  operator: Pick<OperatorPrincipal, 'role'>,
  required: TOperatorPermission,
): void {
  if (!operatorRoleCan(operator.role, required)) throw AppError.forbidden('operatorRoleForbidden');
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
    .select(['s.id as session_id', 'o.id as operator_id', 'o.account_name', 'o.display_name', 'o.role'])
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
    role: asOperatorRole(row.role),
  };
}

/** The operator of a request in the operator scope (its hook has set it). */
export function operatorOf(request: FastifyRequest): OperatorPrincipal {
  if (!request.operator) throw AppError.unauthorized();
  return request.operator;
}

/**
 * The operator acting in an operator-console request: who (for audit rows and reviewed_by
 * columns), which session, and from where. Every console route builds it with
 * `operatorContextOf`, and every console service takes it, as tenant routes take `accessContextOf`.
 */
export type OperatorContext = {
  operatorId: number;
  accountName: string;
  displayName: string;
  role: TOperatorRole;
  sessionId: number;
  ip: string;
};

/** The operator context of a request in the operator scope (its hook has set the operator). */
export function operatorContextOf(request: FastifyRequest): OperatorContext {
  const operator = operatorOf(request);
  return {
    operatorId: operator.operatorId,
    accountName: operator.accountName,
    displayName: operator.displayName,
    role: operator.role,
    sessionId: operator.sessionId,
    ip: clientIp(request),
  };
}
