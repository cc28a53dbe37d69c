import type { Config } from '../../config.ts';
import { createAliyunSmsProvider } from './aliyun.ts';
import { createConsoleSmsProvider } from './console.ts';
import type { SmsProvider } from './provider.ts';

/** The SMS adapter the configuration names: the console stand-in, or Alibaba Cloud. */
export function createSmsProvider(config: Config, log: { info: (msg: string) => void }): SmsProvider {
  if (config.SMS_PROVIDER === 'aliyun') {
    return createAliyunSmsProvider({
      accessKeyId: config.ALIYUN_SMS_ACCESS_KEY_ID!,
      accessKeySecret: config.ALIYUN_SMS_ACCESS_KEY_SECRET!,
      signName: config.ALIYUN_SMS_SIGN_NAME!,
      templateCode: config.ALIYUN_SMS_TEMPLATE_CODE!,
      endpoint: config.ALIYUN_SMS_ENDPOINT,
    });
  }
  return createConsoleSmsProvider(log);
}
