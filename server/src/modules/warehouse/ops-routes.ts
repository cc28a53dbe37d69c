import { envelope } from '@seller-centre/contract/envelope';
import {
  opsWarehousePaths,
  ZOpsBillPost,
  ZOpsFeePost,
  ZOpsImport,
  ZOpsImportResult,
  ZOpsLink,
  ZOpsLinkCreate,
  ZOpsLinkCreated,
  ZOpsLinkQuery,
  ZOpsPosted,
  ZOpsProvider,
  ZOpsProviderCreate,
  ZOpsProviderParams,
  ZOpsRentPost,
  ZWarehouseSettings,
} from '@seller-centre/contract/warehouse';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { errors } from '../../platform/openapi.ts';
import { ZProposed } from '@seller-centre/contract/proposals';
import {
  createProvider,
  linkTenantToProvider,
  listLinksForOperator,
  listProvidersForOperator,
  updateProviderSettings,
} from './ops-service.ts';
import { operatorContextOf } from '../../platform/operator-auth.ts';
import { fourEyesAnswer, proposeOrRun } from '../proposals/service.ts';
import { WAREHOUSE_BILL, WAREHOUSE_FEE, WAREHOUSE_IMPORT, WAREHOUSE_RENT } from './four-eyes.ts';

/**
 * The local warehouse engine in the operator console: providers (new ones and their settings),
 * tenants' links to them, and posting fees, bills and rent.
 */
const opsWarehouseRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator console'];

  app.get(
    opsWarehousePaths.providers,
    {
      config: { operatorPermission: 'read' },
      schema: {
        tags,
        operationId: 'opsListWarehouseProviders',
        summary: 'Every warehouse provider with its adapter, settings and number of linked tenants',
        response: { 200: envelope(z.array(ZOpsProvider)) },
      },
    },
    async () => ok(await listProvidersForOperator(app.db)),
  );

  app.post(
    opsWarehousePaths.providers,
    {
      config: { operatorPermission: 'catalogue' },
      schema: {
        tags,
        operationId: 'opsCreateWarehouseProvider',
        summary: 'A new warehouse provider (name, adapter local or eccang, settings); 409 when the name is taken',
        body: ZOpsProviderCreate,
        response: { 200: envelope(ZOpsProvider), ...errors(409) },
      },
    },
    async (request) => ok(await createProvider(app.db, operatorContextOf(request), request.body)),
  );

  app.put(
    opsWarehousePaths.providerSettings,
    {
      config: { operatorPermission: 'catalogue' },
      schema: {
        tags,
        operationId: 'opsUpdateWarehouseProviderSettings',
        summary: "A provider's currencies and rates, bank accounts, payment methods, account info and ECCANG endpoint",
        params: ZOpsProviderParams,
        body: ZWarehouseSettings,
        response: { 200: envelope(ZWarehouseSettings), ...errors(404) },
      },
    },
    async (request) => ok(await updateProviderSettings(app.db, operatorContextOf(request), request.params.id, request.body)),
  );

  app.get(
    opsWarehousePaths.links,
    {
      config: { operatorPermission: 'read' },
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
    opsWarehousePaths.links,
    {
      config: { operatorPermission: 'warehouse-links' },
      schema: {
        tags,
        operationId: 'opsCreateWarehouseLink',
        summary:
          "Links a tenant to a provider: answers the wws_id; the tenant's account there opens at zero. Linking again answers the same wws_id",
        body: ZOpsLinkCreate,
        response: { 200: envelope(ZOpsLinkCreated), ...errors(404) },
      },
    },
    async (request) => ok(await linkTenantToProvider(app.db, operatorContextOf(request), request.body)),
  );

  app.post(
    opsWarehousePaths.fees,
    {
      config: { operatorPermission: 'money' },
      schema: {
        tags,
        operationId: 'opsPostWarehouseFee',
        summary: 'One fee flow movement (freeze, unfreeze, deduction, credit) on the ledger; idempotent by key',
        body: ZOpsFeePost,
        response: { 200: envelope(ZOpsPosted), 202: envelope(ZProposed), ...errors(404, 409) },
      },
    },
    async (request, reply) => {
      return fourEyesAnswer(
        reply,
        await proposeOrRun(app, operatorContextOf(request), WAREHOUSE_FEE, request.body),
      );
    },
  );

  app.post(
    opsWarehousePaths.bills,
    {
      config: { operatorPermission: 'money' },
      schema: {
        tags,
        operationId: 'opsPostWarehouseBill',
        summary: 'One fee bill row; idempotent by key',
        body: ZOpsBillPost,
        response: { 200: envelope(ZOpsPosted), 202: envelope(ZProposed), ...errors(404, 409) },
      },
    },
    async (request, reply) => {
      return fourEyesAnswer(
        reply,
        await proposeOrRun(app, operatorContextOf(request), WAREHOUSE_BILL, request.body),
      );
    },
  );

  app.post(
    opsWarehousePaths.rents,
    {
      config: { operatorPermission: 'money' },
      schema: {
        tags,
        operationId: 'opsPostWarehouseRent',
        summary: 'One warehouse rent row; idempotent by key',
        body: ZOpsRentPost,
        response: { 200: envelope(ZOpsPosted), 202: envelope(ZProposed), ...errors(404, 409) },
      },
    },
    async (request, reply) => {
      return fourEyesAnswer(
        reply,
        await proposeOrRun(app, operatorContextOf(request), WAREHOUSE_RENT, request.body),
      );
    },
  );

  app.post(
    opsWarehousePaths.import,
    {
      bodyLimit: 3 * 1024 * 1024,
      config: { operatorPermission: 'money' },
      schema: {
        tags,
        operationId: 'opsImportWarehouseRows',
        summary: 'Fee, bill or rent rows from CSV (header: the form fields); all checked first, each idempotent',
        body: ZOpsImport,
        response: { 200: envelope(ZOpsImportResult), 202: envelope(ZProposed), ...errors(404, 409) },
      },
    },
    async (request, reply) => {
      return fourEyesAnswer(
        reply,
        await proposeOrRun(app, operatorContextOf(request), WAREHOUSE_IMPORT, request.body),
      );
    },
  );
};

export default opsWarehouseRoutes;
