import { envelope } from '@seller-centre/contract/envelope';
import { operatorPaths, ZOperatorSignInRequest, ZOperatorSignInResult } from '@seller-centre/contract/operators';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientContext } from '../../platform/client-ip.ts';
import { ok } from '../../platform/envelope.ts';
import { errors } from '../../platform/openapi.ts';
import { signInOperator } from './service.ts';

/** The operator console's sign-in: public, like sellers' sign-in, but against operators only. */
const operatorSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    operatorPaths.signIn,
    {
      schema: {
        tags: ['operators'],
        operationId: 'signInOperator',
        summary: 'Sign an operator in; the token works under /api/ops only',
        body: ZOperatorSignInRequest,
        response: { 200: envelope(ZOperatorSignInResult), ...errors(429) },
      },
    },
    async (request) =>
      ok(await signInOperator({ db: app.db, config: app.config }, clientContext(request), request.body)),
  );
};

export default operatorSignInRoutes;
