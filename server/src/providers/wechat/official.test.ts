import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createOfficialAccountProvider, showQrCodeUrl } from './official.ts';
import { createProviders } from '../plugin.ts';
import { WechatUnavailableError } from './provider.ts';

const log = { info: () => undefined };

type Call = { url: string; body: Record<string, unknown> };

/** A stand-in for api.weixin.qq.com answering from a script. */
function fakeWechat(answer: (call: Call, calls: Call[]) => unknown) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const call = { url, body: JSON.parse(String(init.body)) };
    calls.push(call);
    return new Response(JSON.stringify(answer(call, calls)), { headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

const options = { appId: 'wx123', appSecret: 'sec', apiBase: 'https://wx.example.test/' };

describe('official account QR codes', () => {
  it('gets a stable token, creates a QR_STR_SCENE code and answers its content and image', async () => {
    const wx = fakeWechat((call) =>
      call.url.includes('stable_token')
        ? { access_token: 'TOKEN1', expires_in: 7200 }
        : { ticket: 'gQ+ticket/=', expire_seconds: 300, url: 'http://weixin.qq.com/q/abc' },
    );
    const provider = createOfficialAccountProvider({ ...options, fetch: wx.fetch });
    const qr = await provider.createQrCode({ sceneMark: 'scene1', expireSeconds: 300, publicUrl: 'https://x' });
    expect(qr).toEqual({
      url: 'http://weixin.qq.com/q/abc',
      image_url: 'https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=gQ%2Bticket%2F%3D',
    });
    expect(wx.calls[0]).toEqual({
      url: 'https://wx.example.test/cgi-bin/stable_token',
      body: { grant_type: 'client_credential', appid: 'wx123', secret: 'sec', force_refresh: false },
    });
    expect(wx.calls[1]).toEqual({
      url: 'https://wx.example.test/cgi-bin/qrcode/create?access_token=TOKEN1',
      body: { expire_seconds: 300, action_name: 'QR_STR_SCENE', action_info: { scene: { scene_str: 'scene1' } } },
    });
    expect(showQrCodeUrl('a b')).toBe('https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=a%20b');
  });

  it('reuses the token until it nears expiry', async () => {
    const wx = fakeWechat((call) =>
      call.url.includes('stable_token') ? { access_token: 'T', expires_in: 7200 } : { ticket: 't', url: 'u' },
    );
    const provider = createOfficialAccountProvider({ ...options, fetch: wx.fetch });
    await provider.createQrCode({ sceneMark: 'a', expireSeconds: 60, publicUrl: '' });
    await provider.createQrCode({ sceneMark: 'b', expireSeconds: 60, publicUrl: '' });
    expect(wx.calls.filter((c) => c.url.includes('stable_token'))).toHaveLength(1);
  });

  it('fetches the token again once when WeChat says it went stale', async () => {
    let tokens = 0;
    const wx = fakeWechat((call, calls) => {
      if (call.url.includes('stable_token')) return { access_token: `T${++tokens}`, expires_in: 7200 };
      return calls.filter((c) => c.url.includes('qrcode')).length === 1
        ? { errcode: 40001, errmsg: 'invalid credential' }
        : { ticket: 't', url: 'u' };
    });
    const provider = createOfficialAccountProvider({ ...options, fetch: wx.fetch });
    expect((await provider.createQrCode({ sceneMark: 'a', expireSeconds: 60, publicUrl: '' })).url).toBe('u');
    expect(wx.calls.at(-1)!.url).toContain('access_token=T2');
  });

  it('reports a refused token, a refused code and an unreachable WeChat as unavailable', async () => {
    const noToken = createOfficialAccountProvider({
      ...options,
      fetch: fakeWechat(() => ({ errcode: 40013, errmsg: 'invalid appid' })).fetch,
    });
    await expect(noToken.createQrCode({ sceneMark: 'a', expireSeconds: 60, publicUrl: '' })).rejects.toBeInstanceOf(
      WechatUnavailableError,
    );
    const noCode = createOfficialAccountProvider({
      ...options,
      fetch: fakeWechat((call) =>
        call.url.includes('stable_token') ? { access_token: 'T', expires_in: 7200 } : { errcode: 45009 },
      ).fetch,
    });
    await expect(noCode.createQrCode({ sceneMark: 'a', expireSeconds: 60, publicUrl: '' })).rejects.toThrow(/45009/);
    const down = createOfficialAccountProvider({
      ...options,
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as unknown as typeof fetch,
    });
    await expect(down.createQrCode({ sceneMark: 'a', expireSeconds: 60, publicUrl: '' })).rejects.toThrow(
      /unreachable/,
    );
  });
});

describe('WeChat provider configuration', () => {
  it('defaults to the simulator, whose QR code opens the local scan page', async () => {
    const provider = (await createProviders(loadConfig({}), log)).wechat;
    expect(provider.name).toBe('simulator');
    expect(
      await provider.createQrCode({ sceneMark: 'a+b', expireSeconds: 300, publicUrl: 'http://localhost:8080' }),
    ).toEqual({
      url: 'http://localhost:8080/dev/wechat-scan?scene_mark=a%2Bb',
    });
  });

  it('needs app id, secret and token for the official account', async () => {
    expect(() => loadConfig({ WECHAT_PROVIDER: 'official', WECHAT_APP_ID: 'wx1' })).toThrow(
      /WECHAT_APP_SECRET.*WECHAT_TOKEN|WECHAT_TOKEN.*WECHAT_APP_SECRET/,
    );
    const config = loadConfig({
      WECHAT_PROVIDER: 'official',
      WECHAT_APP_ID: 'wx1',
      WECHAT_APP_SECRET: 's',
      WECHAT_TOKEN: 't',
    });
    expect((await createProviders(config, log)).wechat.name).toBe('official');
    expect(config.WECHAT_QR_EXPIRE_SECONDS).toBe(300);
  });
});
