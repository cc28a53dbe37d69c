import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  REAUTH_SMS_TYPE,
  type TSendSmsQuery,
  type TSendSmsResult,
  type TSmsPurpose,
} from '@seller-centre/contract/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { transaction, type Db } from '../../db/client.ts';
import type { ClientContext } from '../../platform/client-ip.ts';
import { AppError } from '../../platform/errors.ts';
import { enforceRateLimit, pruneRateLimits } from '../../platform/rate-limit.ts';
import { SmsDeliveryError, type SmsProvider } from '../../providers/sms/provider.ts';
import { findAccountByPhone } from '../accounts/service.ts';
import {
  consumeSmsCode,
  insertSmsCode,
  lockNewestSmsCode,
  pruneSmsCodes,
  recordWrongSmsCode,
} from './sms-repository.ts';

/** Rules of one-time SMS codes. */
const SMS_CODE = {
  ttlSeconds: 5 * 60,
  maxAttempts: 5,
  /** One code per phone and purpose per this many seconds (the page's 60 s countdown). */
  resendSeconds: 60,
  perPhonePerDay: 10,
} as const;

function hashCode(salt: Buffer, code: string): Buffer {
  return createHash('sha256').update(salt).update(code, 'utf8').digest();
}

export type SmsDeps = { db: Db; config: Config; sms: SmsProvider; log: FastifyBaseLogger };

/**
 * GET /api/v1/sms. Checks the purpose against the account first (no code is sent that could
 * not be used), then the limits: per client IP (every request counts), one per 60 s per phone
 * and purpose, ten per phone per day. The code is stored only hashed; if the SMS service
 * refuses, nothing is stored or counted against the phone and the caller gets a 503.
 */
export async function sendSmsCode(deps: SmsDeps, client: ClientContext, query: TSendSmsQuery): Promise<TSendSmsResult> {
  const { db, config } = deps;
  const { area, phone_number: phoneNumber, type } = query;
  await enforceRateLimit(
    db,
    { key: `sms:ip:${client.ip}`, limit: config.SMS_IP_HOURLY_LIMIT, windowSeconds: 3600 },
    'smsIpLimit',
  );

  const account = await findAccountByPhone(db, area, phoneNumber);
  if (type === 'register:' && account) throw AppError.conflict('phoneRegistered');
  if (type !== 'register:' && !account) throw AppError.badRequest('phoneNotRegistered');
  if (type === 'login:' && account) {
    if (account.userType !== 1) throw AppError.forbidden('smsLoginMainOnly');
    if (!account.enabled) throw AppError.forbidden('accountDisabled');
  }

  return issueSmsCode(deps, client, { area, phoneNumber, type });
}

/**
 * Stores and sends a new code for a phone and purpose, within the per-phone limits (one per
 * 60 s per purpose, ten per day). The caller has checked that the purpose fits the account.
 */
async function issueSmsCode(
  deps: SmsDeps,
  client: ClientContext,
  target: { area: string; phoneNumber: string; type: TSmsPurpose },
): Promise<TSendSmsResult> {
  const { db, sms } = deps;
  const { area, phoneNumber, type } = target;
  const result = await transaction(db, async (tx) => {
    const phoneKey = `${area}-${phoneNumber}`;
    await enforceRateLimit(
      tx,
      { key: `sms:phone-type:${phoneKey}:${type}`, limit: 1, windowSeconds: SMS_CODE.resendSeconds },
      'smsResendTooSoon',
    );
    await enforceRateLimit(
      tx,
      { key: `sms:phone-day:${phoneKey}`, limit: SMS_CODE.perPhonePerDay, windowSeconds: 24 * 3600 },
      'smsDailyLimit',
    );
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const salt = randomBytes(16);
    await insertSmsCode(tx, {
      area,
      phoneNumber,
      type,
      salt,
      codeHash: hashCode(salt, code),
      ttlSeconds: SMS_CODE.ttlSeconds,
      ip: client.ip,
    });
    try {
      await sms.send(tx, { area, phoneNumber, type, code });
    } catch (error) {
      if (error instanceof SmsDeliveryError) {
        deps.log.error({ err: error }, 'sms delivery failed');
        throw AppError.unavailable('smsUnavailable', error);
      }
      throw error;
    }
    return { resend_after_seconds: SMS_CODE.resendSeconds };
  });
  await pruneSmsCodes(db);
  await pruneRateLimits(db);
  return result;
}

/**
 * Sends a re-authentication code to the signed-in account's own phone: the proof an account
 * without a password gives before a sensitive change. An account with a password is told to
 * use it (no code is sent that could not be used). Limited like every SMS: per client IP, and
 * per phone.
 */
export async function sendReauthSmsCode(
  deps: SmsDeps,
  client: ClientContext,
  account: { area: string; phoneNumber: string; passwordHash: string | null },
): Promise<TSendSmsResult> {
  if (account.passwordHash) throw AppError.badRequest('reauthUsePassword');
  await enforceRateLimit(
    deps.db,
    { key: `sms:ip:${client.ip}`, limit: deps.config.SMS_IP_HOURLY_LIMIT, windowSeconds: 3600 },
    'smsIpLimit',
  );
  return issueSmsCode(deps, client, { area: account.area, phoneNumber: account.phoneNumber, type: REAUTH_SMS_TYPE });
}

export type SmsCodeInput = { area: string; phoneNumber: string; type: TSmsPurpose; code: string };

type Verdict =
  | { status: 'ok' }
  | { status: 'used' }
  | { status: 'expired' }
  | { status: 'burned' }
  | { status: 'wrong'; remaining: number };

async function verifySmsCode(tx: Db, input: SmsCodeInput): Promise<Verdict> {
  const stored = await lockNewestSmsCode(tx, input);
  if (!stored) return { status: 'used' };
  if (stored.consumed) return { status: stored.attempts >= SMS_CODE.maxAttempts ? 'burned' : 'used' };
  if (stored.expired) return { status: 'expired' };
  const given = hashCode(stored.salt, input.code);
  if (given.length !== stored.codeHash.length || !timingSafeEqual(given, stored.codeHash)) {
    const attempts = await recordWrongSmsCode(tx, stored.id, SMS_CODE.maxAttempts);
    if (attempts >= SMS_CODE.maxAttempts) return { status: 'burned' };
    return { status: 'wrong', remaining: SMS_CODE.maxAttempts - attempts };
  }
  return (await consumeSmsCode(tx, stored.id)) ? { status: 'ok' } : { status: 'used' };
}

function refusal(verdict: Exclude<Verdict, { status: 'ok' }>): AppError {
  switch (verdict.status) {
    case 'wrong':
      return AppError.badRequest('smsCodeWrong', { remaining: verdict.remaining });
    case 'burned':
      return AppError.badRequest('smsCodeBurned');
    case 'expired':
      return AppError.badRequest('smsCodeExpired');
    case 'used':
      return AppError.badRequest('smsCodeUsed');
  }
}

/**
 * Runs `action` in one transaction together with using the code up. A wrong code is counted
 * (and that count committed) before the call is refused; when `action` throws, the code stays
 * unused, so a refused registration does not cost the user their code.
 */
export async function withSmsCode<T>(db: Db, input: SmsCodeInput, action: (tx: Db) => Promise<T>): Promise<T> {
  type Outcome = { ok: false; verdict: Exclude<Verdict, { status: 'ok' }> } | { ok: true; value: T };
  const outcome = await transaction(db, async (tx): Promise<Outcome> => {
    const verdict = await verifySmsCode(tx, input);
    if (verdict.status !== 'ok') return { ok: false, verdict };
    return { ok: true, value: await action(tx) };
  });
  if (!outcome.ok) throw refusal(outcome.verdict);
  return outcome.value;
}
