import { randomInt } from 'node:crypto';
import { transaction, type Db } from '../../db/client.ts';
import { revokeUserSessions } from '../../platform/auth.ts';
import { accountChanged, tenantChanged } from '../../platform/principal-changes.ts';
import type { QueryCreator } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { resetRateLimitFamily, resettingRateLimitFamily, type RateLimitRule } from '../../platform/rate-limit.ts';
import * as repo from './repository.ts';
import type { NewEmployee, NewMainAccount } from './repository.ts';

/**
 * Accounts own the `users` table: main accounts (tenants) and employees, their passwords, the
 * failed-sign-in counter, enabling and disabling, WeChat binding and profile fields. Every
 * other module reads and changes accounts through these functions. They take the caller's `db`,
 * which may be a transaction: the change then commits or rolls back with the caller's work.
 *
 * Every function here that changes an existing account tells the principal cache
 * (`accountChanged` / `tenantChanged`, platform/principal-changes.ts) with the same `db`: signed-in
 * principals and the user info kept with them are built from these rows.
 */

export type { Account, TenantAccountRow } from './repository.ts';

export const {
  findAccountByUserName,
  findAccountByPhone,
  findAccountByOpenId,
  findInviterByCode,
  isUserNameTaken,
  isPhoneTaken,
  lockPasswordHash,
  holdingPasswordHash,
  findProfile,
  findAccountPage,
  findVisibleAccount,
  findTenantAccount,
  findVisibleEmployees,
  findTenantEmployeeIds,
  countRoleHolders,
  findRoleHolders,
  findMainAccount,
  findAccountNames,
} = repo;

/** The account of this id; `lock` holds its row until the transaction ends. */
export function findAccountById(db: Db, id: number, options: { lock?: boolean } = {}) {
  return repo.findAccountById(db, id, options.lock);
}

// ---- invite codes ----------------------------------------------------------------------------

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 8 characters without look-alikes (0/O, 1/I): about 10^12 codes. */
function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return code;
}

/** A tenant's invite code; an account made without one gets one now. */
export async function ensureInviteCode(db: Db, tenantId: number): Promise<string> {
  return (await repo.findInviteCode(db, tenantId)) ?? (await repo.assignInviteCode(db, tenantId, newInviteCode()));
}

// ---- creating accounts -----------------------------------------------------------------------

/** A new main account (its own tenant) with an invite code of its own. */
export function createMainAccount(db: Db, input: Omit<NewMainAccount, 'inviteCode'> & { inviteCode?: string }) {
  return repo.insertMainAccount(db, { ...input, inviteCode: input.inviteCode ?? newInviteCode() });
}

/** A new employee of a main account, holding `roleId`. */
export function createEmployee(db: Db, input: NewEmployee): Promise<number> {
  return repo.insertEmployee(db, input);
}

// ---- sign-in failures ------------------------------------------------------------------------

/** Failed password sign-ins are counted in windows of this length. */
export const SIGN_IN_FAILURE_WINDOW_SECONDS = 15 * 60;

/**
 * The counters of an account's failed password sign-ins: one per client address (the lock: a
 * guesser locks out only its own address, never the owner elsewhere), and one over every
 * address (a ceiling for guessing spread over many addresses, which the caller applies only to
 * addresses the account has not signed in from).
 */
export function signInFailureRules(
  accountId: number,
  ip: string,
  limit: number,
): { fromAddress: RateLimitRule; anywhere: RateLimitRule } {
  return {
    fromAddress: {
      key: `${signInFailuresKey(accountId)}:ip:${ip}`,
      limit,
      windowSeconds: SIGN_IN_FAILURE_WINDOW_SECONDS,
    },
    anywhere: {
      key: signInFailuresKey(accountId),
      limit: limit * ANYWHERE_FACTOR,
      windowSeconds: SIGN_IN_FAILURE_WINDOW_SECONDS,
    },
  };
}

/** The ceiling over all addresses, as a multiple of the per-address limit. */
const ANYWHERE_FACTOR = 10;

/** Forgets an account's failed sign-ins from every address (after a right password, or a new one). */
export async function clearSignInFailures(db: Db, accountId: number): Promise<void> {
  await resetRateLimitFamily(db, signInFailuresKey(accountId));
}

/** The statement of `clearSignInFailures`, to run as a CTE of a larger statement. */
export function clearingSignInFailures(db: QueryCreator<Database>, accountId: number, options: { after?: string } = {}) {
  return resettingRateLimitFamily(db, signInFailuresKey(accountId), options);
}

function signInFailuresKey(accountId: number): string {
  return `login-fail:user:${accountId}`;
}

// ---- the rules of changing an account --------------------------------------------------------

/**
 * The one way a password changes (reset by SMS, changed in the personal centre, set by an
 * account manager): the new hash, every session ended except `keepSessionId` (the caller's own,
 * when it changes its own password), and failed sign-ins with the old password forgotten, so
 * they do not keep the new one out. Hash the password before the transaction (argon2 is slow).
 */
export async function setPasswordHash(
  db: Db,
  userId: number,
  passwordHash: string,
  options: { keepSessionId?: number } = {},
): Promise<void> {
  await transaction(db, async (tx) => {
    await repo.updatePasswordHash(tx, userId, passwordHash);
    await revokeUserSessions(tx, userId, options.keepSessionId);
    await clearSignInFailures(tx, userId);
  });
}

/**
 * Enables or disables an account; a disabled one is signed out everywhere at once, and a
 * disabled main account shuts its employees out too (their principals need it enabled).
 */
export async function setAccountStatus(db: Db, userId: number, status: 0 | 1): Promise<void> {
  await transaction(db, async (tx) => {
    await repo.updateStatus(tx, userId, status);
    if (status === 0) await revokeUserSessions(tx, userId);
    await tenantChanged(tx, userId);
  });
}

export async function setEmployeeRole(db: Db, userId: number, roleId: number, systemList: readonly number[]) {
  await repo.updateEmployeeRole(db, userId, roleId, systemList);
  await accountChanged(db, userId);
}

/** Binds a WeChat account; false when the account already has another one. */
export async function setWechat(db: Db, userId: number, openId: string, nickname: string): Promise<boolean> {
  const changed = await repo.setWechat(db, userId, openId, nickname);
  if (changed) await accountChanged(db, userId);
  return changed;
}

export async function unbindWechat(db: Db, userId: number): Promise<void> {
  await repo.clearWechat(db, userId);
  await accountChanged(db, userId);
}

/** The tenant's company name, kept on its main account and shown to its employees too. */
export async function setCompanyName(db: Db, tenantId: number, companyName: string): Promise<void> {
  await repo.updateProfileFields(db, tenantId, { company_name: companyName });
  await tenantChanged(db, tenantId);
}

/** Sets a user name; the caller checks it is free (`isUserNameTaken`), the unique index decides. */
export async function setUserName(db: Db, userId: number, userName: string): Promise<void> {
  await repo.updateProfileFields(db, userId, { user_name: userName });
  await accountChanged(db, userId);
}

export async function enableCustomerChat(db: Db, userId: number): Promise<void> {
  await repo.enableCustomerChat(db, userId);
  await accountChanged(db, userId);
}
