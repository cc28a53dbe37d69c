import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeFeed } from '../../platform/change-feed/plugin.ts';
import { closeGracefully } from '../../platform/shutdown.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { checkReadiness } from './service.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

describe('GET /api/health', () => {
  it('reports the database as reachable in the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: { status: 'ok', database: 'ok' } });
  });
});

describe('GET /api/health/ready', () => {
  it('is ready when the database answers, with the job queue idle until this instance starts it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: { status: 'ready', database: 'ok', jobQueue: 'idle' } });
    expect(res.json().data.redis).toBeUndefined();
    await app.jobs.prepare('readiness-probe');
    const started = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(started.json().data).toMatchObject({ status: 'ready', jobQueue: 'ok' });
  });

  it('answers 503 naming what is down while liveness stays 200', async () => {
    const other = await buildTestApp();
    try {
      await other.jobs.prepare('readiness-probe');
      await other.jobs.stop();
      const res = await other.inject({ method: 'GET', url: '/api/health/ready', headers: { 'accept-language': 'th' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 503, data: { status: 'not_ready', database: 'ok', jobQueue: 'down' } });
      expect(res.json().msg).not.toBe('');
      expect((await other.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('is not ready while the change feed has lost Redis', async () => {
    const feed = (live: boolean) => ({ kind: 'redis', live }) as unknown as ChangeFeed;
    const down = await checkReadiness({ db: app.db, jobs: app.jobs, changeFeed: feed(false) });
    expect(down).toMatchObject({ status: 'not_ready', redis: 'down', database: 'ok' });
    const up = await checkReadiness({ db: app.db, jobs: app.jobs, changeFeed: feed(true) });
    expect(up).toMatchObject({ status: 'ready', redis: 'ok' });
  });
});

describe('graceful shutdown', () => {
  /** Resolved when the slow route has started on a request: from then on it is in flight. */
  let arrived: () => void = () => undefined;
  const inHandler = () => new Promise<void>((resolve) => (arrived = resolve));
  /** A route that answers after `ms`, as a slow request in flight would. */
  const slowRoute: FastifyPluginAsync = async (instance) => {
    instance.get<{ Querystring: { ms: string } }>('/test/slow', async (request) => {
      arrived();
      await sleep(Number(request.query.ms));
      return { done: true };
    });
  };

  async function listening(): Promise<{ server: TestApp; url: string }> {
    const server = await buildTestApp({}, { plugins: [slowRoute] });
    await server.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.server.address() as AddressInfo;
    return { server, url: `http://127.0.0.1:${port}` };
  }

  it('lets a request in flight finish, refuses new ones, then closes the database', async () => {
    const { server, url } = await listening();
    const started = inHandler();
    const inFlight = fetch(`${url}/test/slow?ms=700`);
    await started;
    const closing = closeGracefully(server, 5_000);
    await sleep(50);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    expect(await closing).toBe('drained');
    // The pool closed only after the request had its answer.
    await expect(server.db.selectNoFrom((eb) => eb.val(1).as('one')).execute()).rejects.toThrow();
  });

  it('cuts a request still running after the grace, and closes all the same', async () => {
    const { server, url } = await listening();
    const arrival = inHandler();
    const inFlight = fetch(`${url}/test/slow?ms=4000`);
    inFlight.catch(() => undefined);
    await arrival;
    const started = Date.now();
    expect(await closeGracefully(server, 300)).toBe('cut');
    expect(Date.now() - started).toBeLessThan(3_000);
    await expect(inFlight).rejects.toThrow();
    await expect(server.db.selectNoFrom((eb) => eb.val(1).as('one')).execute()).rejects.toThrow();
  });
});
