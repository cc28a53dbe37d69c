import {
  cataloguePaths,
  ZPlanPlatformList,
  ZPriceInfo,
  ZPriceQuery,
  ZRechargeCategoryList,
  ZSystemMenu,
  ZWarehousePayAmountList,
} from '@seller-centre/contract/catalogue';
import { envelope } from '@seller-centre/contract/envelope';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.ts';
import { principalOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { errors } from '../../platform/openapi.ts';
import { getPlanPrice, getSystemMenu, listPlanPlatforms, listRechargeCategories, listTopUpAmounts } from './service.ts';

const tags = ['service upgrade'];
const servicePage = access.permission(PERMISSIONS.serviceUpgrade.page);

const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    cataloguePaths.platforms,
    {
      config: { access: servicePage },
      schema: {
        tags,
        operationId: 'listPlanPlatforms',
        summary: 'Plan platforms with their shop-count and cycle choices',
        response: { 200: envelope(ZPlanPlatformList) },
      },
    },
    async (request) => ok(await listPlanPlatforms(app.db, requestLanguage(request))),
  );

  app.get(
    cataloguePaths.price,
    {
      config: { access: servicePage },
      schema: {
        tags,
        operationId: 'getPlanPrice',
        summary:
          'The price of one plan choice (platform, shop count, cycle) and, with coupon_id, the amount after the coupon, decided by the server',
        querystring: ZPriceQuery,
        response: { 200: envelope(ZPriceInfo), ...errors(404, 409) },
      },
    },
    async (request) => ok(await getPlanPrice(app.db, requestLanguage(request), request.query, principalOf(request))),
  );

  app.get(
    cataloguePaths.levels,
    {
      config: { access: servicePage },
      schema: {
        tags,
        operationId: 'listRechargeCategories',
        summary: 'Value-added packages by category and service',
        response: { 200: envelope(ZRechargeCategoryList) },
      },
    },
    async (request) => ok(await listRechargeCategories(app.db, principalOf(request), app.config.DEFAULT_COMPANY_NAME)),
  );

  app.get(
    cataloguePaths.warehousePayAmount,
    {
      config: { access: servicePage },
      schema: {
        tags,
        operationId: 'listTopUpAmounts',
        summary: 'Listed third-party top-up amounts (a custom amount from 50.00 is accepted too)',
        response: { 200: envelope(ZWarehousePayAmountList) },
      },
    },
    async () => ok(await listTopUpAmounts(app.db)),
  );

  app.get(
    cataloguePaths.systemMenu,
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['personal centre'],
        operationId: 'getSystemMenu',
        summary: "The tenant's plans with their end and days remaining",
        response: { 200: envelope(ZSystemMenu) },
      },
    },
    async (request) => ok(await getSystemMenu(app.db, principalOf(request))),
  );
};

export default catalogueRoutes;
