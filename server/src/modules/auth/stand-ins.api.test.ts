import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app from '../../app.ts';
import { loadConfig, type Config } from '../../config.ts';
import { buildTestApp, openTestDb, type TestApp } from '../../test/build-app.ts';
import { requestSmsCode, uniquePhone } from '../../test/factories.ts';
import { expectNamesField } from '../../test/messages.ts';

/**
 * The stand-ins (console SMS with its outbox, the WeChat simulator) let anyone read sign-in codes
 * or fake a scan. These tests pin down who can reach them, and that production never offers them
 * by accident.
 */

describe('the SMS outbox', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => testApp.close());

  it('answers only for the phone asked: nobody can list every code sent', async () => {
    await requestSmsCode(testApp, { phoneNumber: uniquePhone(), type: 'register:' });
    const all = await testApp.inject({ method: 'GET', url: '/api/dev/sms-outbox' });
    expect(all.statusCode).toBe(400);
    expect(all.json()).toMatchObject({ code: 400, data: null });
    expectNamesField(all.json().msg, 'phone_number');
  });

  it('answers only requests made on this machine', async () => {
    const phone = uniquePhone();
    const code = await requestSmsCode(testApp, { phoneNumber: phone, type: 'register:' });
    const url = `/api/dev/sms-outbox?phone_number=${phone}`;

    const local = await testApp.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
    expect(local.json().data[0].code).toBe(code);

    const remote = await testApp.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ code: 403, data: null });
    expect(remote.body).not.toContain(code);

    // A proxy on this machine makes every visitor's socket local: a forwarded request is not.
    const proxied = await testApp.inject({
      method: 'GET',
      url,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.statusCode).toBe(403);
  });
});

/** The app with a configuration as given (even one loadConfig would refuse) and its log lines. */
async function appWith(config: Config) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const instance = Fastify({ logger: { level: 'warn', stream } });
  await instance.register(app, { config, db: await openTestDb() });
  await instance.ready();
  return { instance, lines };
}

const testDefaults = { LOG_LEVEL: 'silent', SEED_DEMO: 'false', WEB_DIST_DIR: '/nonexistent' };

describe('stand-ins in production', () => {
  it('are not registered in production without the explicit switch, whatever the configuration says', async () => {
    // loadConfig refuses this combination; the stand-in scope does not rely on that alone.
    const config: Config = { ...loadConfig(testDefaults), NODE_ENV: 'production' };
    const { instance } = await appWith(config);
    try {
      const outbox = await instance.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone_number=${uniquePhone()}` });
      expect(outbox.statusCode).toBe(404);
      const scanPage = await instance.inject({ method: 'GET', url: '/dev/wechat-scan' });
      expect(scanPage.statusCode).toBe(404);
      const scan = await instance.inject({
        method: 'POST',
        url: '/api/dev/wechat/scan',
        payload: { scene_mark: 'x', open_id: 'y', nickname: 'z' },
      });
      expect(scan.statusCode).toBe(404);
    } finally {
      await instance.close();
    }
  });

  it('are registered with a warning in the log when ALLOW_STAND_INS_IN_PRODUCTION=true', async () => {
    const config = loadConfig({ ...testDefaults, NODE_ENV: 'production', ALLOW_STAND_INS_IN_PRODUCTION: 'true' });
    const { instance, lines } = await appWith(config);
    try {
      const scanPage = await instance.inject({ method: 'GET', url: '/dev/wechat-scan' });
      expect(scanPage.statusCode).toBe(200);
      const warning = lines.map((line) => JSON.parse(line)).find((entry) => entry.level === 40);
      expect(warning?.msg).toContain('ALLOW_STAND_INS_IN_PRODUCTION=true');
      expect(warning?.msg).toContain('SMS_PROVIDER=console');
    } finally {
      await instance.close();
    }
  });

  it('stop the server from starting in production, with one line naming the setting', () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        WECHAT_PROVIDER: 'official',
        WECHAT_APP_ID: 'wx',
        WECHAT_APP_SECRET: 's',
        WECHAT_TOKEN: 't',
        PORT: '0',
        DATA_DIR: '/nonexistent/never-opened',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /^seller-centre: invalid configuration: SMS_PROVIDER: SMS_PROVIDER=console is a local stand-in/,
    );
    expect(result.stderr).toContain('ALLOW_STAND_INS_IN_PRODUCTION=true');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
