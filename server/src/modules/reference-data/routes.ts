import { envelope } from '@seller-centre/contract/envelope';
import {
  referenceDataPaths,
  ZPlatform,
  ZPlatformListQuery,
  ZShopGroup,
  ZWarehouse,
} from '@seller-centre/contract/reference-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { access, accessContextOf } from '../../platform/access.ts';
import { findPlatformList, findShopGroup, findWarehouseList } from './service.ts';

const referenceDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reference data'];
  // The lists narrow themselves by the caller's data authority; any account of the tenant may ask.
  const common = { config: { access: access.signedIn() } };

  app.get(
    referenceDataPaths.platforms,
    {
      ...common,
      schema: {
        tags,
        operationId: 'listPlatforms',
        summary: "The tenant's platforms (site 0: all)",
        querystring: ZPlatformListQuery,
        response: { 200: envelope(z.array(ZPlatform)) },
      },
    },
    async (request) => ok(await findPlatformList(app.db, accessContextOf(request))),
  );

  app.get(
    referenceDataPaths.shopGroup,
    {
      ...common,
      schema: {
        tags,
        operationId: 'listShopGroups',
        summary: 'Shops the caller may see, grouped by platform (narrowed by data authority)',
        response: { 200: envelope(ZShopGroup) },
      },
    },
    async (request) => ok(await findShopGroup(app.db, accessContextOf(request))),
  );

  app.get(
    referenceDataPaths.warehouses,
    {
      ...common,
      schema: {
        tags,
        operationId: 'listWarehouses',
        summary: 'Warehouses the caller may see (narrowed by data authority)',
        response: { 200: envelope(z.array(ZWarehouse)) },
      },
    },
    async (request) => ok(await findWarehouseList(app.db, accessContextOf(request))),
  );
};

export default referenceDataRoutes;
