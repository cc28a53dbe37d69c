import { REAUTH_SMS_TYPE, type TSendSmsResult } from '@seller-centre/contract/auth';
import type { TReauthProof } from '@seller-centre/contract/profile';
import { transaction, type Db } from '../../db/client.ts';
import type { Principal } from '../../platform/auth.ts';
import type { ClientContext } from '../../platform/client-ip.ts';
import { AppError } from '../../platform/errors.ts';
import { findAccountById, lockPasswordHash, type Account } from '../accounts/service.ts';
import { countedPasswordCheck, type AuthDeps } from './service.ts';
import { sendReauthSmsCode, withSmsCode, type SmsDeps } from './sms-service.ts';

/**
 * Re-authentication before a sensitive change of the signed-in account (its password, binding a
 * WeChat): a session alone is not enough, since a stolen one must not be able to lock the owner
 * out or leave itself a way back in. The proof is the current password, or, for an account
 * without one, an SMS code sent to the account's own phone (`sendReauthCode`).
 */

function reauthThrottled(retryAfterSeconds: number): AppError {
  return AppError.tooManyRequests(retryAfterSeconds, 'reauthThrottled', {
    minutes: Math.ceil(Math.max(1, Math.ceil(retryAfterSeconds)) / 60),
  });
}

async function signedInAccount(db: Db, principal: Principal): Promise<Account> {
  const account = await findAccountById(db, principal.userId);
  if (!account) throw AppError.unauthorized();
  return account;
}

/**
 * Checks the proof of the signed-in account, then runs `action` in one transaction. With a
 * password: wrong guesses count towards the same lock as failed sign-ins from this address,
 * and the action runs only if the password checked is still the account's. Without one: the
 * newest 'reauth:' code of the account's phone is used up with the action (a wrong one counts
 * towards burning it, like every SMS code). Refuses (400) a missing or wrong proof, and an SMS
 * code from an account that has a password (the password is the stronger proof).
 */
export async function withReauthentication<T>(
  deps: AuthDeps,
  client: ClientContext,
  principal: Principal,
  proof: TReauthProof,
  action: (tx: Db) => Promise<T>,
): Promise<T> {
  const { db } = deps;
  const account = await signedInAccount(db, principal);
  const passwordHash = account.passwordHash;
  if (passwordHash) {
    if (!proof.current_password) throw AppError.badRequest('currentPasswordRequired');
    const right = await countedPasswordCheck(
      deps,
      client,
      { account, named: `user:${account.id}` },
      proof.current_password,
      reauthThrottled,
    );
    if (!right) throw AppError.badRequest('currentPasswordWrong');
    return transaction(db, async (tx) => {
      // Changed meanwhile (by a reset, or another tab): the password just checked proves nothing.
      if (!(await lockPasswordHash(tx, account.id, passwordHash))) throw AppError.badRequest('currentPasswordWrong');
      return action(tx);
    });
  }
  if (!proof.sms_code) throw AppError.badRequest('reauthSmsRequired');
  return withSmsCode(
    db,
    { area: account.area, phoneNumber: account.phoneNumber, type: REAUTH_SMS_TYPE, code: proof.sms_code },
    action,
  );
}

/** Sends the re-authentication code to the signed-in account's own phone (accounts without a password). */
export async function sendReauthCode(
  deps: SmsDeps,
  client: ClientContext,
  principal: Principal,
): Promise<TSendSmsResult> {
  return sendReauthSmsCode(deps, client, await signedInAccount(deps.db, principal));
}
