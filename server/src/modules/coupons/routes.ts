import { envelope } from '@seller-centre/contract/envelope';
import { ZCouponList, ZCouponQuery, couponPaths } from '@seller-centre/contract/coupons';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.ts';
import { principalOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { listCoupons } from './service.ts';
import { requestLanguage } from '../../platform/i18n.ts';

const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    couponPaths.coupon,
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['personal centre'],
        operationId: 'listCoupons',
        summary: "The tenant's coupons of one tab: status 0 not used, 1 used, 2 expired",
        querystring: ZCouponQuery,
        response: { 200: envelope(ZCouponList) },
      },
    },
    async (request) => ok(await listCoupons(app.db, principalOf(request), request.query, requestLanguage(request))),
  );
};

export default couponRoutes;
