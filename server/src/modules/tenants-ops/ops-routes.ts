import { envelope } from '@seller-centre/contract/envelope';
import { tenantOpsPaths, ZTenantOverview, ZTenantOverviewParams } from '@seller-centre/contract/tenant-ops';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { errors } from '../../platform/openapi.ts';
import { createWarehouseRegistry } from '../../providers/warehouse/provider.ts';
import { createLocalWarehouseProvider } from '../warehouse/service.ts';
import { tenantOverview } from './ops-service.ts';

/** The console's tenant page: read only; every figure comes from its owning module. */
const opsTenantRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator console'];
  // The same adapters the tenant's cloud bill runs, so a warehouse balance is the one it shows.
  const warehouses = createWarehouseRegistry({
    local: createLocalWarehouseProvider(app.db, undefined, { orders: app.orders, exports: app.exports }),
    eccang: app.providers.eccangWarehouse,
  });

  app.get(
    tenantOpsPaths.overview,
    {
      config: { operatorPermission: 'read' },
      schema: {
        tags,
        operationId: 'opsTenantOverview',
        summary:
          'One tenant, whole: plans, quota, every balance, open orders, withdrawals and proposals, provider links, the last operator audit entries',
        params: ZTenantOverviewParams,
        response: { 200: envelope(ZTenantOverview), ...errors(404) },
      },
    },
    async (request) => ok(await tenantOverview(app.db, warehouses, request.params.id, requestLanguage(request))),
  );
};

export default opsTenantRoutes;
