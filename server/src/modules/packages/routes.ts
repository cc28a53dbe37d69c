import { envelope } from '@seller-centre/contract/envelope';
import { ZPackageQuery, ZUserPackage, packagePaths } from '@seller-centre/contract/packages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, accessContextOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { getUserPackage } from './service.ts';

const packageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    packagePaths.package,
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['personal centre'],
        operationId: 'getUserPackage',
        summary: "The tenant's package: platform shop quotas and added-value packages (system 1 ERP, 2 selection)",
        querystring: ZPackageQuery,
        response: { 200: envelope(ZUserPackage) },
      },
    },
    async (request) => ok(await getUserPackage(app.db, accessContextOf(request), request.query.system)),
  );
};

export default packageRoutes;
