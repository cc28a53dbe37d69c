import type {
  TOperator,
  TOperatorRole,
  TOperatorSignInRequest,
  TOperatorSignInResult,
  TOpsOperator,
  TOpsOperatorQuery,
} from '@seller-centre/contract/operators';
import {
  OPERATOR_ROLE_PERMISSIONS,
  OPERATOR_ROLES,
  ZOperatorAccountName,
  ZOperatorDisplayName,
  ZOperatorPassword,
} from '@seller-centre/contract/operators';
import type { Config } from '../../config.ts';
import { transaction, type Db } from '../../db/client.ts';
import type { ClientContext } from '../../platform/client-ip.ts';
import { AppError } from '../../platform/errors.ts';
import { writeOperatorAudit } from '../../platform/audit.ts';
import {
  asOperatorRole,
  createOperatorSession,
  revokeOperatorSession,
  type OperatorContext,
} from '../../platform/operator-auth.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { hitRateLimit, releaseRateLimit, resetRateLimit } from '../../platform/rate-limit.ts';
import {
  acceptTotpStep,
  findOperatorByAccountName,
  findOperatorForUpdate,
  insertOperator,
  listOperators,
  lockEnabledAdmins,
  setOperatorRole,
  replaceTwoFactor,
  useRecoveryCode,
  type OperatorRow,
} from './repository.ts';
import { hashRecoveryCode, looksLikeTotp, newTwoFactor, totpStep, type NewTwoFactor } from './two-factor.ts';

/** Failed operator sign-ins are counted in windows of this length, per address and per account name. */
const WINDOW_SECONDS = 15 * 60;

// Verified against when the account does not exist, so that costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;

/**
 * Signs an operator in with a password and a one-time code (TOTP or a recovery code). Failures
 * are counted per client IP and per account name before anything is checked (the same limits as
 * sellers' sign-in), so a wrong code counts as a wrong password does; an unknown name, a disabled
 * account, a wrong password and a wrong, missing or replayed code all get the same answer, so the
 * answer never tells which factor was wrong.
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
  // Checked only after the password, so a guesser without it cannot use up codes or steps.
  if (!(await secondFactorAccepted(db, operator, input.otp ?? ''))) throw AppError.badRequest('operatorSignInFailed');

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
    ...describeOperator({
      operatorId: operator.id,
      accountName: operator.account_name,
      displayName: operator.display_name,
      role: asOperatorRole(operator.role),
    }),
  };
}

/**
 * A current TOTP code whose step is newer than the last accepted one, or an unused recovery code
 * (used up here). An operator without a secret (made before two-factor sign-in) has no code that works.
 */
async function secondFactorAccepted(db: Db, operator: OperatorRow, given: string): Promise<boolean> {
  if (!operator.totp_secret) return false;
  const code = given.trim();
  if (!code) return false;
  if (looksLikeTotp(code)) {
    const step = totpStep(operator.totp_secret, code);
    return step !== null && (await acceptTotpStep(db, operator.id, step));
  }
  return useRecoveryCode(db, operator.id, hashRecoveryCode(code));
}

export async function signOutOperator(db: Db, operator: OperatorContext): Promise<null> {
  await revokeOperatorSession(db, operator.sessionId);
  return null;
}

export function describeOperator(
  operator: Pick<OperatorContext, 'operatorId' | 'accountName' | 'displayName' | 'role'>,
): TOperator {
  return {
    operator_id: operator.operatorId,
    account_name: operator.accountName,
    display_name: operator.displayName,
    role: operator.role,
    permissions: [...OPERATOR_ROLE_PERMISSIONS[operator.role]],
  };
}

type OperatorListRow = Awaited<ReturnType<typeof listOperators>>['rows'][number];

function toOpsOperator(row: OperatorListRow): TOpsOperator {
  return {
    operator_id: row.id,
    account_name: row.account_name,
    display_name: row.display_name,
    role: asOperatorRole(row.role),
    status: row.status,
    created_at: row.created_at.toISOString(),
  };
}

export async function listOperatorsForOps(db: Db, query: TOpsOperatorQuery) {
  const { total, rows } = await listOperators(db, {
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
  });
  return { total, data: rows.map(toOpsOperator) };
}

/**
 * Gives an operator another role (an admin, from the console), audited. Refuses (409) to leave no
 * enabled admin: nobody could hand out roles again except from the command line. The admins' rows
 * are locked first, so two admins demoting each other at once cannot both succeed.
 */
export async function changeOperatorRole(
  db: Db,
  actor: OperatorContext,
  operatorId: number,
  role: TOperatorRole,
): Promise<TOpsOperator> {
  return transaction(db, async (tx) => {
    const admins = await lockEnabledAdmins(tx);
    const operator = await findOperatorForUpdate(tx, operatorId);
    if (!operator) throw AppError.notFound('operatorNotFound');
    const before = asOperatorRole(operator.role);
    if (before === role) return toOpsOperator(operator);
    if (before === 'admin' && admins.every((id) => id === operatorId)) throw AppError.conflict('lastAdminRole');
    await setOperatorRole(tx, operatorId, role);
    await writeOperatorAudit(tx, actor, {
      action: 'operator.role',
      targetType: 'operator',
      targetId: operatorId,
      tenantId: null,
      before: { role: before },
      after: { role },
    });
    return toOpsOperator({ ...operator, role });
  });
}

export class OperatorInputError extends Error {
  override name = 'OperatorInputError';
}

type NewOperator = { accountName: string; displayName: string; password: string; role?: string };
type ValidOperator = { accountName: string; displayName: string; password: string; role: TOperatorRole };

/** Checks a new operator's details against the account rules, before anything is stored. */
export function validateNewOperator(input: NewOperator): ValidOperator {
  const role = input.role ?? 'support';
  if (!(OPERATOR_ROLES as readonly string[]).includes(role)) {
    throw new OperatorInputError(`role: one of ${OPERATOR_ROLES.join(', ')}`);
  }
  const name = ZOperatorAccountName.safeParse(input.accountName);
  if (!name.success) throw new OperatorInputError(`account name: ${name.error.issues[0]!.message}`);
  if (!ZOperatorPassword.safeParse(input.password).success) {
    throw new OperatorInputError('password: 12 to 128 characters');
  }
  const displayName = ZOperatorDisplayName.safeParse(input.displayName);
  if (!displayName.success) {
    throw new OperatorInputError('display name: at most 64 characters, no hidden, control or direction characters');
  }
  return {
    accountName: name.data,
    displayName: displayName.data,
    password: input.password,
    role: role as TOperatorRole,
  };
}

export type CreatedOperator = { id: number; twoFactor: NewTwoFactor };

/**
 * Creates an operator account (support unless `role` says otherwise) with its TOTP secret and recovery codes (the `ops:create-operator`
 * command); refuses a taken name. The secret and codes are answered once, to be shown once.
 */
export async function createOperator(db: Db, input: NewOperator): Promise<CreatedOperator> {
  const valid = validateNewOperator(input);
  const passwordHash = await hashPassword(valid.password);
  const twoFactor = newTwoFactor(valid.accountName);
  const id = await transaction(db, async (tx) => {
    const made = await insertOperator(tx, {
      accountName: valid.accountName,
      displayName: valid.displayName,
      passwordHash,
      role: valid.role,
    });
    if (made === null) throw new OperatorInputError(`an operator named "${valid.accountName}" already exists`);
    await replaceTwoFactor(tx, made, {
      secret: twoFactor.secret,
      recoveryCodeHashes: twoFactor.recoveryCodes.map(hashRecoveryCode),
    });
    return made;
  });
  return { id, twoFactor };
}

/**
 * Gives an existing operator a new TOTP secret and ten new recovery codes (`--reset-2fa`): the old
 * secret and every old code stop working. Also how an operator made before two-factor sign-in gets one.
 */
export async function resetOperatorTwoFactor(db: Db, accountName: string): Promise<CreatedOperator> {
  const operator = await findOperatorByAccountName(db, accountName);
  if (!operator) throw new OperatorInputError(`there is no operator named "${accountName}"`);
  const twoFactor = newTwoFactor(operator.account_name);
  await replaceTwoFactor(db, operator.id, {
    secret: twoFactor.secret,
    recoveryCodeHashes: twoFactor.recoveryCodes.map(hashRecoveryCode),
  });
  return { id: operator.id, twoFactor };
}
