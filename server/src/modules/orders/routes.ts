import { envelope } from '@seller-centre/contract/envelope';
import {
  orderPaths,
  ZCheckOrderStateAnswer,
  ZCheckOrderStateRequest,
  ZGenerateOrderAnswer,
  ZGenerateOrderRequest,
} from '@seller-centre/contract/orders';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, accessContextOf } from '../../platform/access.ts';
import { principalOf } from '../../platform/auth.ts';
import { publicOrigin } from '../../platform/client-ip.ts';
import { ok } from '../../platform/envelope.ts';
import { errors } from '../../platform/openapi.ts';
import { checkOrderState, generateOrder } from './service.ts';

const tags = ['service upgrade'];
const buy = access.permission(PERMISSIONS.serviceUpgrade.buyPackage);

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    orderPaths.generate,
    {
      config: { access: buy },
      schema: {
        tags,
        operationId: 'generateOrder',
        summary: 'Make an order at the server’s price and get its QR code',
        description:
          'pay_type 1 plan (package_id "ppi_id,shop_number,cycle"), 2 value-added (package_pay_id), 3 third-party top-up (a listed amount id, or a custom `amount` from 50.00), 4 another system’s service. A coupon is checked and reserved until the order is paid, expires or is cancelled.',
        body: ZGenerateOrderRequest,
        response: { 200: envelope(ZGenerateOrderAnswer), ...errors(404, 409, 503) },
      },
    },
    async (request) =>
      ok(await generateOrder(app.orders, accessContextOf(request), request.body, publicOrigin(request, app.config))),
  );

  app.post(
    orderPaths.checkState,
    {
      config: { access: buy },
      schema: {
        tags,
        operationId: 'checkOrderState',
        summary: 'Whether an order is paid (polled every 3 s; answered from memory)',
        body: ZCheckOrderStateRequest,
        response: { 200: envelope(ZCheckOrderStateAnswer), ...errors(404) },
      },
    },
    async (request) =>
      ok(await checkOrderState(app.orders, { principal: principalOf(request) }, request.body.order_code)),
  );
};

export default orderRoutes;
