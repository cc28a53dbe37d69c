import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { serverOptions } from '../app.ts';
import { loadConfig } from '../config.ts';

/** The server's Fastify options, logging through pino at `level` into memory. */
function serverLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ ...serverOptions(loadConfig({})), logger: { level, redact: ['*.password'], stream } });
  app.get('/', async (request) => {
    request.log.info('an info line');
    request.log.warn({ login: { password: 'secret' } }, 'a warning');
    request.log.child({ step: 'pay' }).error('a failure');
    return { level: request.log.level };
  });
  return { app, lines };
}

let close: (() => Promise<unknown>) | undefined;
afterEach(async () => close?.());

describe("a request's logger", () => {
  it("writes what the level lets through, each line with the request's id, redacted as ever", async () => {
    const { app, lines } = serverLoggingAt('warn');
    close = () => app.close();
    const res = await app.inject({ method: 'GET', url: '/', headers: { 'x-request-id': 'r-1' } });
    expect(res.json()).toEqual({ level: 'warn' });
    expect(lines.map((l) => l.msg)).toEqual(['a warning', 'a failure']);
    expect(lines.every((l) => l.reqId === 'r-1')).toBe(true);
    expect(lines[0]!.login).toEqual({ password: '[Redacted]' });
    expect(lines[1]!.step).toBe('pay');
  });

  it('writes info lines too when the level is info', async () => {
    const { app, lines } = serverLoggingAt('info');
    close = () => app.close();
    await app.inject({ method: 'GET', url: '/', headers: { 'x-request-id': 'r-2' } });
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
      ['incoming request', 'r-2'],
      ['an info line', 'r-2'],
      ['a warning', 'r-2'],
      ['a failure', 'r-2'],
      ['request completed', 'r-2'],
    ]);
  });

  it('ties lines to an id of its own when the request brings none, unique to each request', async () => {
    const { app, lines } = serverLoggingAt('warn');
    close = () => app.close();
    await app.inject({ method: 'GET', url: '/' });
    await app.inject({ method: 'GET', url: '/' });
    const ids = lines.map((l) => l.reqId);
    expect(ids[0]).toMatch(/^[\w-]{8,}-\w+$/);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).toBe(ids[3]);
    expect(ids[2]).not.toBe(ids[0]);
  });
});
