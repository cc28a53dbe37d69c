import { envelope } from '@seller-centre/contract/envelope';
import { yuanToFen } from '@seller-centre/contract/money';
import {
  opsOrderPaths,
  ZOpsOrderParams,
  ZOpsOrderQuery,
  ZOpsRefundRequest,
  ZReconciliationQuery,
  ZReconciliationRun,
} from '@seller-centre/contract/ops';
import { ZOrderDetail, ZOrderRefund, ZOrderSummary } from '@seller-centre/contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { errors } from '../../platform/openapi.ts';
import { operatorContextOf } from '../../platform/operator-auth.ts';
import { listOrders, orderDetail } from './ops-service.ts';
import { listReconciliations } from './reconcile.ts';
import { ZProposed } from '@seller-centre/contract/proposals';
import { fourEyesAnswer, proposeOrRun } from '../proposals/service.ts';
import { ORDER_REFUND } from './four-eyes.ts';

/**
 * Orders and payments in the operator console: orders, their refunds (finance) and the payment
 * reconciliation runs; the orders module owns them.
 */
const opsOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator console'];

  app.get(
    opsOrderPaths.orders,
    {
      config: { operatorPermission: 'read' },
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
      config: { operatorPermission: 'read' },
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

  app.post(
    opsOrderPaths.refund,
    {
      config: { operatorPermission: 'money' },
      schema: {
        tags,
        operationId: 'opsRefundOrder',
        summary:
          'Refund a paid order in full or in part through its payment provider; the same refund_key again is the same refund',
        params: ZOpsOrderParams,
        body: ZOpsRefundRequest,
        response: { 200: envelope(ZOrderRefund), 202: envelope(ZProposed), ...errors(404, 409, 503) },
      },
    },
    async (request, reply) => {
      const refund = {
        orderCode: request.params.order_code,
        amountFen: yuanToFen(request.body.amount),
        reason: request.body.reason,
        refundKey: request.body.refund_key,
      };
      return fourEyesAnswer(reply, await proposeOrRun(app, operatorContextOf(request), ORDER_REFUND, refund));
    },
  );

  app.get(
    opsOrderPaths.reconciliations,
    {
      config: { operatorPermission: 'read' },
      schema: {
        tags,
        operationId: 'opsListPaymentReconciliations',
        summary: 'The last payment reconciliation runs, newest first, with every difference found',
        querystring: ZReconciliationQuery,
        response: { 200: envelope(z.object({ data: z.array(ZReconciliationRun) })) },
      },
    },
    async (request) => ok({ data: await listReconciliations(app.db, request.query.limit) }),
  );
};

export default opsOrderRoutes;
