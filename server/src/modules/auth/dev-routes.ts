import {
  authPaths,
  ZSmsOutbox,
  ZSmsOutboxQuery,
  ZWechatScanRequest,
  ZWechatScanResult,
} from '@seller-centre/contract/auth';
import { envelope } from '@seller-centre/contract/envelope';
import { LANGUAGES } from '@seller-centre/contract/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { readSmsOutbox } from '../../providers/sms/outbox.ts';
import { renderScanPage } from './scan-page.ts';
import { recordScan } from './wechat-service.ts';

/**
 * The local stand-ins' own routes. They exist only while their provider is on: the SMS outbox
 * with SMS_PROVIDER=console, the scan page and scan call with WECHAT_PROVIDER=simulator. With
 * either on, anyone can read codes or fake scans, so a production start says so in the log.
 */
const devRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['development stand-ins'];
  const { config } = app;

  if (config.SMS_PROVIDER === 'console') {
    if (config.NODE_ENV === 'production') {
      app.log.warn(
        'SMS_PROVIDER=console: codes are readable by anyone at /api/dev/sms-outbox; set SMS_PROVIDER=aliyun for real users',
      );
    }
    app.get(
      authPaths.devSmsOutbox,
      {
        schema: {
          tags,
          summary: 'Codes the console SMS provider "sent", newest first (SMS_PROVIDER=console only)',
          querystring: ZSmsOutboxQuery,
          response: { 200: envelope(ZSmsOutbox) },
        },
      },
      async (request) => ok(await readSmsOutbox(app.db, request.query.phone_number)),
    );
  }

  if (config.WECHAT_PROVIDER === 'simulator') {
    if (config.NODE_ENV === 'production') {
      app.log.warn(
        'WECHAT_PROVIDER=simulator: anyone can fake a WeChat scan at /dev/wechat-scan; set WECHAT_PROVIDER=official for real users',
      );
    }
    app.get(
      authPaths.devWechatScanPage,
      {
        schema: {
          tags,
          summary: 'The simulator scan page the QR code leads to (HTML; WECHAT_PROVIDER=simulator only)',
          querystring: z.object({
            scene_mark: z.string().max(128).optional(),
            lang: z.enum(LANGUAGES).optional(),
          }),
        },
      },
      async (request, reply) => {
        const lang = request.query.lang ?? requestLanguage(request);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(renderScanPage(lang, request.query.scene_mark || undefined));
      },
    );

    app.post(
      authPaths.devWechatScan,
      {
        schema: {
          tags,
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
