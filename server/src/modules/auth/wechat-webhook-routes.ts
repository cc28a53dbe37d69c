import { authPaths } from '@seller-centre/contract/auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { errors } from '../../platform/openapi.ts';
import { parseWechatXml, scanFromEvent } from '../../providers/wechat/event-xml.ts';
import { verifyWechatSignature } from '../../providers/wechat/signature.ts';
import { acceptWechatDelivery, recordScan } from './wechat-service.ts';

const ZSignedQuery = z.object({
  signature: z.string().max(64).optional(),
  timestamp: z.string().max(32).optional(),
  nonce: z.string().max(64).optional(),
  echostr: z.string().max(256).optional(),
});

/** WeChat no longer tells official accounts a user's nickname; we show a stable handle instead. */
function nicknameForOpenId(openId: string): string {
  return `WeChat-${openId.slice(-6)}`;
}

/**
 * The official account's server URL (WECHAT_PROVIDER=official only), in plaintext message mode.
 * GET is WeChat's check when the URL is configured (echo `echostr`); POST carries events. Both
 * are signed with the configured token; anything unsigned is refused, and so is an event whose
 * signature is stale or was used before (acceptWechatDelivery). A SCAN or subscribe event
 * with one of our scenes records the scan; WeChat is always answered "success" once the
 * signature holds, so it does not retry.
 */
const wechatWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.WECHAT_PROVIDER !== 'official') return;
  const token = app.config.WECHAT_TOKEN!;
  const tags = ['sign-in'];
  // The signature is checked before the query is validated: an unsigned caller gets 403, never
  // a 400 that describes the query.
  const signedByWechat = async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown>;
    const text = (key: string) => (typeof query[key] === 'string' ? query[key] : undefined);
    const signed = { signature: text('signature'), timestamp: text('timestamp'), nonce: text('nonce') };
    if (!verifyWechatSignature(token, signed)) throw AppError.forbidden('wechatSignatureInvalid');
  };

  app.addContentTypeParser(
    ['text/xml', 'application/xml'],
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, body),
  );

  app.get(
    authPaths.wechatEvents,
    {
      schema: {
        tags,
        operationId: 'verifyWechatServerUrl',
        summary: 'WeChat server URL check (echoes echostr when signed)',
        querystring: ZSignedQuery,
        produces: ['text/plain'],
        response: { 200: z.string().describe('The echostr sent'), ...errors(403) },
      },
      onRequest: signedByWechat,
    },
    async (request, reply) => {
      return reply.type('text/plain; charset=utf-8').send(request.query.echostr ?? '');
    },
  );

  app.post(
    authPaths.wechatEvents,
    {
      schema: {
        tags,
        operationId: 'receiveWechatEvent',
        summary: 'WeChat event push (XML): records QR scans',
        querystring: ZSignedQuery,
        consumes: ['text/xml', 'application/xml'],
        produces: ['text/plain'],
        response: { 200: z.string().describe('`success`, so WeChat does not retry'), ...errors(403) },
      },
      onRequest: signedByWechat,
    },
    async (request, reply) => {
      await acceptWechatDelivery(app, { timestamp: request.query.timestamp!, nonce: request.query.nonce! });
      const fields = typeof request.body === 'string' ? parseWechatXml(request.body) : null;
      const scan = fields ? scanFromEvent(fields) : null;
      if (scan) {
        try {
          await recordScan(app, { ...scan, nickname: nicknameForOpenId(scan.openId) });
        } catch (error) {
          // An unknown, used or expired scene: nothing to record, and nothing WeChat can fix.
          if (!(error instanceof AppError)) throw error;
          request.log.info({ scene: scan.sceneMark }, 'wechat scan for a scene that cannot take it');
        }
      }
      return reply.type('text/plain; charset=utf-8').send('success');
    },
  );
};

export default wechatWebhookRoutes;
