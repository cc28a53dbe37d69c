import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from './build-app.ts';

/** A probe whose answers the test chooses, declared as answering 200 with `{n: number}` only. */
const probe: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/test-probe/:what',
    {
      schema: {
        operationId: 'testProbe',
        params: z.object({ what: z.string() }),
        response: { 200: z.object({ n: z.number() }) },
      },
    },
    async (request, reply) => {
      const what = request.params.what;
      // 418 on purpose: the one answer the document does not declare.
      if (what === 'teapot') return reply.code(418 as 200).send({ n: 1 });
      return { n: 1 };
    },
  );
};

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({}, { plugins: [probe] });
});
afterAll(async () => app.close());

describe('the API tests’ check against the OpenAPI document', () => {
  it('lets a declared answer through', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/test-probe/fine' })).json()).toEqual({ n: 1 });
  });

  it('fails the test whose call answers a status the document does not declare', async () => {
    await expect(app.inject({ method: 'GET', url: '/api/v1/test-probe/teapot' })).rejects.toThrow(
      /GET \/api\/v1\/test-probe\/:what answered 418, which the OpenAPI document does not declare/,
    );
  });

  it('checks a real route’s answers too: an anonymous call to a tenant route is a declared 401', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/auth/role' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-test-openapi-violation']).toBeUndefined();
  });
});
