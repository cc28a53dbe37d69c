import type { Config } from '../../config.ts';
import { createOfficialAccountProvider } from './official.ts';
import type { WechatProvider } from './provider.ts';
import { createSimulatorProvider } from './simulator.ts';

/** The WeChat adapter the configuration names: the local simulator, or an official account. */
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
