import { envelope } from '@seller-centre/contract/envelope';
import {
  operatorPaths,
  ZOperator,
  ZOpsOperator,
  ZOpsOperatorPage,
  ZOpsOperatorParams,
  ZOpsOperatorQuery,
  ZOpsOperatorRoleUpdate,
} from '@seller-centre/contract/operators';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { operatorContextOf } from '../../platform/operator-auth.ts';
import { errors } from '../../platform/openapi.ts';
import { changeOperatorRole, describeOperator, listOperatorsForOps, signOutOperator } from './service.ts';

/**
 * The operator console's own calls, in the operator scope (an operator's token only): the
 * signed-in operator (with the role's permissions, which the console uses to hide what it cannot
 * do), sign-out, and the operators list where an admin changes roles.
 */
const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operators'];

  app.get(
    operatorPaths.me,
    {
      config: { operatorPermission: 'read' },
      schema: {
        tags,
        operationId: 'getCurrentOperator',
        summary: 'The signed-in operator',
        response: { 200: envelope(ZOperator) },
      },
    },
    async (request) => ok(describeOperator(operatorContextOf(request))),
  );

  app.post(
    operatorPaths.signOut,
    {
      config: { operatorPermission: 'read' },
      schema: {
        tags,
        operationId: 'signOutOperator',
        summary: "Revoke this request's operator token",
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => ok(await signOutOperator(app.db, operatorContextOf(request))),
  );

  app.get(
    operatorPaths.operators,
    {
      config: { operatorPermission: 'read' },
      schema: {
        tags,
        operationId: 'opsListOperators',
        summary: 'Every operator with their role and status, oldest first',
        querystring: ZOpsOperatorQuery,
        response: { 200: envelope(ZOpsOperatorPage) },
      },
    },
    async (request) => ok(await listOperatorsForOps(app.db, request.query)),
  );

  app.patch(
    operatorPaths.operatorRole,
    {
      config: { operatorPermission: 'operators' },
      schema: {
        tags,
        operationId: 'opsChangeOperatorRole',
        summary: "Give an operator another role; 409 when it would leave no enabled admin",
        params: ZOpsOperatorParams,
        body: ZOpsOperatorRoleUpdate,
        response: { 200: envelope(ZOpsOperator), ...errors(404, 409) },
      },
    },
    async (request) =>
      ok(await changeOperatorRole(app.db, operatorContextOf(request), request.params.id, request.body.role)),
  );
};

export default operatorRoutes;
