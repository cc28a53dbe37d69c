import { envelope } from '@seller-centre/contract/envelope';
import { ZHealth, ZReadiness } from '@seller-centre/contract/health';
import { apiPaths } from '@seller-centre/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { requestLanguage, translate } from '../../platform/i18n.ts';
import { checkHealth, checkReadiness } from './service.ts';

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

  // Liveness above stays one cheap statement (restart me if this fails); readiness asks
  // everything the instance needs for its work (send me traffic only if this answers 200).
  app.get(
    apiPaths.ready,
    {
      schema: {
        tags: ['system'],
        operationId: 'getReadiness',
        summary: 'Readiness: the database, the job queue and Redis (when configured) answer',
        response: {
          200: envelope(ZReadiness),
          503: z
            .object({ code: z.literal(503), data: ZReadiness, msg: z.string() })
            .describe('Something the instance needs did not answer; `data` says what'),
        },
      },
    },
    async (request, reply) => {
      const readiness = await checkReadiness(app);
      if (readiness.status !== 'ready') {
        const msg = translate(requestLanguage(request), 'unavailable');
        return reply.status(503).send({ code: 503 as const, data: readiness, msg });
      }
      return ok(readiness);
    },
  );
};

export default healthRoutes;
