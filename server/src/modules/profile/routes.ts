import { envelope } from '@seller-centre/contract/envelope';
import {
  ZAccountRequest,
  ZChangePasswordRequest,
  ZCompanyRequest,
  ZDistributionInfo,
  ZRegChatResult,
  ZUserInfo,
  ZWechatBindQrRequest,
  ZWechatBindRequest,
  ZWechatBindResult,
  profilePaths,
} from '@seller-centre/contract/profile';
import { ZQrCode, ZSendSmsResult } from '@seller-centre/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/access.ts';
import { principalOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { errors } from '../../platform/openapi.ts';
import { clientContext, publicOrigin } from '../../platform/client-ip.ts';
import { sendReauthCode } from '../auth/reauth-service.ts';
import { bindToSignedInAccount, createBindQrCode } from '../auth/wechat-service.ts';
import {
  changeCompanyName,
  changePassword,
  changeUserName,
  getDistributionInfo,
  getUserInfo,
  registerCustomerChat,
  unbindWechat,
} from './service.ts';

/**
 * The personal centre's profile card and the account's own settings (docs/api.md). Each
 * acts on the caller's own account, so a live session is all they need.
 */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const deps = { db, config: app.config };
  const { sms, wechat } = app.providers;
  const tags = ['personal centre'];
  const common = { config: { access: access.signedIn() } };

  app.get(
    profilePaths.baseInfo,
    {
      ...common,
      schema: {
        tags,
        operationId: 'getUserInfo',
        summary: 'The signed-in user',
        response: { 200: envelope(ZUserInfo) },
      },
    },
    async (request) => ok(await getUserInfo(db, principalOf(request))),
  );

  app.put(
    profilePaths.company,
    {
      config: { access: access.mainAccount('companyMainOnly') },
      schema: {
        tags,
        operationId: 'changeCompanyName',
        summary: "Change the tenant's company name (main account only); answers the user info",
        body: ZCompanyRequest,
        response: { 200: envelope(ZUserInfo) },
      },
    },
    async (request) => ok(await changeCompanyName(db, principalOf(request), request.body.company_name)),
  );

  app.put(
    profilePaths.password,
    {
      ...common,
      schema: {
        tags,
        operationId: 'changeOwnPassword',
        summary: 'Set a new password; every other session of the account is signed out',
        description:
          'Needs re-authentication: current_password, or for an account without one (has_password false) sms_code from POST ' +
          `${profilePaths.reauthSms}. A missing or wrong proof answers 400; wrong passwords count towards the sign-in lock (429).`,
        body: ZChangePasswordRequest,
        response: { 200: envelope(z.null()), ...errors(429) },
      },
    },
    async (request) => ok(await changePassword(deps, clientContext(request), principalOf(request), request.body)),
  );

  app.post(
    profilePaths.reauthSms,
    {
      ...common,
      schema: {
        tags,
        operationId: 'sendReauthSmsCode',
        summary: "Send a re-authentication code to the account's own phone (accounts without a password)",
        description:
          'The code proves the owner before changing the password or binding a WeChat. An account with a password answers 400 (it gives the password instead). Limited like every SMS code (429).',
        response: { 200: envelope(ZSendSmsResult), ...errors(429, 503) },
      },
    },
    async (request) =>
      ok(await sendReauthCode({ ...deps, sms, log: request.log }, clientContext(request), principalOf(request))),
  );

  app.post(
    profilePaths.wechatBindQrCode,
    {
      ...common,
      schema: {
        tags,
        operationId: 'createWechatBindQrCode',
        summary: 'A QR code for binding a WeChat to this account, after re-authentication',
        description:
          'Takes the same proof as the password change. Only this account can bind with the scene it answers (PUT ' +
          `${profilePaths.wechatBind}); the scene signs nobody in.`,
        body: ZWechatBindQrRequest,
        response: { 200: envelope(ZQrCode), ...errors(429, 503) },
      },
    },
    async (request) =>
      ok(
        await createBindQrCode(
          { ...deps, wechat, log: request.log },
          clientContext(request),
          publicOrigin(request, app.config),
          principalOf(request),
          request.body,
        ),
      ),
  );

  app.put(
    profilePaths.account,
    {
      ...common,
      schema: {
        tags,
        operationId: 'changeUserName',
        summary: 'Set or change the user name (letters and digits, unique); answers the user info',
        body: ZAccountRequest,
        response: { 200: envelope(ZUserInfo), ...errors(409) },
      },
    },
    async (request) => ok(await changeUserName(db, principalOf(request), request.body.user_name)),
  );

  app.put(
    profilePaths.wechatBind,
    {
      ...common,
      schema: {
        tags,
        operationId: 'bindWechat',
        summary: 'Poll with a bind QR scene: binds the scanning WeChat to this account once scanned',
        description: `The scene must come from POST ${profilePaths.wechatBindQrCode} by this account (403 otherwise).`,
        body: ZWechatBindRequest,
        response: { 200: envelope(ZWechatBindResult), ...errors(403, 409) },
      },
    },
    async (request) => ok(await bindToSignedInAccount({ db }, principalOf(request), request.body.scene_mark)),
  );

  app.put(
    profilePaths.wechatUnbind,
    {
      ...common,
      schema: {
        tags,
        operationId: 'unbindWechat',
        summary: "Remove the account's WeChat; answers the user info",
        response: { 200: envelope(ZUserInfo) },
      },
    },
    async (request) => ok(await unbindWechat(db, principalOf(request))),
  );

  app.post(
    profilePaths.regChat,
    {
      ...common,
      schema: {
        tags,
        operationId: 'registerCustomerChat',
        summary: 'Opt the account into customer-service chat (co_chat_status 1); idempotent',
        response: { 200: envelope(ZRegChatResult) },
      },
    },
    async (request) => ok(await registerCustomerChat(db, principalOf(request))),
  );

  app.get(
    profilePaths.distributionInfo,
    {
      ...common,
      schema: {
        tags: ['personal centre', 'legacy'],
        operationId: 'getDistributionInfo',
        summary: "The tenant's distribution switches (the contract's older base)",
        response: { 200: envelope(ZDistributionInfo) },
      },
    },
    async (request) => ok(await getDistributionInfo(db, principalOf(request))),
  );
};

export default profileRoutes;
