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
import { createWechatProvider } from '../../providers/wechat/create-wechat-provider.ts';
import { bindAndSignIn, createQrCode, inquire } from './wechat-service.ts';

/** WeChat QR sign-in (spec 01 sections 4 and 7). */
const wechatLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  const wechat = createWechatProvider(app.config);
  const tags = ['sign-in'];

  app.get(
    authPaths.wechatQrCode,
    {
      schema: {
        tags,
        summary: 'A new single-use QR code (scene) for WeChat sign-in or binding',
        response: { 200: envelope(ZQrCode) },
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
        summary: 'Poll a QR code: signs in once a bound WeChat scanned it',
        querystring: ZQrInquiryQuery,
        response: { 200: envelope(ZQrInquiryResult) },
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
        summary: 'After an unbound scan: bind the WeChat to the account of phone + password, and sign in',
        body: ZQrBindingRequest,
        response: { 200: envelope(ZLoginResult) },
      },
    },
    async (request) =>
      ok(await bindAndSignIn({ db: app.db, config: app.config }, clientContext(request), request.body)),
  );
};

export default wechatLoginRoutes;
