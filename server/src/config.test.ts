import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig, standInsOf } from './config.ts';
import { s3SettingsOf } from './platform/storage/s3.ts';

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

describe('METRICS_PORT', () => {
  it('is off by default and binds to loopback when set', () => {
    expect(loadConfig({}).METRICS_PORT).toBeUndefined();
    const config = loadConfig({ METRICS_PORT: '9464' });
    expect(config.METRICS_PORT).toBe(9464);
    expect(config.METRICS_HOST).toBe('127.0.0.1');
  });

  it('is never the public port', () => {
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => loadConfig({ METRICS_PORT: '8080' })).toThrow(/METRICS_PORT/);
  });
});

describe('docs/configuration.md', () => {
  it('documents every variable in its configuration table', () => {
    const table = readFileSync(path.resolve(import.meta.dirname, '../../docs/configuration.md'), 'utf8');
    const documented = new Set([...table.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));
    expect(CONFIG_VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default and with false or 0', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });

  it('takes a hop count, or a list of proxy addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true, which would let any client choose its own address, and anything not an address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust every hop/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: .*"10\.0\.0\.0\/33"/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '99' })).toThrow(/TRUST_PROXY/);
  });
});

describe('S3 storage', () => {
  const whole = {
    S3_ENDPOINT: 'https://s3.example.com/',
    S3_REGION: 'cn-east-1',
    S3_BUCKET: 'seller-files',
    S3_ACCESS_KEY_ID: 'key-id',
    S3_SECRET_ACCESS_KEY: 'key-secret',
    S3_FORCE_PATH_STYLE: 'true',
  };

  it('keeps files under DATA_DIR when no S3_ variable is set', () => {
    expect(s3SettingsOf(loadConfig({}))).toBeUndefined();
  });

  it('takes a whole configuration, with or without an endpoint', () => {
    expect(s3SettingsOf(loadConfig(whole))).toEqual({
      endpoint: 'https://s3.example.com',
      region: 'cn-east-1',
      bucket: 'seller-files',
      accessKeyId: 'key-id',
      secretAccessKey: 'key-secret',
      forcePathStyle: true,
    });
    const { S3_ENDPOINT: _endpoint, S3_FORCE_PATH_STYLE: _style, ...aws } = whole;
    expect(s3SettingsOf(loadConfig(aws))).toMatchObject({ endpoint: undefined, forcePathStyle: false });
  });

  it('refuses a partial configuration in one line naming each missing variable, and no secret', () => {
    let error: unknown;
    try {
      loadConfig({ S3_BUCKET: 'seller-files', S3_SECRET_ACCESS_KEY: 'do-not-print-me' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    expect(message).not.toContain('do-not-print-me');
    expect(message).toContain('S3_REGION: required when any S3_ variable is set');
    expect(message).toContain('S3_ACCESS_KEY_ID: required');
    expect(message).not.toContain('S3_BUCKET: required');
    // Even a lone path-style switch is half a configuration.
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'true' })).toThrow(/S3_BUCKET: required/);
  });

  it('refuses a bucket name S3 would refuse and an endpoint that is not http(s)', () => {
    expect(() => loadConfig({ ...whole, S3_BUCKET: 'Seller_Files' })).toThrow(/S3_BUCKET: 3 to 63 lower-case/);
    expect(() => loadConfig({ ...whole, S3_ENDPOINT: 'ftp://s3.example.com' })).toThrow(/S3_ENDPOINT/);
  });
});
