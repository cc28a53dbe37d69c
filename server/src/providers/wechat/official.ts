import { WechatUnavailableError, type WechatProvider } from './provider.ts';

/**
 * A WeChat official account's temporary QR codes with a string scene (`QR_STR_SCENE`).
 *
 * The access token comes from `cgi-bin/stable_token` rather than `cgi-bin/token`: every
 * instance gets the same token until it expires, so several instances never invalidate each
 * other's tokens. Scans arrive at the event webhook (modules/auth/wechat-webhook-routes.ts).
 */
export type OfficialAccountOptions = {
  appId: string;
  appSecret: string;
  apiBase: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

type WechatReply = { errcode?: number; errmsg?: string };

/** WeChat's own image of a ticket's QR code. */
export function showQrCodeUrl(ticket: string): string {
  return `https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=${encodeURIComponent(ticket)}`;
}

export function createOfficialAccountProvider(options: OfficialAccountOptions): WechatProvider {
  const doFetch = options.fetch ?? fetch;
  const base = options.apiBase.replace(/\/+$/, '');
  let cached: { token: string; until: number } | undefined;

  async function post<T extends WechatReply>(path: string, body: unknown): Promise<T> {
    let reply: T;
    try {
      const response = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      reply = (await response.json()) as T;
    } catch (error) {
      throw new WechatUnavailableError(`wechat unreachable: ${(error as Error).message}`, { cause: error });
    }
    return reply;
  }

  async function accessToken(): Promise<string> {
    if (cached && cached.until > Date.now()) return cached.token;
    const reply = await post<WechatReply & { access_token?: string; expires_in?: number }>('/cgi-bin/stable_token', {
      grant_type: 'client_credential',
      appid: options.appId,
      secret: options.appSecret,
      force_refresh: false,
    });
    if (!reply.access_token) {
      throw new WechatUnavailableError(`wechat token refused: ${reply.errcode ?? '?'} ${reply.errmsg ?? ''}`.trim());
    }
    // Renew a minute early so a token never expires between our check and WeChat's.
    cached = { token: reply.access_token, until: Date.now() + Math.max(0, (reply.expires_in ?? 7200) - 60) * 1000 };
    return cached.token;
  }

  return {
    name: 'official',
    async createQrCode({ sceneMark, expireSeconds }) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const token = await accessToken();
        const reply = await post<WechatReply & { ticket?: string; url?: string }>(
          `/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`,
          {
            expire_seconds: expireSeconds,
            action_name: 'QR_STR_SCENE',
            action_info: { scene: { scene_str: sceneMark } },
          },
        );
        if (reply.ticket && reply.url) return { url: reply.url, image_url: showQrCodeUrl(reply.ticket) };
        // 40001 / 42001 / 40014: the token went stale; fetch it again once.
        if (attempt === 0 && [40001, 40014, 42001].includes(reply.errcode ?? 0)) {
          cached = undefined;
          continue;
        }
        throw new WechatUnavailableError(`wechat qrcode refused: ${reply.errcode ?? '?'} ${reply.errmsg ?? ''}`.trim());
      }
      throw new WechatUnavailableError('wechat qrcode refused');
    },
  };
}
