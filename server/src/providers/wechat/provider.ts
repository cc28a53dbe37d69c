import type { Config } from '../../config.ts';
import { createOfficialAccountProvider } from './official.ts';
import { createSimulatorProvider } from './simulator.ts';

/** A QR code for one scene: `url` is the text the code encodes; `image_url` a ready image, if any. */
export type WechatQrCode = { url: string; image_url?: string };

/**
 * WeChat QR sign-in. The provider only draws the code; the scan reaches us separately (the
 * official account's event webhook, or the simulator's scan page) and is recorded against the
 * scene in the database.
 */
export interface WechatProvider {
  readonly name: 'simulator' | 'official';
  createQrCode(input: { sceneMark: string; expireSeconds: number; publicUrl: string }): Promise<WechatQrCode>;
}

/** WeChat could not be reached or refused; the caller answers 503. */
export class WechatUnavailableError extends Error {
  override name = 'WechatUnavailableError';
}

export function createWechatProvider(config: Config): WechatProvider {
  if (config.WECHAT_PROVIDER === 'official') {
    return createOfficialAccountProvider({
      appId: config.WECHAT_APP_ID!,
      appSecret: config.WECHAT_APP_SECRET!,
      apiBase: config.WECHAT_API_BASE,
    });
  }
  return createSimulatorProvider();
}
