import { orderPaths } from '@seller-centre/contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countPaymentNotification } from '../../platform/metrics.ts';
import { receiveNotification } from './service.ts';

/**
 * The payment provider's notifications (public: the provider calls it; what it sends is
 * verified by signature and app id, never trusted by where it comes from). Only the configured
 * provider's URL exists. The answer is the provider's plain-text acknowledgement, or `fail` so
 * it retries.
 */
const notifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.providers.payments.name;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    orderPaths.notify.replace(':provider', provider),
    {
      schema: {
        tags: ['payments'],
        operationId: `receive${provider[0]!.toUpperCase()}${provider.slice(1)}Notification`,
        summary: `Payment notification from ${provider} (form fields, signed)`,
        consumes: ['application/x-www-form-urlencoded'],
        body: z.record(z.string(), z.string().max(8192)),
        produces: ['text/plain'],
        response: { 200: z.string().describe('`success` when taken; `fail` makes the provider retry') },
      },
    },
    async (request, reply) => {
      const answer = await receiveNotification(app.orders, request.body).catch((error: unknown) => {
        countPaymentNotification(provider, 'error');
        throw error;
      });
      return reply.type('text/plain; charset=utf-8').send(answer);
    },
  );
};

export default notifyRoutes;
