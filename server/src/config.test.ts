import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig, standInsOf } from './config.ts';

describe('loadConfig', () => {
  it('defaults to port 8080 and the embedded database', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toMatch(/data$/);
  });

  it('takes PORT and DATA_DIR from the environment', () => {
    const config = loadConfig({ PORT: '9000', DATA_DIR: '/var/lib/seller-centre' });
    expect(config.PORT).toBe(9000);
    expect(config.DATA_DIR).toBe('/var/lib/seller-centre');
  });

  it('refuses bad settings with one line naming each variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://localhost/x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
  });
});

describe('stand-ins in production', () => {
  it('refuses to start production with a stand-in, naming each and the way out', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('SMS_PROVIDER');
    expect(message).toContain('WECHAT_PROVIDER');
    expect(message).toContain('ALLOW_STAND_INS_IN_PRODUCTION');
  });

  it('starts production with real providers, or with stand-ins when explicitly allowed', () => {
    const real = loadConfig({
      NODE_ENV: 'production',
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: 'Seller',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      WECHAT_PROVIDER: 'official',
      WECHAT_APP_ID: 'wx',
      WECHAT_APP_SECRET: 's',
      WECHAT_TOKEN: 't',
      PAYMENT_PROVIDER: 'alipay',
      ALIPAY_APP_ID: '2021000000000000',
      ALIPAY_PRIVATE_KEY: 'private',
      ALIPAY_PUBLIC_KEY: 'public',
      PUBLIC_URL: 'https://seller.example.com',
    });
    expect(standInsOf(real)).toEqual([]);
    const allowed = loadConfig({ NODE_ENV: 'production', ALLOW_STAND_INS_IN_PRODUCTION: 'true' });
    expect(standInsOf(allowed)).toEqual([
      'SMS_PROVIDER=console',
      'WECHAT_PROVIDER=simulator',
      'PAYMENT_PROVIDER=sandbox',
    ]);
  });

  it('needs the Alipay credentials and the public address with PAYMENT_PROVIDER=alipay', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'alipay', ALIPAY_APP_ID: 'a' })).toThrow(
      /ALIPAY_PRIVATE_KEY: required when PAYMENT_PROVIDER=alipay.*PUBLIC_URL: required/,
    );
    expect(() => loadConfig({ ORDER_EXPIRE_SECONDS: '300' })).toThrow(/ORDER_EXPIRE_SECONDS/);
  });

  it('still refuses one stand-in left in production when the other service is real', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        WECHAT_PROVIDER: 'official',
        WECHAT_APP_ID: 'wx',
        WECHAT_APP_SECRET: 's',
        WECHAT_TOKEN: 't',
      }),
    ).toThrow(/SMS_PROVIDER: SMS_PROVIDER=console is a local stand-in/);
  });
});

describe('LOG_FORMAT', () => {
  it('is JSON unless pretty is asked for', () => {
    expect(loadConfig({}).LOG_FORMAT).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT/);
  });
});

describe('the README', () => {
  it('documents every variable in its configuration table', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Running at scale'));
    const documented = new Set([...table.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));
    expect(CONFIG_VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
  });
});
