import { envelope } from '@seller-centre/contract/envelope';
import {
  opsCataloguePaths,
  ZOpsCatalogue,
  ZOpsPlatform,
  ZOpsPlatformParams,
  ZOpsPlatformUpdate,
  ZOpsTopUp,
  ZOpsTopUpParams,
  ZOpsTopUpUpdate,
  ZOpsValueAdded,
  ZOpsValueAddedParams,
  ZOpsValueAddedUpdate,
} from '@seller-centre/contract/ops';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { errors } from '../../platform/openapi.ts';
import { readCatalogueForOperator, updatePlatform, updateTopUp, updateValueAdded } from './ops-service.ts';
import { operatorContextOf } from '../../platform/operator-auth.ts';

/** The catalogue and its prices in the operator console. */
const opsCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator console'];

  app.get(
    opsCataloguePaths.catalogue,
    {
      config: { operatorPermission: 'read' },
      schema: {
        tags,
        operationId: 'opsReadCatalogue',
        summary: 'Every plan platform, value-added package and top-up amount, disabled ones included',
        response: { 200: envelope(ZOpsCatalogue) },
      },
    },
    async () => ok(await readCatalogueForOperator(app.db)),
  );

  app.put(
    opsCataloguePaths.platform,
    {
      config: { operatorPermission: 'catalogue' },
      schema: {
        tags,
        operationId: 'opsUpdatePlanPlatform',
        summary: "A plan platform's shop-month price or availability",
        params: ZOpsPlatformParams,
        body: ZOpsPlatformUpdate,
        response: { 200: envelope(ZOpsPlatform), ...errors(404) },
      },
    },
    async (request) => ok(await updatePlatform(app.db, operatorContextOf(request), request.params.ppi_id, request.body)),
  );

  app.put(
    opsCataloguePaths.valueAdded,
    {
      config: { operatorPermission: 'catalogue' },
      schema: {
        tags,
        operationId: 'opsUpdateValueAddedPackage',
        summary: "A value-added package's prices or availability",
        params: ZOpsValueAddedParams,
        body: ZOpsValueAddedUpdate,
        response: { 200: envelope(ZOpsValueAdded), ...errors(404) },
      },
    },
    async (request) =>
      ok(await updateValueAdded(app.db, operatorContextOf(request), request.params.package_pay_id, request.body)),
  );

  app.put(
    opsCataloguePaths.topUp,
    {
      config: { operatorPermission: 'catalogue' },
      schema: {
        tags,
        operationId: 'opsUpdateTopUpAmount',
        summary: 'A listed top-up amount or its availability',
        params: ZOpsTopUpParams,
        body: ZOpsTopUpUpdate,
        response: { 200: envelope(ZOpsTopUp), ...errors(404, 409) },
      },
    },
    async (request) => ok(await updateTopUp(app.db, operatorContextOf(request), request.params.id, request.body)),
  );
};

export default opsCatalogueRoutes;
