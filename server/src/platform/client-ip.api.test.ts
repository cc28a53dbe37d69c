import type { FastifyPluginAsync } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.ts';
import { clientIp } from './client-ip.ts';

// A route that exists only in this test: which address would a per-IP limit count?
const whoAmI: FastifyPluginAsync = async (app) => {
  app.get('/api/test/ip', async (request) => ({ ip: clientIp(request), protocol: request.protocol }));
};

const apps = new Map<string, Promise<TestApp>>();
function appWith(trustProxy: string) {
  if (!apps.has(trustProxy)) {
    apps.set(trustProxy, buildTestApp({ TRUST_PROXY: trustProxy, LOGIN_IP_FAILURE_LIMIT: '3' }, { plugins: [whoAmI] }));
  }
  return apps.get(trustProxy)!;
}
afterAll(async () => {
  for (const app of apps.values()) await (await app).close();
});

async function seen(app: TestApp, remoteAddress: string, forwardedFor?: string) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/test/ip',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' } : {},
  });
  return res.json() as { ip: string; protocol: string };
}

describe('the client address behind proxies', () => {
  it('with no proxy trusted, believes the socket and ignores X-Forwarded-For', async () => {
    const app = await appWith('false');
    expect(await seen(app, '198.51.100.9', '1.2.3.4')).toEqual({ ip: '198.51.100.9', protocol: 'http' });
  });

  it('with one hop trusted, takes the address the load balancer appended, not what the client wrote', async () => {
    const app = await appWith('1');
    expect(await seen(app, '10.0.0.2', '6.6.6.6, 203.0.113.7')).toEqual({ ip: '203.0.113.7', protocol: 'https' });
  });

  it('with proxy addresses trusted, believes only those proxies', async () => {
    const app = await appWith('10.0.0.0/8');
    expect((await seen(app, '10.0.0.2', '6.6.6.6, 203.0.113.7, 10.1.2.3')).ip).toBe('203.0.113.7');
    // A client reaching the server directly cannot claim another address.
    expect(await seen(app, '198.51.100.9', '1.2.3.4')).toEqual({ ip: '198.51.100.9', protocol: 'http' });
  });

  it('counts failed sign-ins per real client address, whatever it writes in X-Forwarded-For', async () => {
    const app = await appWith('1');
    const attempt = (i: number, client = '203.0.113.50') =>
      app.inject({
        method: 'POST',
        url: '/api/v2/user/login/account',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `100.64.0.${i}, ${client}` },
        payload: { account_name: `nobody${i}`, password: 'Wrong@2026' },
      });
    for (let i = 1; i <= 3; i++) expect((await attempt(i)).statusCode).toBe(400);
    const blocked = await attempt(4);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe(429);
    // Another client behind the same load balancer is not blocked with it.
    expect((await attempt(5, '203.0.113.51')).statusCode).toBe(400);
  });
});
