import { randomBytes } from 'node:crypto';
import {
  authPaths,
  ZSmsOutbox,
  ZSmsOutboxQuery,
  ZWechatScanRequest,
  ZWechatScanResult,
} from '@seller-centre/contract/auth';
import { envelope } from '@seller-centre/contract/envelope';
import { LANGUAGES } from '@seller-centre/contract/i18n';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { errors } from '../../platform/openapi.ts';
import { setContentSecurityPolicy } from '../../platform/security-headers.ts';
import { readSmsOutbox } from '../../providers/sms/outbox.ts';
import { renderScanPage } from './scan-page.ts';
import { recordScan } from './wechat-service.ts';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * Whether the request comes from this machine itself: its socket is a loopback address and no
 * proxy forwarded it (a proxy on this machine would make every visitor look local).
 */
function isLoopbackRequest(request: Pick<FastifyRequest, 'socket' | 'headers'>): boolean {
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/**
 * The local stand-ins' own routes, registered in the stand-in scope (platform/api-scopes.ts):
 * the SMS outbox with SMS_PROVIDER=console, the scan page and scan call with
 * WECHAT_PROVIDER=simulator.
 */
const devRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['development stand-ins'];
  const { config } = app;

  if (config.SMS_PROVIDER === 'console') {
    app.get(
      authPaths.devSmsOutbox,
      {
        schema: {
          tags,
          operationId: 'readSmsOutbox',
          summary: 'Codes the console SMS provider "sent" to one phone, newest first (SMS_PROVIDER=console only)',
          description: 'Answers only requests made on this machine itself, and only for the phone asked.',
          querystring: ZSmsOutboxQuery,
          response: { 200: envelope(ZSmsOutbox), ...errors(403) },
        },
      },
      async (request) => {
        if (!isLoopbackRequest(request)) throw AppError.forbidden('standInLocalOnly');
        return ok(await readSmsOutbox(app.db, request.query.phone_number));
      },
    );
  }

  if (config.WECHAT_PROVIDER === 'simulator') {
    app.get(
      authPaths.devWechatScanPage,
      {
        schema: {
          tags,
          operationId: 'showWechatScanPage',
          summary: 'The simulator scan page the QR code leads to (HTML; WECHAT_PROVIDER=simulator only)',
          querystring: z.object({
            scene_mark: z.string().max(128).optional(),
            lang: z.enum(LANGUAGES).optional(),
          }),
          produces: ['text/html'],
          response: { 200: z.string().describe('The scan page') },
        },
      },
      async (request, reply) => {
        const lang = request.query.lang ?? requestLanguage(request);
        const scriptNonce = randomBytes(16).toString('base64');
        setContentSecurityPolicy(reply, { scriptNonce });
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(renderScanPage(lang, request.query.scene_mark || undefined, scriptNonce));
      },
    );

    app.post(
      authPaths.devWechatScan,
      {
        schema: {
          tags,
          operationId: 'simulateWechatScan',
          summary: 'Simulate a WeChat user scanning a QR code (WECHAT_PROVIDER=simulator only)',
          body: ZWechatScanRequest,
          response: { 200: envelope(ZWechatScanResult) },
        },
      },
      async (request) => {
        const { scene_mark, open_id, nickname } = request.body;
        await recordScan(app, { sceneMark: scene_mark, openId: open_id, nickname });
        return ok({ scene_mark, scan_status: true as const });
      },
    );
  }
};

export default devRoutes;
