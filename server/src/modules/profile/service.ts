import type { TChangePasswordRequest, TDistributionInfo, TUserInfo } from '@seller-centre/contract/profile';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { findLastSignIn, type Principal } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { cachedForSession } from '../../platform/principal-cache.ts';
import {
  enableCustomerChat,
  findProfile,
  isUserNameTaken,
  setCompanyName,
  setPasswordHash,
  setUserName,
  unbindWechat as clearWechat,
} from '../accounts/service.ts';
import type { ClientContext } from '../../platform/client-ip.ts';
import { withReauthentication } from '../auth/reauth-service.ts';
import type { AuthDeps } from '../auth/service.ts';
import { findDistributionSettings, upsertShowDistributor } from './repository.ts';

/**
 * The signed-in user's own profile (docs/product.md 'user info'). Every call acts on the
 * principal's own account, so the access check is the session itself; the company name is the
 * tenant's, which only the main account may change.
 *
 * Every page of the personal centre asks for it, so it is kept with the session in the
 * principal cache: all it shows changes through the accounts module, which tells the cache.
 */
export function getUserInfo(db: Db, principal: Principal): Promise<TUserInfo> {
  return cachedForSession(principal, 'user-info', () => readUserInfo(db, principal));
}

/** The user info as stored now (after a change, the cached one is gone or about to go). */
async function readUserInfo(db: Db, principal: Principal): Promise<TUserInfo> {
  const row = await findProfile(db, principal.userId);
  if (!row) throw AppError.unauthorized();
  const last = await findLastSignIn(db, principal.userId, principal.sessionId);
  const userType = row.user_type === 1 ? 1 : 2;
  return {
    user_id: row.id,
    parent_id: userType === 1 ? 0 : row.main_id,
    user_name: row.user_name ?? '',
    account_type: row.account_type,
    agent_id: row.agent_id,
    area: row.area,
    co_chat_status: row.co_chat_status,
    email: row.email,
    ip: last?.ip ?? '',
    login_time: last ? last.created_at.toISOString() : '',
    phone_number: row.phone_number,
    user_company_name: row.company_name,
    user_type: userType,
    we_chat_nickname: row.we_chat_nickname,
    we_chat_open_id: row.we_chat_open_id ?? '',
    has_password: row.has_password,
  };
}

export async function changeCompanyName(db: Db, principal: Principal, companyName: string): Promise<TUserInfo> {
  if (principal.userType !== 1) throw AppError.forbidden('companyMainOnly');
  await setCompanyName(db, principal.tenantId, companyName);
  return readUserInfo(db, principal);
}

export async function changeUserName(db: Db, principal: Principal, userName: string): Promise<TUserInfo> {
  if (await isUserNameTaken(db, userName, principal.userId)) throw AppError.conflict('userNameTaken');
  try {
    await setUserName(db, principal.userId, userName);
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict('userNameTaken');
    throw error;
  }
  return readUserInfo(db, principal);
}

/**
 * A new password, after re-authentication (the current password, or an SMS code to the
 * account's own phone when it has none): a stolen session alone cannot lock the owner out.
 * It signs every other session of the account out; this one stays signed in.
 */
export async function changePassword(
  deps: AuthDeps,
  client: ClientContext,
  principal: Principal,
  request: TChangePasswordRequest,
): Promise<null> {
  const { password, ...proof } = request;
  // Refused before the slow hash when no proof was given at all.
  if (!proof.current_password && !proof.sms_code) {
    await withReauthentication(deps, client, principal, proof, async () => null);
  }
  const passwordHash = await hashPassword(password);
  await withReauthentication(deps, client, principal, proof, (tx) =>
    setPasswordHash(tx, principal.userId, passwordHash, { keepSessionId: principal.sessionId }),
  );
  return null;
}

export async function unbindWechat(db: Db, principal: Principal): Promise<TUserInfo> {
  await clearWechat(db, principal.userId);
  return readUserInfo(db, principal);
}

export async function registerCustomerChat(db: Db, principal: Principal): Promise<{ co_chat_status: 1 }> {
  await enableCustomerChat(db, principal.userId);
  return { co_chat_status: 1 };
}

/** The older base's distribution switches, per tenant (both off unless stored). */
export async function getDistributionInfo(db: Db, principal: Principal): Promise<TDistributionInfo> {
  const stored = await findDistributionSettings(db, principal.tenantId);
  return stored ?? { is_show_distributor: false, is_sync_m2b: false };
}

/**
 * Makes a tenant a distributor or not (the distribution bill menu follows it). Called by the
 * supplier application's approval and by operators; the distribution module reads it back.
 */
export async function setDistributorFlag(db: Db, tenantId: number, on: boolean): Promise<void> {
  await upsertShowDistributor(db, tenantId, on);
}

export async function isDistributor(db: Db, tenantId: number): Promise<boolean> {
  return (await findDistributionSettings(db, tenantId))?.is_show_distributor ?? false;
}
