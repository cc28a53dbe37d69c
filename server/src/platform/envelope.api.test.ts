import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/build-app.ts';
import { ok } from './envelope.ts';
import { AppError } from './errors.ts';
import { expectNamesField } from '../test/messages.ts';

// Routes that exist only in this test, to drive each branch of the error handler.
const probe: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test/echo',
    {
      schema: {
        body: z.object({ phone_number: z.string().regex(/^\d{5,15}$/), count: z.number().int().min(1) }),
        response: { 200: z.object({ code: z.literal(200), data: z.object({ count: z.number() }), msg: z.string() }) },
      },
    },
    async (request) => ok({ count: request.body.count }),
  );
  app.get(
    '/api/test/page',
    { schema: { querystring: z.object({ limit: z.string().regex(/^\d+$/) }) } },
    async (request) => ok({ limit: request.query.limit }),
  );
  app.get('/api/test/crash', async () => {
    throw new Error('connection to 10.0.0.7 failed: password authentication failed for user "billing"');
  });
  app.get('/api/test/conflict', async () => {
    throw AppError.tooManyRequests(42);
  });
};

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({}, { plugins: [probe] });
});
afterAll(async () => app.close());

describe('the envelope', () => {
  it('answers success as {code: 200, data, msg}', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { phone_number: '13800138000', count: 3 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, data: { count: 3 }, msg: 'success' });
  });

  it('names the invalid field in a 400, in the language the caller asked for', async () => {
    const zh = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { phone_number: 'abc', count: 3 } });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().code).toBe(400);
    expectNamesField(zh.json().msg, 'phone_number');
    expect(zh.json().msg).toMatch(/^手机号填写有误/);

    const th = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'accept-language': 'th' },
      payload: { phone_number: '13800138000', count: 0 },
    });
    expect(th.json()).toMatchObject({ code: 400, data: null });
    expectNamesField(th.json().msg, 'count');
    expect(th.json().msg).toMatch(/ไม่ถูกต้อง/);
  });

  it('reports a missing body field by name', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'accept-language': 'kr' },
      payload: { count: 1 },
    });
    expect(res.statusCode).toBe(400);
    expectNamesField(res.json().msg, 'phone_number');
    expect(res.json().msg).toMatch(/^휴대폰 번호 입력값이 올바르지 않습니다/);
  });

  it('says what came in when a query value has the wrong type', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/page?limit=10&limit=20' });
    expect(res.statusCode).toBe(400);
    expectNamesField(res.json().msg, 'limit');
    expect(res.json().msg).not.toMatch(/undefined/);
  });

  it('refuses a NUL character in any field as a 400 naming it, on every route', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { phone_number: '138\u0000', count: 1 },
    });
    expect(res.statusCode).toBe(400);
    expectNamesField(res.json().msg, 'phone_number');
  });

  it('turns malformed JSON into a 400, never a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone_number": "1380',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, data: null });
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/v9/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, data: null });
    expect(res.json().msg).toContain('/api/v9/nothing/here');
  });

  it('hides the internals of a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 500, data: null });
    expect(res.body).not.toMatch(/10\.0\.0\.7|password|billing|stack/);
  });

  it('carries Retry-After on a 429', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/conflict', headers: { 'accept-language': 'kr' } });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('42');
    expect(res.json().msg).toContain('42');
  });
});

describe('OpenAPI', () => {
  it('documents the routes with their schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/test/echo'].post.requestBody.content['application/json'].schema.required).toContain(
      'phone_number',
    );
  });

  it('serves a browsable UI', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
