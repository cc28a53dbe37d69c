import { envelope } from '@seller-centre/contract/envelope';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import {
  warehousePaths,
  WMS_SERVICE_NAMES,
  WMS_SERVICES,
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

/**
 * What wmsUnit's `data` can be: one member per service, titled by its name, so the API document
 * says what each service answers.
 */
const ZWmsAnswer = z.union(
  WMS_SERVICE_NAMES.map((service) => (WMS_SERVICES[service].answer as z.ZodType).meta({ title: service })) as [
    z.ZodType,
    z.ZodType,
    ...z.ZodType[],
  ],
);

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
        response: { 200: envelope(ZWmsAnswer), ...errors(400, 404, 409) },
      },
      // The answer was checked against its own service's schema (runWmsUnit) and is written as
      // it is: serialising by the union would keep only the fields of the first member it fits.
      serializerCompiler: () => (data) => JSON.stringify(data),
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
