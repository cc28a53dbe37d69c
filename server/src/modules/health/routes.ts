import { envelope } from '@seller-centre/contract/envelope';
import { ZHealth } from '@seller-centre/contract/health';
import { apiPaths } from '@seller-centre/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { requestLanguage, translate } from '../../platform/i18n.ts';
import { checkHealth } from './service.ts';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.health,
    {
      schema: {
        tags: ['system'],
        operationId: 'getHealth',
        summary: 'Liveness and database reachability',
        response: {
          200: envelope(ZHealth),
          // A load balancer takes the status; `data` still says what is down.
          503: z
            .object({ code: z.literal(503), data: ZHealth, msg: z.string() })
            .describe('The database did not answer'),
        },
      },
    },
    async (request, reply) => {
      const health = await checkHealth(app.db);
      if (health.status !== 'ok') {
        const msg = translate(requestLanguage(request), 'unavailable');
        return reply.status(503).send({ code: 503 as const, data: health, msg });
      }
      return ok(health);
    },
  );
};

export default healthRoutes;
