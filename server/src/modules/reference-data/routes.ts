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
import { accessContextOf } from '../../platform/permissions.ts';
import { findPlatformList, findShopGroup, findWarehouseList } from './service.ts';

const referenceDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const meta = { tags: ['reference data'], security: [{ token: [] }] };

  app.get(
    referenceDataPaths.platforms,
    {
      preHandler: app.authenticate,
      schema: {
        ...meta,
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
      preHandler: app.authenticate,
      schema: {
        ...meta,
        summary: 'Shops the caller may see, grouped by platform (narrowed by data authority)',
        response: { 200: envelope(ZShopGroup) },
      },
    },
    async (request) => ok(await findShopGroup(app.db, accessContextOf(request))),
  );

  app.get(
    referenceDataPaths.warehouses,
    {
      preHandler: app.authenticate,
      schema: {
        ...meta,
        summary: 'Warehouses the caller may see (narrowed by data authority)',
        response: { 200: envelope(z.array(ZWarehouse)) },
      },
    },
    async (request) => ok(await findWarehouseList(app.db, accessContextOf(request))),
  );
};

export default referenceDataRoutes;
