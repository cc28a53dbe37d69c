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
