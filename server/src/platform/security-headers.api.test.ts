import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.ts';

let dist: string;
let app: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'seller-centre-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(path.join(dist, 'partner'));
  writeFileSync(path.join(dist, 'partner/earn-money.html'), '<!doctype html><p>partner</p>');
  // One load balancer in front, as behind a TLS-terminating proxy.
  app = await buildTestApp({ WEB_DIST_DIR: dist, TRUST_PROXY: '10.0.0.0/8' });
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

const documents = {
  'the app': { method: 'GET', url: '/' },
  'a client-side route': { method: 'GET', url: '/account/roles' },
  'the OpenAPI UI': { method: 'GET', url: '/api/docs' },
} as const;

const jsonAnswers = {
  'an API answer': { method: 'GET', url: '/api/health' },
  'an API error': { method: 'POST', url: '/api/v2/user/login/account', payload: { account_name: '' } },
  'an unknown API path': { method: 'GET', url: '/api/no-such-thing' },
  'a signed-in route without a token': { method: 'GET', url: '/api/v1/user/base/info' },
} as const;

describe('security headers', () => {
  for (const [what, request] of Object.entries(documents)) {
    it(`come with ${what}`, async () => {
      const res = await app.inject(request);
      expect(res.statusCode, what).toBeLessThan(500);
      expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      // Plain HTTP: no HSTS, no upgrade.
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
    });
  }

  for (const [what, request] of Object.entries(jsonAnswers)) {
    it(`come with ${what}: nothing loads, frames or reads it as a page`, async () => {
      const res = await app.inject(request);
      expect(res.statusCode, what).toBeLessThan(500);
      expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  }

  it('never allow inline or evaluated scripts; inline styles only (Ant Design writes its styles at run time)', async () => {
    const csp = directives((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    const all = [...csp.values()].flat();
    expect(all).not.toContain("'unsafe-eval'");
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('add HSTS when a trusted proxy says the request came over HTTPS, and upgrade a page\'s requests', async () => {
    for (const url of ['/api/health', '/login']) {
      const res = await app.inject({
        method: 'GET',
        url,
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' },
      });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
    const page = await app.inject({
      method: 'GET',
      url: '/login',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' },
    });
    expect(directives(page.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });

  it('add no HSTS when a client that is no trusted proxy merely claims HTTPS', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '198.51.100.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('let our own pages frame the partner page, and nobody else', async () => {
    const res = await app.inject({ method: 'GET', url: '/partner/earn-money.html' });
    expect(res.statusCode).toBe(200);
    expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it("let the WeChat simulator's scan page run its one inline script by nonce", async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/wechat-scan?scene_mark=abc' });
    expect(res.statusCode).toBe(200);
    const scriptSrc = directives(res.headers['content-security-policy']).get('script-src')!;
    const nonce = /^'nonce-(.+)'$/.exec(scriptSrc[1] ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(res.body).toContain(`<script nonce="${nonce}">`);
    const again = await app.inject({ method: 'GET', url: '/dev/wechat-scan?scene_mark=abc' });
    expect(again.headers['content-security-policy']).not.toBe(res.headers['content-security-policy']);
  });
});
