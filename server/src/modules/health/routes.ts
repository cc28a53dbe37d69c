import { envelope } from '@seller-centre/contract/envelope';
import { ZHealth } from '@seller-centre/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { checkHealth } from './service.ts';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: {
          200: envelope(ZHealth),
          503: z.object({ code: z.literal(503), data: ZHealth, msg: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(app.db);
      if (health.status !== 'ok') {
        return reply.status(503).send({ code: 503 as const, data: health, msg: 'database unreachable' });
      }
      return ok(health);
    },
  );
};

export default healthRoutes;
