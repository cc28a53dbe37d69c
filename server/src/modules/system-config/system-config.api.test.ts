import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { upsertSystemConfig } from './repository.ts';
import { expectNamesField } from '../../test/messages.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

describe('GET /api/v3/system/config', () => {
  it('is an empty list on a fresh install, and needs no sign-in', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v3/system/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, data: [], msg: 'success' });
  });

  it('answers the login carousel once seeded, with images the server serves', async () => {
    await seedDemo(app.db);
    const items = (await app.inject({ method: 'GET', url: '/api/v3/system/config' })).json().data;
    const carousel = items.find((i: { config_code: string }) => i.config_code === 'login_advertising_map');
    expect(carousel.config_value).toHaveLength(3);
    expect(carousel.config_value[0]).toEqual({ img_url: '/api/v3/system/ads/1.svg', jump_url: '/register' });
    expect(carousel.config_value[1]).toEqual({ img_url: '/api/v3/system/ads/2.svg' });
    for (const { img_url } of carousel.config_value) {
      const img = await app.inject({ method: 'GET', url: img_url });
      expect(img.statusCode, img_url).toBe(200);
      expect(img.headers['content-type']).toContain('image/svg+xml');
      expect(img.body).toMatch(/^<svg[^>]+viewBox="0 0 800 550"/);
      expect(img.body).not.toContain('<script');
    }
  });

  it('answers any item as stored, JSON values intact, in a stable order', async () => {
    await upsertSystemConfig(app.db, 'aaa_flag', { on: true, list: [1, 2] }, -1);
    await upsertSystemConfig(app.db, 'aaa_flag', { on: false }, -1);
    const items = (await app.inject({ method: 'GET', url: '/api/v3/system/config' })).json().data;
    expect(items[0]).toEqual({ config_code: 'aaa_flag', config_value: { on: false } });
  });
});

describe('server-drawn images', () => {
  it('serves platform badges, and refuses unknown files with a 400 naming the file', async () => {
    for (const file of ['coupang.svg', 'shopee.svg', 'lazada.svg', 'tiktok.svg']) {
      const res = await app.inject({ method: 'GET', url: `/api/v3/system/platform-logos/${file}` });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['cache-control']).toContain('max-age');
    }
    for (const url of [
      '/api/v3/system/platform-logos/evil.svg',
      '/api/v3/system/ads/9.svg',
      '/api/v3/system/ads/..%2F1.svg',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expectNamesField(res.json().msg, 'file');
    }
  });
});
