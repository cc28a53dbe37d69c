import type { TOperator, TOperatorSignInRequest, TOperatorSignInResult } from '@seller-centre/contract/operators';
import { ZOperatorAccountName, ZOperatorDisplayName, ZOperatorPassword } from '@seller-centre/contract/operators';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { ClientContext } from '../../platform/client-ip.ts';
import { AppError } from '../../platform/errors.ts';
import { createOperatorSession, revokeOperatorSession, type OperatorPrincipal } from '../../platform/operator-auth.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { hitRateLimit, releaseRateLimit, resetRateLimit } from '../../platform/rate-limit.ts';
import { findOperatorByAccountName, insertOperator } from './repository.ts';

/** Failed operator sign-ins are counted in windows of this length, per address and per account name. */
const WINDOW_SECONDS = 15 * 60;

// Verified against when the account does not exist, so that costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;

/**
 * Signs an operator in. Failures are counted per client IP and per account name before the
 * password is checked (the same limits as sellers' sign-in); an unknown name, a disabled account
 * and a wrong password all get the same answer.
 */
export async function signInOperator(
  { db, config }: { db: Db; config: Config },
  client: ClientContext,
  input: TOperatorSignInRequest,
): Promise<TOperatorSignInResult> {
  const ipKey = `ops-login-fail:ip:${client.ip}`;
  const nameKey = `ops-login-fail:name:${input.account_name.toLowerCase()}`;
  const byIp = await hitRateLimit(db, {
    key: ipKey,
    limit: config.LOGIN_IP_FAILURE_LIMIT,
    windowSeconds: WINDOW_SECONDS,
  });
  if (!byIp.allowed) throw AppError.tooManyRequests(byIp.retryAfterSeconds);
  const byName = await hitRateLimit(db, {
    key: nameKey,
    limit: config.LOGIN_ACCOUNT_FAILURE_LIMIT,
    windowSeconds: WINDOW_SECONDS,
  });
  if (!byName.allowed) throw AppError.tooManyRequests(byName.retryAfterSeconds);

  const operator = await findOperatorByAccountName(db, input.account_name);
  dummyHash ??= hashPassword('no operator has this password').catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  const right = await verifyPassword(operator?.password_hash ?? (await dummyHash), input.password);
  if (!operator || !right || operator.status !== 1) throw AppError.badRequest('operatorSignInFailed');

  await releaseRateLimit(db, ipKey);
  await resetRateLimit(db, nameKey);
  const session = await createOperatorSession(db, {
    operatorId: operator.id,
    ip: client.ip,
    userAgent: client.userAgent,
  });
  return {
    authorization: session.token,
    expires_in: session.expiresIn,
    operator_id: operator.id,
    account_name: operator.account_name,
    display_name: operator.display_name,
  };
}

export async function signOutOperator(db: Db, operator: OperatorPrincipal): Promise<null> {
  await revokeOperatorSession(db, operator.sessionId);
  return null;
}

export function describeOperator(operator: OperatorPrincipal): TOperator {
  return { operator_id: operator.operatorId, account_name: operator.accountName, display_name: operator.displayName };
}

export class OperatorInputError extends Error {
  override name = 'OperatorInputError';
}

type NewOperator = { accountName: string; displayName: string; password: string };

/** Checks a new operator's details against the account rules, before anything is stored. */
export function validateNewOperator(input: NewOperator): NewOperator {
  const name = ZOperatorAccountName.safeParse(input.accountName);
  if (!name.success) throw new OperatorInputError(`account name: ${name.error.issues[0]!.message}`);
  if (!ZOperatorPassword.safeParse(input.password).success) {
    throw new OperatorInputError('password: 12 to 128 characters');
  }
  const displayName = ZOperatorDisplayName.safeParse(input.displayName);
  if (!displayName.success) {
    throw new OperatorInputError('display name: at most 64 characters, no hidden, control or direction characters');
  }
  return { ...input, accountName: name.data, displayName: displayName.data };
}

/** Creates an operator account (the `ops:create-operator` command); refuses a taken name. */
export async function createOperator(db: Db, input: NewOperator): Promise<number> {
  const valid = validateNewOperator(input);
  const id = await insertOperator(db, {
    accountName: valid.accountName,
    displayName: valid.displayName,
    passwordHash: await hashPassword(valid.password),
  });
  if (id === null) throw new OperatorInputError(`an operator named "${valid.accountName}" already exists`);
  return id;
}
