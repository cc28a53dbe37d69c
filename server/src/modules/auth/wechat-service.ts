import { randomBytes } from 'node:crypto';
import type { TLoginResult, TQrBindingRequest, TQrCode, TQrInquiryResult } from '@seller-centre/contract/auth';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TReauthProof, TWechatBindResult } from '@seller-centre/contract/profile';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { transaction, type Db } from '../../db/client.ts';
import type { Principal } from '../../platform/auth.ts';
import type { ClientContext } from '../../platform/client-ip.ts';
import { AppError } from '../../platform/errors.ts';
import { enforceRateLimit } from '../../platform/rate-limit.ts';
import { WechatUnavailableError, type WechatProvider } from '../../providers/wechat/provider.ts';
import { findAccountById, findAccountByOpenId, setWechat } from '../accounts/service.ts';
import { withReauthentication } from './reauth-service.ts';
import {
  assertCanSignIn,
  assertPasswordUnchanged,
  checkPassword,
  openSession,
  type SessionOptions,
} from './service.ts';
import {
  claimDelivery,
  consumeScene,
  findScene,
  insertScene,
  pruneScenes,
  recordSceneScan,
  type Scene,
} from './wechat-repository.ts';

export type WechatDeps = { db: Db; config: Config; wechat: WechatProvider; log: FastifyBaseLogger };

/** QR codes drawn per client IP per hour (the login page draws one each expire_seconds). */
const QR_CODES_PER_IP_PER_HOUR = 120;

/**
 * A new single-use scene and its QR code. The scene is stored first, so a scan that arrives
 * at any instance finds it.
 */
export async function createQrCode(
  { db, config, wechat, log }: WechatDeps,
  client: ClientContext,
  publicUrl: string,
  options: { bindUserId?: number } = {},
): Promise<TQrCode> {
  await enforceRateLimit(
    db,
    { key: `qr:ip:${client.ip}`, limit: QR_CODES_PER_IP_PER_HOUR, windowSeconds: 3600 },
    'qrTooMany',
  );
  const sceneMark = randomBytes(18).toString('base64url');
  const expireSeconds = config.WECHAT_QR_EXPIRE_SECONDS;
  await insertScene(db, sceneMark, expireSeconds, options.bindUserId ?? null);
  await pruneScenes(db);
  try {
    const qr = await wechat.createQrCode({ sceneMark, expireSeconds, publicUrl });
    return {
      url: qr.url,
      scene_mark: sceneMark,
      expire_seconds: expireSeconds,
      ...(qr.image_url ? { image_url: qr.image_url } : {}),
    };
  } catch (error) {
    if (error instanceof WechatUnavailableError) {
      log.error({ err: error }, 'wechat qr code failed');
      throw AppError.unavailable('wechatUnavailable', error);
    }
    throw error;
  }
}

/**
 * A scene that can still be used: known, not used, not expired. A scene issued for binding
 * signs nobody in, so the sign-in calls take it for unknown.
 */
async function liveScene(db: Db, sceneMark: string, purpose: 'sign-in' | 'any' = 'sign-in'): Promise<Scene> {
  const scene = await findScene(db, sceneMark);
  if (!scene || (purpose === 'sign-in' && scene.bindUserId !== null)) throw AppError.badRequest('qrInvalid');
  if (scene.consumed) throw AppError.badRequest('qrUsed');
  if (scene.expired) throw AppError.badRequest('qrExpired');
  return scene;
}

/** How far a webhook delivery's timestamp may be from our clock, either way, in seconds. */
const WECHAT_DELIVERY_WINDOW_SECONDS = 300;

/**
 * A signed webhook delivery is taken once, and only while fresh: WeChat signs the timestamp and
 * nonce but not the message, so a signature seen in a log or on the wire would otherwise carry
 * any scan an attacker writes. Refuses (403) a timestamp outside the window and a (timestamp,
 * nonce) any instance took before. Call it after the signature was checked.
 */
export async function acceptWechatDelivery(
  { db }: Pick<WechatDeps, 'db'>,
  delivery: { timestamp: string; nonce: string },
  now = Date.now(),
): Promise<void> {
  const seconds = /^\d{1,12}$/.test(delivery.timestamp) ? Number(delivery.timestamp) : Number.NaN;
  if (!(Math.abs(now / 1000 - seconds) <= WECHAT_DELIVERY_WINDOW_SECONDS)) {
    throw AppError.forbidden('wechatDeliveryStale');
  }
  // Kept twice the window, so every timestamp still accepted is remembered.
  if (!(await claimDelivery(db, delivery.timestamp, delivery.nonce, 2 * WECHAT_DELIVERY_WINDOW_SECONDS))) {
    throw AppError.forbidden('wechatDeliveryReplayed');
  }
}

/**
 * A scan, from the official account's webhook or the simulator: the WeChat user `openId`
 * scanned the code of `sceneMark`. Throws the reason when the scene cannot take a scan.
 */
export async function recordScan(
  { db, config }: Pick<WechatDeps, 'db' | 'config'>,
  scan: { sceneMark: string; openId: string; nickname: string },
): Promise<void> {
  const recorded = await recordSceneScan(db, { ...scan, graceSeconds: config.WECHAT_QR_EXPIRE_SECONDS });
  if (!recorded) await liveScene(db, scan.sceneMark, 'any');
}

/**
 * The login page's poll. Not scanned yet: scan_status false. Scanned by a WeChat bound to an
 * account: that account is signed in and the scene used up. Scanned by an unbound WeChat:
 * is_binding false, and the page asks for phone and password (`bindAndSignIn`).
 */
export async function inquire(
  { db }: Pick<WechatDeps, 'db'>,
  client: ClientContext,
  sceneMark: string,
  options: SessionOptions,
): Promise<TQrInquiryResult> {
  const scene = await liveScene(db, sceneMark);
  if (!scene.scanned || !scene.openId) return { scan_status: false, is_binding: false };
  const account = await findAccountByOpenId(db, scene.openId);
  if (!account) return { scan_status: true, is_binding: false };
  assertCanSignIn(account);
  const result = await transaction(db, async (tx) => {
    if (!(await consumeScene(tx, sceneMark, account.id))) return null;
    return openSession(tx, account, 'wechat', options, client);
  });
  if (!result) throw AppError.badRequest('qrUsed');
  return { scan_status: true, is_binding: true, ...result };
}

/**
 * The bind-mobile form after an unbound scan: phone and password (throttled like a sign-in)
 * prove the account; its WeChat becomes the scanning one and it is signed in.
 */
export async function bindAndSignIn(
  deps: Pick<WechatDeps, 'db' | 'config'>,
  client: ClientContext,
  request: TQrBindingRequest,
): Promise<TLoginResult> {
  const { db } = deps;
  const scene = await liveScene(db, request.scene_mark);
  if (!scene.scanned || !scene.openId) throw AppError.badRequest('qrNotScanned');
  const openId = scene.openId;
  const owner = await findAccountByOpenId(db, openId);
  const account = await checkPassword(
    deps,
    client,
    { kind: 'mobile', area: request.area, phoneNumber: request.phone_number },
    request.password,
  );
  if (owner && owner.id !== account.id) throw AppError.conflict('wechatBoundElsewhere');
  if (account.weChatOpenId && account.weChatOpenId !== openId) throw AppError.conflict('accountHasOtherWechat');
  try {
    const result = await transaction(db, async (tx) => {
      await assertPasswordUnchanged(tx, account);
      if (!(await consumeScene(tx, scene.sceneMark, account.id))) return null;
      if (!(await setWechat(tx, account.id, openId, scene.nickname))) throw AppError.conflict('accountHasOtherWechat');
      return openSession(
        tx,
        { ...account, weChatOpenId: openId },
        'wechat',
        { longTime: request.long_time === 1, system: request.system },
        client,
      );
    });
    if (!result) throw AppError.badRequest('qrUsed');
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict('wechatBoundElsewhere');
    throw error;
  }
}

/**
 * The personal centre's bind QR code: issued only after the signed-in account re-authenticated
 * (current password, or an SMS code to its own phone), and only that account can bind with it.
 */
export async function createBindQrCode(
  deps: WechatDeps,
  client: ClientContext,
  publicUrl: string,
  principal: Principal,
  proof: TReauthProof,
): Promise<TQrCode> {
  await withReauthentication(deps, client, principal, proof, async () => null);
  return createQrCode(deps, client, publicUrl, { bindUserId: principal.userId });
}

/**
 * The personal centre's bind, polled with a scene from the bind QR call: binds the scanning
 * WeChat to the signed-in account once the code is scanned. A scene not issued to this account
 * after re-authentication (a sign-in QR code, or another account's) is refused (403).
 */
export async function bindToSignedInAccount(
  { db }: Pick<WechatDeps, 'db'>,
  principal: Principal,
  sceneMark: string,
): Promise<TWechatBindResult> {
  const scene = await liveScene(db, sceneMark, 'any');
  if (scene.bindUserId !== principal.userId) throw AppError.forbidden('wechatBindNeedsReauth');
  if (!scene.scanned || !scene.openId) return { scan_status: false, is_binding: false, we_chat_nickname: '' };
  const openId = scene.openId;
  try {
    return await transaction(db, async (tx) => {
      const me = await findAccountById(tx, principal.userId, { lock: true });
      if (!me) throw AppError.unauthorized();
      const owner = await findAccountByOpenId(tx, openId);
      if (owner && owner.id !== me.id) throw AppError.conflict('wechatBoundElsewhere');
      if (me.weChatOpenId && me.weChatOpenId !== openId) throw AppError.conflict('accountHasOtherWechat');
      if (!(await consumeScene(tx, sceneMark, me.id))) throw AppError.badRequest('qrUsed');
      await setWechat(tx, me.id, openId, scene.nickname);
      return { scan_status: true, is_binding: true, we_chat_nickname: scene.nickname };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict('wechatBoundElsewhere');
    throw error;
  }
}
