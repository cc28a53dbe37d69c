import { envelope } from '@seller-centre/contract/envelope';
import { opsOrderPaths, ZOpsOrderParams, ZOpsOrderQuery } from '@seller-centre/contract/ops';
import { ZOrderDetail, ZOrderSummary } from '@seller-centre/contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { errors } from '../../platform/openapi.ts';
import { listOrders, orderDetail } from '../orders/ops-service.ts';

/** Orders and payments in the operator console: read only; the orders module owns them. */
const opsOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator console'];

  app.get(
    opsOrderPaths.orders,
    {
      schema: {
        tags,
        operationId: 'opsListOrders',
        summary: "Every tenant's orders, newest first, by order code, tenant or state",
        querystring: ZOpsOrderQuery,
        response: { 200: envelope(z.object({ total: z.number().int(), data: z.array(ZOrderSummary) })) },
      },
    },
    async (request) => {
      const { page, page_size, order_code, tenant_id, state } = request.query;
      const list = await listOrders(
        app.db,
        {
          page,
          page_size,
          order_code: order_code || undefined,
          main_id: tenant_id,
          state,
        },
        requestLanguage(request),
      );
      return ok({ total: list.total_count, data: list.data });
    },
  );

  app.get(
    opsOrderPaths.order,
    {
      schema: {
        tags,
        operationId: 'opsGetOrder',
        summary: 'One order with every payment notification received for it and its state changes',
        params: ZOpsOrderParams,
        response: { 200: envelope(ZOrderDetail), ...errors(404) },
      },
    },
    async (request) => ok(await orderDetail(app.db, request.params.order_code, requestLanguage(request))),
  );
};

export default opsOrderRoutes;
