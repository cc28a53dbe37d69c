import { envelope } from '@seller-centre/contract/envelope';
import { operatorPaths, ZOperator } from '@seller-centre/contract/operators';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { operatorOf } from '../../platform/operator-auth.ts';
import { describeOperator, signOutOperator } from './service.ts';

/** The operator console's own calls, in the operator scope (an operator's token only). */
const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operators'];

  app.get(
    operatorPaths.me,
    {
      schema: {
        tags,
        operationId: 'getCurrentOperator',
        summary: 'The signed-in operator',
        response: { 200: envelope(ZOperator) },
      },
    },
    async (request) => ok(describeOperator(operatorOf(request))),
  );

  app.post(
    operatorPaths.signOut,
    {
      schema: {
        tags,
        operationId: 'signOutOperator',
        summary: "Revoke this request's operator token",
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => ok(await signOutOperator(app.db, operatorOf(request))),
  );
};

export default operatorRoutes;
