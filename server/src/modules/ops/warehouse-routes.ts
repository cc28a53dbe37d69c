import { envelope } from '@seller-centre/contract/envelope';
import {
  opsWarehousePaths,
  ZOpsBillPost,
  ZOpsFeePost,
  ZOpsImport,
  ZOpsImportResult,
  ZOpsLink,
  ZOpsLinkQuery,
  ZOpsPosted,
  ZOpsProvider,
  ZOpsProviderParams,
  ZOpsRentPost,
  ZWarehouseSettings,
} from '@seller-centre/contract/warehouse';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { errors } from '../../platform/openapi.ts';
import {
  importByOperator,
  listLinksForOperator,
  listProvidersForOperator,
  postBillByOperator,
  postFeeByOperator,
  postRentByOperator,
  updateProviderSettings,
} from '../warehouse/ops-service.ts';
import { actorOf } from './coupon-routes.ts';

/** The local warehouse engine in the operator console: providers' settings, and posting fees, bills and rent. */
const opsWarehouseRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator console'];

  app.get(
    opsWarehousePaths.providers,
    {
      schema: {
        tags,
        operationId: 'opsListWarehouseProviders',
        summary: 'Every warehouse provider with its adapter, settings and number of linked tenants',
        response: { 200: envelope(z.array(ZOpsProvider)) },
      },
    },
    async () => ok(await listProvidersForOperator(app.db)),
  );

  app.put(
    opsWarehousePaths.providerSettings,
    {
      schema: {
        tags,
        operationId: 'opsUpdateWarehouseProviderSettings',
        summary: "A provider's currencies and rates, bank accounts, payment methods, account info and ECCANG endpoint",
        params: ZOpsProviderParams,
        body: ZWarehouseSettings,
        response: { 200: envelope(ZWarehouseSettings), ...errors(404) },
      },
    },
    async (request) => ok(await updateProviderSettings(app.db, actorOf(request), request.params.id, request.body)),
  );

  app.get(
    opsWarehousePaths.links,
    {
      schema: {
        tags,
        operationId: 'opsListWarehouseLinks',
        summary: "Tenants' provider links (the wws_id fees are posted to), optionally of one tenant",
        querystring: ZOpsLinkQuery,
        response: { 200: envelope(z.array(ZOpsLink)) },
      },
    },
    async (request) => ok(await listLinksForOperator(app.db, request.query.tenant_id)),
  );

  app.post(
    opsWarehousePaths.fees,
    {
      schema: {
        tags,
        operationId: 'opsPostWarehouseFee',
        summary: 'One fee flow movement (freeze, unfreeze, deduction, credit) on the ledger; idempotent by key',
        body: ZOpsFeePost,
        response: { 200: envelope(ZOpsPosted), ...errors(404, 409) },
      },
    },
    async (request) => ok(await postFeeByOperator(app.db, actorOf(request), request.body)),
  );

  app.post(
    opsWarehousePaths.bills,
    {
      schema: {
        tags,
        operationId: 'opsPostWarehouseBill',
        summary: 'One fee bill row; idempotent by key',
        body: ZOpsBillPost,
        response: { 200: envelope(ZOpsPosted), ...errors(404, 409) },
      },
    },
    async (request) => ok(await postBillByOperator(app.db, actorOf(request), request.body)),
  );

  app.post(
    opsWarehousePaths.rents,
    {
      schema: {
        tags,
        operationId: 'opsPostWarehouseRent',
        summary: 'One warehouse rent row; idempotent by key',
        body: ZOpsRentPost,
        response: { 200: envelope(ZOpsPosted), ...errors(404, 409) },
      },
    },
    async (request) => ok(await postRentByOperator(app.db, actorOf(request), request.body)),
  );

  app.post(
    opsWarehousePaths.import,
    {
      bodyLimit: 3 * 1024 * 1024,
      schema: {
        tags,
        operationId: 'opsImportWarehouseRows',
        summary: 'Fee, bill or rent rows from CSV (header: the form fields); all checked first, each idempotent',
        body: ZOpsImport,
        response: { 200: envelope(ZOpsImportResult), ...errors(404, 409) },
      },
    },
    async (request) => ok(await importByOperator(app.db, actorOf(request), request.body)),
  );
};

export default opsWarehouseRoutes;
