import { randomBytes } from 'node:crypto';
import { LANGUAGES } from '@seller-centre/contract/i18n';
import { envelope } from '@seller-centre/contract/envelope';
import { orderPaths, ZDevPayAnswer, ZDevPayRequest, ZOrderCode } from '@seller-centre/contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { errors } from '../../platform/openapi.ts';
import { setContentSecurityPolicy } from '../../platform/security-headers.ts';
import { renderCashierPage } from './cashier-page.ts';
import { orderTitle } from './titles.ts';
import { closeOrder, findOrderForCashier } from './service.ts';

/**
 * The payment sandbox's cashier (PAYMENT_PROVIDER=sandbox only, in the stand-in scope): the page
 * the sandbox QR code opens, and its buttons as a call for scripts. Pay posts the sandbox's
 * signed notification to its notify URL, so it goes through the handler a real provider's
 * notification goes through.
 */
const sandboxPayRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.PAYMENT_PROVIDER !== 'sandbox') return;
  const tags = ['development stand-ins'];

  app.get(
    orderPaths.devPayPage,
    {
      schema: {
        tags,
        operationId: 'showSandboxCashier',
        summary: 'The sandbox cashier page the sandbox QR code leads to (HTML; PAYMENT_PROVIDER=sandbox only)',
        querystring: z.object({ order_code: z.string().max(64).optional(), lang: z.enum(LANGUAGES).optional() }),
        produces: ['text/html'],
        response: { 200: z.string().describe('The cashier page') },
      },
    },
    async (request, reply) => {
      const lang = request.query.lang ?? requestLanguage(request);
      const code = ZOrderCode.safeParse(request.query.order_code ?? '');
      const order = code.success
        ? await findOrderForCashier(app.db, code.data).catch((error: unknown) => {
            if (error instanceof AppError) return undefined;
            throw error;
          })
        : undefined;
      const scriptNonce = randomBytes(16).toString('base64');
      setContentSecurityPolicy(reply, { scriptNonce });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          renderCashierPage(lang, order && { ...order, title: orderTitle(lang, order.item, order.title) }, scriptNonce),
        );
    },
  );

  app.post(
    orderPaths.devPay,
    {
      schema: {
        tags,
        operationId: 'sandboxPay',
        summary: 'Pay or cancel an order at the sandbox, as its cashier buttons do (PAYMENT_PROVIDER=sandbox only)',
        body: ZDevPayRequest,
        response: { 200: envelope(ZDevPayAnswer), ...errors(404, 409) },
      },
    },
    async (request) => {
      const { order_code, action } = request.body;
      const order = await findOrderForCashier(app.db, order_code);
      if (action === 'cancel') {
        await app.providers.payments.closeTrade(order_code);
        if (!(await closeOrder(app.orders, order_code, 'cancelled', 'cancelled at the sandbox cashier'))) {
          throw AppError.conflict('orderNotPayable');
        }
        return ok({ order_code, state: 'cancelled' as const });
      }
      // Only an open order can be paid: a closed one (expired, cancelled, replaced) is closed at
      // the provider too, so its code no longer takes money.
      if (order.state !== 'unpaid') throw AppError.conflict('orderNotPayable');
      const fields = app.providers.payments.simulatePayment!(order_code, order.amount_fen);
      if (!fields) throw AppError.conflict('orderNotPayable');
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/pay/notify/sandbox',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
      if (res.body !== 'success') throw AppError.unavailable('paymentUnavailable');
      return ok({ order_code, state: 'paid' as const });
    },
  );
};

export default sandboxPayRoutes;
