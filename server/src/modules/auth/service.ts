import { randomBytes } from 'node:crypto';
import type {
  TFindPasswordRequest,
  TLoginResult,
  TRegisterRequest,
  TRegisterResult,
} from '@seller-centre/contract/auth';
import type { Config } from '../../config.ts';
import { expressionBuilder, sql } from 'kysely';
import { nonDurableStatement, type Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  createSession,
  findPrincipal,
  hasSignedInFrom,
  openingSession,
  revokeSession,
  type SignInMethod,
} from '../../platform/auth.ts';
import type { ClientContext } from '../../platform/client-ip.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword, isHashingBusy, verifyPassword } from '../../platform/passwords.ts';
import {
  hitRateLimit,
  hitRateLimitsInTurn,
  releaseRateLimit,
  releasingRateLimits,
  type RateLimitRule,
} from '../../platform/rate-limit.ts';
import {
  clearingSignInFailures,
  createMainAccount,
  findAccountByPhone,
  findAccountByUserName,
  findInviterByCode,
  holdingPasswordHash,
  lockPasswordHash,
  setPasswordHash,
  unbindWechat,
  SIGN_IN_FAILURE_WINDOW_SECONDS,
  signInFailureRules,
  type Account,
} from '../accounts/service.ts';
import { recordInvitation } from '../invitations/service.ts';
import { withSmsCode } from './sms-service.ts';

export type AuthDeps = { db: Db; config: Config };
export type SessionOptions = { longTime: boolean; system: number };

/** A disabled account, or an employee of a disabled main account, signs in by no method. */
export function assertCanSignIn(account: Account): void {
  if (!account.enabled) throw AppError.forbidden('accountDisabled');
}

/** Opens the session and answers the contract's login result. */
export async function openSession(
  db: Db,
  account: Account,
  method: SignInMethod,
  options: SessionOptions,
  client: ClientContext,
): Promise<TLoginResult> {
  const session = await createSession(db, {
    userId: account.id,
    method,
    longTime: options.longTime,
    system: options.system,
    ip: client.ip,
    userAgent: client.userAgent,
  });
  return loginResult(account, session);
}

function loginResult(account: Account, session: { token: string; expiresIn: number }): TLoginResult {
  return {
    authorization: session.token,
    user_id: account.id,
    parent_id: account.userType === 1 ? 0 : account.tenantId,
    user_name: account.userName ?? '',
    account_type: account.accountType,
    expires_in: session.expiresIn,
  };
}

// A hash to verify against when the account does not exist or has no password, so both take
// as long as a wrong password and nothing can be learned from the timing.
let dummyHash: Promise<string> | undefined;
function dummyPasswordHash(): Promise<string> {
  // A refusal by a full hashing pool is not kept: the next call tries again.
  dummyHash ??= hashPassword(randomBytes(16).toString('hex')).catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  return dummyHash;
}

function throttled(retryAfterSeconds: number): AppError {
  return AppError.tooManyRequests(retryAfterSeconds, 'loginThrottled', {
    minutes: Math.ceil(Math.max(1, Math.ceil(retryAfterSeconds)) / 60),
  });
}

export type PasswordLookup =
  { kind: 'account'; accountName: string } | { kind: 'mobile'; area: string; phoneNumber: string };

/**
 * Checks a password sign-in and answers the account, or throws. Every attempt is counted per
 * client address and, unless that address is blocked, per account and address (per typed name
 * and address when no such account exists, so an unknown name is throttled exactly like a known
 * one) before the password is checked, and taken back when it was right. Five wrong passwords
 * lock the account from that address only: the owner elsewhere, and SMS sign-in, keep working.
 * Guessing spread over many addresses meets a ceiling per account, which does not apply from
 * an address the account signed in from lately. The counters live in the database, so every
 * instance sees the same ones. An unknown account, an account without a password and a wrong
 * password get the same message; whether an account is disabled is only said once its
 * password was right.
 */
export async function checkPassword(
  deps: AuthDeps,
  client: ClientContext,
  lookup: PasswordLookup,
  password: string,
): Promise<Account> {
  const { account, right } = await checkLookedUp(deps, client, lookup, password);
  if (!account || !right) throw AppError.badRequest('loginFailed');
  await forgetAttempt(deps.db, client, account);
  assertCanSignIn(account);
  return account;
}

/** The account of a password sign-in and whether the password was right, counted, not yet forgotten. */
async function checkLookedUp(deps: AuthDeps, client: ClientContext, lookup: PasswordLookup, password: string) {
  const { db } = deps;
  const account =
    lookup.kind === 'account'
      ? await findAccountByUserName(db, lookup.accountName)
      : await findAccountByPhone(db, lookup.area, lookup.phoneNumber);
  const named =
    lookup.kind === 'account'
      ? `name:${lookup.accountName.toLowerCase()}`
      : `phone:${lookup.area}-${lookup.phoneNumber}`;
  const right = await countAndVerify(deps, client, { account, named }, password, throttled);
  return { account, right };
}

/**
 * The counted check behind every password sign-in, and behind the current password asked
 * before a sensitive change (so guessing it there meets the same lock): counts the attempt
 * against the client address and the account (or the typed `named` key when there is no
 * account), checks the password, and on a right one takes the attempt back and forgets the
 * account's failures. Answers whether it was right; throws `throttle(...)` when locked.
 */
export async function countedPasswordCheck(
  deps: AuthDeps,
  client: ClientContext,
  target: { account: Account | null; named: string },
  password: string,
  throttle: (retryAfterSeconds: number) => AppError,
): Promise<boolean> {
  const right = await countAndVerify(deps, client, target, password, throttle);
  if (!target.account || !right) return false;
  await forgetAttempt(deps.db, client, target.account);
  return true;
}

/** Failed password sign-ins from one client address, over every account. */
function clientAddressRule(config: Config, client: ClientContext): RateLimitRule {
  return {
    key: clientAddressKey(client),
    limit: config.LOGIN_IP_FAILURE_LIMIT,
    windowSeconds: SIGN_IN_FAILURE_WINDOW_SECONDS,
  };
}

// The counting, and the forgetting after a right password, commit without waiting for the disk
// (`durable: false`, `nonDurableStatement`): on the embedded database a durable commit is a disk
// sync on the one thread that also answers every other request, and what a crash could lose
// here is a moment's attempt counts and, on a right password, the session just opened (its
// owner signs in again). Everything else a sign-in touches stays durable. Each is one statement,
// for the same thread's sake: a sign-in holds it for three statements in all (the account, the
// count, the forgetting with the new session).

/**
 * Counts the attempt (one statement: the client address first, then, unless that is blocked,
 * the account from that address, then the account from anywhere), throws `throttle(...)` when a
 * limit refuses it, and checks the password. The attempt stays counted: a right password must
 * be followed by `forgetAttempt` (or `forgettingAttempt` in the caller's statement).
 */
async function countAndVerify(
  { db, config }: AuthDeps,
  client: ClientContext,
  target: { account: Account | null; named: string },
  password: string,
  throttle: (retryAfterSeconds: number) => AppError,
): Promise<boolean> {
  const { account, named } = target;
  const limit = config.LOGIN_ACCOUNT_FAILURE_LIMIT;
  const rules = account
    ? signInFailureRules(account.id, client.ip, limit)
    : {
        fromAddress: {
          key: `login-fail:${named}:ip:${client.ip}`,
          limit,
          windowSeconds: SIGN_IN_FAILURE_WINDOW_SECONDS,
        },
        anywhere: null,
      };
  // A blocked client IP counts against no account (it would lock out the account's owner) and
  // stores no counter per name it guesses: the rules count in turn and stop at a refusal.
  const inTurn = [clientAddressRule(config, client), rules.fromAddress, ...(rules.anywhere ? [rules.anywhere] : [])];
  const states = await hitRateLimitsInTurn(db, inTurn, { durable: false });
  const refusal = states.find((state) => !state.allowed);
  // Thrown after the commit: a refused attempt still counts. The ceiling over every address
  // does not hold from an address the account signed in from lately.
  if (refusal) {
    const anywhere = refusal === states[2];
    if (!(anywhere && account && (await hasSignedInFrom(db, account.id, client.ip)))) {
      throw throttle(refusal.retryAfterSeconds);
    }
  }

  try {
    if (account?.passwordHash) return await verifyPassword(account.passwordHash, password);
    await verifyPassword(await dummyPasswordHash(), password);
    return false;
  } catch (error) {
    // Too busy to check (503): the attempt was no wrong password, so it does not count.
    if (isHashingBusy(error)) {
      const counted = inTurn.slice(0, states.length).map((rule) => rule.key);
      await nonDurableStatement(db, (light) =>
        sql`WITH released AS (${releasingRateLimits(db, counted)}) SELECT ${light} AS light`.execute(db),
      );
    }
    throw error;
  }
}

function clientAddressKey(client: ClientContext): string {
  return `login-fail:ip:${client.ip}`;
}

/**
 * What takes a right password's attempt back, as CTEs of a statement: one hit off the client
 * address, and the account's failures from every address forgotten.
 */
function forgettingAttempt(db: Db, client: ClientContext, account: Account) {
  return [
    sql`released AS (${releasingRateLimits(db, [clientAddressKey(client)])})`,
    // The address first, as counting locks it (the lock order in rate-limit.ts).
    sql`forgotten AS (${clearingSignInFailures(db, account.id, { after: 'released' })})`,
  ];
}

async function forgetAttempt(db: Db, client: ClientContext, account: Account): Promise<void> {
  await nonDurableStatement(db, (light) =>
    sql`WITH ${sql.join(forgettingAttempt(db, client, account))} SELECT ${light} AS light`.execute(db),
  );
}

export async function signInWithPassword(
  deps: AuthDeps,
  client: ClientContext,
  lookup: PasswordLookup,
  password: string,
  options: SessionOptions,
): Promise<TLoginResult> {
  const { db } = deps;
  const { account, right } = await checkLookedUp(deps, client, lookup, password);
  if (!account || !right) throw AppError.badRequest('loginFailed');
  // A disabled account opens no session but, its password being right, still has its attempt
  // forgotten.
  if (!account.enabled) {
    await forgetAttempt(db, client, account);
    assertCanSignIn(account);
  }
  // One statement forgets the attempt and opens the session, the latter only if the password
  // just checked is still the account's: a change or reset meanwhile (which revokes every
  // session) opens none, and one arriving during the statement waits for it, then revokes it.
  const opening = openingSession(
    db,
    {
      userId: account.id,
      method: lookup.kind,
      longTime: options.longTime,
      system: options.system,
      ip: client.ip,
      userAgent: client.userAgent,
    },
    expressionBuilder<Database, never>().exists(holdingPasswordHash(db, account.id, account.passwordHash!)),
  );
  const ctes = [...forgettingAttempt(db, client, account), sql`opened AS (${opening.insert})`];
  const opened = await nonDurableStatement(db, (light) =>
    sql<{ session_id: number | null }>`
      WITH ${sql.join(ctes)} SELECT ${light} AS light, (SELECT id FROM opened) AS session_id`.execute(db),
  );
  const sessionId = opened.rows[0]?.session_id ?? null;
  if (sessionId === null) throw AppError.badRequest('loginFailed');
  return loginResult(account, { token: opening.token, expiresIn: opening.expiresIn });
}

/**
 * Call in the transaction that opens a session after `checkPassword`: a password changed or
 * reset while the old one was being checked (which revokes every session) opens none.
 */
export async function assertPasswordUnchanged(tx: Db, account: Account): Promise<void> {
  if (!account.passwordHash || !(await lockPasswordHash(tx, account.id, account.passwordHash))) {
    throw AppError.badRequest('loginFailed');
  }
}

/** SMS-code sign-in: main accounts only (docs/permissions.md). */
export async function signInWithSmsCode(
  { db }: AuthDeps,
  client: ClientContext,
  input: { area: string; phoneNumber: string; smsCode: string },
  options: SessionOptions,
): Promise<TLoginResult> {
  return withSmsCode(
    db,
    { area: input.area, phoneNumber: input.phoneNumber, type: 'login:', code: input.smsCode },
    async (tx) => {
      const account = await findAccountByPhone(tx, input.area, input.phoneNumber);
      if (!account) throw AppError.badRequest('phoneNotRegistered');
      if (account.userType !== 1) throw AppError.forbidden('smsLoginMainOnly');
      assertCanSignIn(account);
      return openSession(tx, account, 'sms', options, client);
    },
  );
}

/**
 * A new main account (its own tenant) with an invite code of its own and no password: it
 * signs in by SMS code until it sets one. With someone's invite code, the inviter's selection
 * plans run on by INVITE_GIVEN_DAYS days (recordInvitation, in this transaction).
 */
export async function register({ db, config }: AuthDeps, request: TRegisterRequest): Promise<TRegisterResult> {
  const { area, phone_number: phoneNumber } = request;
  const inviteCode = request.invite_code?.trim() || undefined;
  try {
    return await withSmsCode(db, { area, phoneNumber, type: 'register:', code: request.sms_code }, async (tx) => {
      if (await findAccountByPhone(tx, area, phoneNumber)) throw AppError.conflict('phoneRegistered');
      const inviterId = inviteCode ? await findInviterByCode(tx, inviteCode) : null;
      if (inviteCode && inviterId === null) throw AppError.badRequest('inviteCodeInvalid');
      const userId = await createMainAccount(tx, {
        area,
        phoneNumber,
        source: request.source ?? '',
        system: request.system ?? 1,
        referrer: request.referrer ?? '',
        secondarySource: request.secondary_source ?? '',
      });
      if (inviterId !== null) {
        await recordInvitation(tx, {
          inviterId,
          inviteeId: userId,
          inviteCodeType: request.invite_code_type?.trim() || '1',
          givenDays: config.INVITE_GIVEN_DAYS,
        });
      }
      return { user_id: userId };
    });
  } catch (error) {
    // Two registrations of one phone at the same moment: the second is told, not a 500.
    if (isUniqueViolation(error, 'users_phone_key')) throw AppError.conflict('phoneRegistered');
    throw error;
  }
}

/** Reset attempts (right or wrong) per phone and per client address in a window. */
const RESET_ATTEMPTS = { perPhone: 10, perIp: 30, windowSeconds: 60 * 60 } as const;

/**
 * Sets a new password with an SMS code and signs the account out everywhere. Attempts are
 * counted per phone and per client address before anything else, and the code is checked
 * before the new password is hashed: a stream of guesses costs a counter and a lookup, never a
 * hash. A successful reset takes its attempt back.
 */
export async function resetPassword(
  { db }: AuthDeps,
  client: ClientContext,
  request: TFindPasswordRequest,
): Promise<null> {
  const { area, phone_number: phoneNumber } = request;
  const rules: RateLimitRule[] = [
    { key: `find-pwd:ip:${client.ip}`, limit: RESET_ATTEMPTS.perIp, windowSeconds: RESET_ATTEMPTS.windowSeconds },
    {
      key: `find-pwd:phone:${area}-${phoneNumber}`,
      limit: RESET_ATTEMPTS.perPhone,
      windowSeconds: RESET_ATTEMPTS.windowSeconds,
    },
  ];
  for (const rule of rules) {
    const state = await hitRateLimit(db, rule);
    if (!state.allowed) {
      throw AppError.tooManyRequests(state.retryAfterSeconds, 'resetPasswordThrottled', {
        minutes: Math.ceil(state.retryAfterSeconds / 60),
      });
    }
  }
  await withSmsCode(db, { area, phoneNumber, type: 'find_pwd:', code: request.sms_code }, async (tx) => {
    const account = await findAccountByPhone(tx, area, phoneNumber);
    if (!account) throw AppError.badRequest('phoneNotRegistered');
    // Only now, with the code right, is the new password worth hashing. A full hashing pool
    // (503) leaves the code unused, so the owner can try again with it.
    const passwordHash = await hashPassword(request.password);
    // Signs the account out everywhere and forgets failures with the forgotten password. The
    // WeChat binding goes too: whoever held a stolen session may have bound their own WeChat,
    // which would sign them back in after the owner's reset. The owner binds theirs again.
    await setPasswordHash(tx, account.id, passwordHash);
    await unbindWechat(tx, account.id);
  });
  for (const rule of rules) await releaseRateLimit(db, rule.key);
  return null;
}

/** Ends the session of this token, if it is still live; never fails (a 401 must not loop). */
export async function logout({ db }: AuthDeps, token: string | undefined): Promise<null> {
  if (!token) return null;
  const principal = await findPrincipal(db, token);
  if (principal) await revokeSession(db, principal.sessionId);
  return null;
}
