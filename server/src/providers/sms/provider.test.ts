import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createProviders } from '../plugin.ts';

const log = { info: () => undefined };

describe('SMS provider configuration', () => {
  it('defaults to the console stand-in', async () => {
    expect((await createProviders(loadConfig({}), log)).sms.name).toBe('console');
  });

  it('needs every Alibaba Cloud setting for the aliyun provider, naming the missing ones', () => {
    let error: unknown;
    try {
      loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'id' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('ALIYUN_SMS_ACCESS_KEY_SECRET');
    expect(message).toContain('ALIYUN_SMS_SIGN_NAME');
    expect(message).toContain('ALIYUN_SMS_TEMPLATE_CODE');
    expect(message).not.toContain('ALIYUN_SMS_ACCESS_KEY_ID:');
  });

  it('builds the aliyun provider when configured', async () => {
    const config = loadConfig({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: 'Seller',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
    });
    expect((await createProviders(config, log)).sms.name).toBe('aliyun');
    expect(config.ALIYUN_SMS_ENDPOINT).toBe('https://dysmsapi.aliyuncs.com');
  });

  it('parses the limits and invite settings', () => {
    const config = loadConfig({
      SMS_IP_HOURLY_LIMIT: '5',
      INVITE_GIVEN_DAYS: '14',
      PUBLIC_URL: 'https://a.example.com/',
    });
    expect(config).toMatchObject({
      SMS_IP_HOURLY_LIMIT: 5,
      INVITE_GIVEN_DAYS: 14,
      PUBLIC_URL: 'https://a.example.com',
    });
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ INVITE_GIVEN_DAYS: '-1' })).toThrow(/INVITE_GIVEN_DAYS/);
  });
});
