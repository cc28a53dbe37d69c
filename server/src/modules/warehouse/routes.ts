import { envelope } from '@seller-centre/contract/envelope';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import {
  warehousePaths,
  WMS_SERVICE_NAMES,
  ZWmsProviderList,
  ZWmsUnitRequest,
} from '@seller-centre/contract/warehouse';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, accessContextOf } from '../../platform/access.ts';
import { publicOrigin } from '../../platform/client-ip.ts';
import { ok } from '../../platform/envelope.ts';
import { errors } from '../../platform/openapi.ts';
import { createWarehouseRegistry } from '../../providers/warehouse/provider.ts';
import { createLocalWarehouseProvider } from './local/index.ts';
import { listProviders, runWmsUnit } from './service.ts';

/** The cloud warehouse bill (page 270): the provider list and the one warehouse-service call. */
const warehouseRoutes: FastifyPluginAsyncZod = async (app) => {
  const registry = createWarehouseRegistry({
    local: createLocalWarehouseProvider(app.db, undefined, { orders: app.orders, exports: app.exports }),
    eccang: app.providers.eccangWarehouse,
  });
  const tags = ['warehouse'];

  app.get(
    warehousePaths.serverList,
    {
      config: { access: access.permission(PERMISSIONS.bill.cloud) },
      schema: {
        tags,
        operationId: 'listWarehouseProviders',
        summary: "The tenant's warehouse providers {name, wws_id} (page 270)",
        response: { 200: envelope(ZWmsProviderList) },
      },
    },
    async (request) => ok(await listProviders(app.db, accessContextOf(request))),
  );

  app.post(
    warehousePaths.wmsUnit,
    {
      config: { access: access.permission(PERMISSIONS.bill.cloud) },
      schema: {
        tags,
        operationId: 'wmsUnit',
        summary: 'Runs one warehouse-service operation against the provider behind wws_id (page 270)',
        description:
          `service is one of: ${WMS_SERVICE_NAMES.join(', ')}. Each service's params and answer are ` +
          'the WMS_SERVICES schemas of the contract (packages/contract/src/warehouse.ts); see docs/api.md.',
        body: ZWmsUnitRequest,
        response: { 200: envelope(z.unknown()), ...errors(400, 404) },
      },
    },
    async (request) =>
      ok(
        await runWmsUnit(app.db, registry, accessContextOf(request), request.body, {
          publicUrl: publicOrigin(request, app.config),
        }),
      ),
  );
};

export default warehouseRoutes;
