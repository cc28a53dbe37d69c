import { envelope } from '@seller-centre/contract/envelope';
import {
  opsPaths,
  ZOpsCoupon,
  ZOpsCouponCreate,
  ZOpsCouponIssue,
  ZOpsCouponIssueParams,
  ZOpsCouponPage,
  ZOpsCouponQuery,
  ZOpsTenant,
  ZTenantLookupQuery,
} from '@seller-centre/contract/ops';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { errors } from '../../platform/openapi.ts';
import { operatorContextOf } from '../../platform/operator-auth.ts';
import { createCoupon, findTenant, issueCouponCopy, listCouponsForOperator } from './ops-service.ts';

/** Coupons in the operator console: issued coupons, a new coupon for a tenant, a copy for another. */
const opsCouponRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator console'];

  app.get(
    opsPaths.coupons,
    {
      config: { operatorPermission: 'read' },
      schema: {
        tags,
        operationId: 'opsListCoupons',
        summary: "Every tenant's coupons, newest first, optionally of one tenant and one tab",
        querystring: ZOpsCouponQuery,
        response: { 200: envelope(ZOpsCouponPage) },
      },
    },
    async (request) => ok(await listCouponsForOperator(app.db, request.query)),
  );

  app.post(
    opsPaths.coupons,
    {
      config: { operatorPermission: 'coupons' },
      schema: {
        tags,
        operationId: 'opsCreateCoupon',
        summary: 'Create a coupon and give it to one tenant (by tenant id or main-account phone)',
        body: ZOpsCouponCreate,
        response: { 200: envelope(ZOpsCoupon), ...errors(404) },
      },
    },
    async (request) => ok(await createCoupon(app.db, operatorContextOf(request), request.body)),
  );

  app.post(
    opsPaths.couponIssue,
    {
      config: { operatorPermission: 'coupons' },
      schema: {
        tags,
        operationId: 'opsIssueCouponCopy',
        summary: "Give another tenant a new coupon on an existing coupon's terms",
        params: ZOpsCouponIssueParams,
        body: ZOpsCouponIssue,
        response: { 200: envelope(ZOpsCoupon), ...errors(404) },
      },
    },
    async (request) => ok(await issueCouponCopy(app.db, operatorContextOf(request), request.params.id, request.body)),
  );

  app.get(
    opsPaths.tenantLookup,
    {
      config: { operatorPermission: 'read' },
      schema: {
        tags,
        operationId: 'opsFindTenant',
        summary: 'The tenant (main account) of an id or a main-account phone number',
        querystring: ZTenantLookupQuery,
        response: { 200: envelope(ZOpsTenant), ...errors(404) },
      },
    },
    async (request) => ok(await findTenant(app.db, request.query)),
  );
};

export default opsCouponRoutes;
