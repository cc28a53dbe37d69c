import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createAlipayPaymentProvider } from './payments/alipay.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { createSandboxPaymentProvider } from './payments/sandbox.ts';
import { createAliyunSmsProvider } from './sms/aliyun.ts';
import { createConsoleSmsProvider } from './sms/console.ts';
import type { SmsProvider } from './sms/provider.ts';
import { createEccangWarehouseProvider } from './warehouse/eccang.ts';
import type { WarehouseProvider } from './warehouse/provider.ts';
import { createOfficialAccountProvider } from './wechat/official.ts';
import type { WechatProvider } from './wechat/provider.ts';
import { createSimulatorProvider } from './wechat/simulator.ts';

/**
 * Every outside service the product talks to, each behind its interface. A new service (payment,
 * file storage) adds its folder under providers/ (interface, local stand-in, real adapter), a
 * member here, one builder below, and its stand-in to `standInsOf` in config.ts.
 */
export type Providers = {
  sms: SmsProvider;
  wechat: WechatProvider;
  payments: PaymentProvider;
  /** The remote warehouse-service adapter (ECCANG); the local one belongs to the warehouse module. */
  eccangWarehouse: WarehouseProvider;
};

type ProviderLog = { info: (msg: string) => void };
type Builders = { [K in keyof Providers]: (config: Config, log: ProviderLog) => Providers[K] | Promise<Providers[K]> };

const builders: Builders = {
  sms: (config, log) =>
    config.SMS_PROVIDER === 'aliyun'
      ? createAliyunSmsProvider({
          accessKeyId: config.ALIYUN_SMS_ACCESS_KEY_ID!,
          accessKeySecret: config.ALIYUN_SMS_ACCESS_KEY_SECRET!,
          signName: config.ALIYUN_SMS_SIGN_NAME!,
          templateCode: config.ALIYUN_SMS_TEMPLATE_CODE!,
          endpoint: config.ALIYUN_SMS_ENDPOINT,
        })
      : createConsoleSmsProvider(log),
  wechat: (config) =>
    config.WECHAT_PROVIDER === 'official'
      ? createOfficialAccountProvider({
          appId: config.WECHAT_APP_ID!,
          appSecret: config.WECHAT_APP_SECRET!,
          apiBase: config.WECHAT_API_BASE,
        })
      : createSimulatorProvider(),
  payments: (config) =>
    config.PAYMENT_PROVIDER === 'alipay'
      ? createAlipayPaymentProvider({
          appId: config.ALIPAY_APP_ID!,
          privateKey: config.ALIPAY_PRIVATE_KEY!,
          alipayPublicKey: config.ALIPAY_PUBLIC_KEY!,
          endpoint: config.ALIPAY_ENDPOINT,
          notifyUrl: `${config.PUBLIC_URL!}/api/v1/pay/notify/alipay`,
        })
      : createSandboxPaymentProvider(),
  eccangWarehouse: () => createEccangWarehouseProvider(),
};

/** The providers the configuration names (credentials were checked when it was parsed). */
export async function createProviders(config: Config, log: ProviderLog): Promise<Providers> {
  return {
    sms: await builders.sms(config, log),
    wechat: await builders.wechat(config, log),
    payments: await builders.payments(config, log),
    eccangWarehouse: await builders.eccangWarehouse(config, log),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    providers: Providers;
  }
}

/** The outside services as `app.providers`; tests swap any of them for a fake here and only here. */
export default fp(
  async function providers(app: FastifyInstance, options: { overrides?: Partial<Providers> }) {
    app.decorate('providers', { ...(await createProviders(app.config, app.log)), ...options.overrides });
  },
  { name: 'providers', dependencies: ['config'] },
);
