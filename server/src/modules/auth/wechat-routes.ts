import {
  authPaths,
  ZLoginResult,
  ZQrBindingRequest,
  ZQrCode,
  ZQrInquiryQuery,
  ZQrInquiryResult,
} from '@seller-centre/contract/auth';
import { envelope } from '@seller-centre/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientContext, publicOrigin } from '../../platform/client-ip.ts';
import { ok } from '../../platform/envelope.ts';
import { errors } from '../../platform/openapi.ts';
import { bindAndSignIn, createQrCode, inquire } from './wechat-service.ts';

/** WeChat QR sign-in (docs/product.md). */
const wechatLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  const { wechat } = app.providers;
  const tags = ['sign-in'];

  app.get(
    authPaths.wechatQrCode,
    {
      schema: {
        tags,
        operationId: 'createWechatQrCode',
        summary: 'A new single-use QR code (scene) for WeChat sign-in or binding',
        response: { 200: envelope(ZQrCode), ...errors(429, 503) },
      },
    },
    async (request) =>
      ok(
        await createQrCode(
          { db: app.db, config: app.config, wechat, log: request.log },
          clientContext(request),
          publicOrigin(request, app.config),
        ),
      ),
  );

  app.get(
    authPaths.wechatInquiry,
    {
      schema: {
        tags,
        operationId: 'inquireWechatQrCode',
        summary: 'Poll a QR code: signs in once a bound WeChat scanned it',
        querystring: ZQrInquiryQuery,
        response: { 200: envelope(ZQrInquiryResult), ...errors(403) },
      },
    },
    async (request) => {
      const { scene_mark, long_time, system } = request.query;
      return ok(
        await inquire({ db: app.db }, clientContext(request), scene_mark, { longTime: long_time === 1, system }),
      );
    },
  );

  app.put(
    authPaths.wechatBinding,
    {
      schema: {
        tags,
        operationId: 'bindWechatAndSignIn',
        summary: 'After an unbound scan: bind the WeChat to the account of phone + password, and sign in',
        body: ZQrBindingRequest,
        response: { 200: envelope(ZLoginResult), ...errors(403, 409, 429) },
      },
    },
    async (request) =>
      ok(await bindAndSignIn({ db: app.db, config: app.config }, clientContext(request), request.body)),
  );
};

export default wechatLoginRoutes;
