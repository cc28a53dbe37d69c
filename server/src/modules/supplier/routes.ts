import { envelope } from '@seller-centre/contract/envelope';
import { supplierPaths, ZSupplierInfo, ZSupplierRegister } from '@seller-centre/contract/supplier';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.ts';
import { principalOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { errors } from '../../platform/openapi.ts';
import { getSupplierInfo, registerSupplier } from './service.ts';

/** The supplier application (module distributor, page 276): main accounts only. */
const supplierRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['supplier'];
  const config = { access: access.mainAccount('supplierMainOnly') };

  app.get(
    supplierPaths.info,
    {
      config,
      schema: {
        tags,
        operationId: 'getSupplierApplication',
        summary:
          "The tenant's supplier application and its status (0 never applied, 1 submitted, 2 approved, 3 rejected)",
        response: { 200: envelope(ZSupplierInfo) },
      },
    },
    async (request) => ok(await getSupplierInfo(app.db, principalOf(request))),
  );

  app.post(
    supplierPaths.register,
    {
      config,
      schema: {
        tags,
        operationId: 'registerSupplier',
        summary: 'Apply to become a supplier (again only after a rejection)',
        body: ZSupplierRegister,
        response: { 200: envelope(ZSupplierInfo), ...errors(409) },
      },
    },
    async (request) => ok(await registerSupplier(app.db, principalOf(request), request.body)),
  );
};

export default supplierRoutes;
