import { envelope } from '@seller-centre/contract/envelope';
import { permissionPaths, ZFunctionMenu } from '@seller-centre/contract/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.ts';
import { principalOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { functionMenuOf } from '../../platform/permissions.ts';

const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    permissionPaths.functionMenu,
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['roles'],
        operationId: 'getFunctionMenu',
        summary: "The caller's authority list: a main account everything, an employee what its enabled role grants",
        response: { 200: envelope(ZFunctionMenu) },
      },
    },
    async (request) => ok(functionMenuOf(principalOf(request))),
  );
};

export default permissionRoutes;
