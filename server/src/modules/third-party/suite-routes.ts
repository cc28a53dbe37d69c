import { createHash, timingSafeEqual } from 'node:crypto';
import { envelope } from '@seller-centre/contract/envelope';
import { thirdPartyPaths, ZThirdPartyPostRequest, ZThirdPartyPostResult } from '@seller-centre/contract/third-party';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { fenToYuan } from '../../platform/fen.ts';
import { errors } from '../../platform/openapi.ts';
import { postSuiteTransaction } from './service.ts';

function sameKey(given: string, expected: string): boolean {
  // Hashed first so the comparison takes the same time whatever the lengths.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * The suite's one call to charge or refund a tenant's third-party balance: server to server,
 * authorized by SUITE_API_KEY in `X-Api-Key` (no seller or operator session), idempotent by
 * `transaction_id` (see docs/api.md and docs/security.md).
 */
const suiteThirdPartyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    thirdPartyPaths.post,
    {
      schema: {
        tags: ['third-party bill'],
        operationId: 'postThirdPartyTransaction',
        summary:
          "Post a charge (out) or refund (into) to a tenant's third-party balance; X-Api-Key: SUITE_API_KEY; once per transaction_id",
        body: ZThirdPartyPostRequest,
        response: { 200: envelope(ZThirdPartyPostResult), ...errors(401, 404, 409) },
      },
      // The key is checked before the body is validated: a caller without it learns nothing of
      // what the call takes (401, never a 400 naming a field).
      onRequest: async (request) => {
        const key = app.config.SUITE_API_KEY;
        const given = request.headers['x-api-key'];
        if (!key || typeof given !== 'string' || !sameKey(given, key)) throw AppError.unauthorized('suiteKeyInvalid');
      },
    },
    async (request) => {
      const body = request.body;
      const result = await postSuiteTransaction(app.db, body);
      return ok({
        applied: result.applied,
        transaction_id: body.transaction_id,
        account_balance: fenToYuan(result.balanceAfterFen),
      });
    },
  );
};

function ok<T>(data: T) {
  return { code: 200 as const, data, msg: 'success' };
}

export default suiteThirdPartyRoutes;
