import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const signIn = '/api/v2/user/login/account';

function nested(depth: number, leaf: unknown = 'x'): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

describe('the input guard, before sign-in', () => {
  it('refuses a deeply nested JSON body as a 400 in the envelope, not a 500', async () => {
    const body = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
    const res = await app.inject({
      method: 'POST',
      url: signIn,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, data: null });
  });

  it('refuses a body nested a little beyond the limit, saying why', async () => {
    const res = await app.inject({
      method: 'POST',
      url: signIn,
      headers: { 'accept-language': 'zh' },
      payload: { account_name: 'nobody', password: 'Wrong@2026', extra: nested(40) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, data: null });
    expect(res.json().msg).toMatch(/嵌套/);
  });

  it('refuses a JSON body over the size limit as a 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: signIn,
      payload: { account_name: 'demo', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, data: null });
  });

  it('still takes ordinary nesting', async () => {
    const res = await app.inject({
      method: 'POST',
      url: signIn,
      payload: { account_name: 'nobody', password: 'Wrong@2026', extra: nested(10), note: 'a [ { " \\" ] }' },
    });
    // An unknown account: the sign-in itself answers, past the guard.
    expect(res.statusCode).not.toBe(500);
    expect(res.json().msg).not.toMatch(/嵌套|JSON/);
  });
});
