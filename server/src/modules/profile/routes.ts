import { envelope } from '@seller-centre/contract/envelope';
import {
  ZAccountRequest,
  ZChangePasswordRequest,
  ZCompanyRequest,
  ZDistributionInfo,
  ZRegChatResult,
  ZUserInfo,
  ZWechatBindRequest,
  ZWechatBindResult,
  profilePaths,
} from '@seller-centre/contract/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { bindToSignedInAccount } from '../auth/wechat-service.ts';
import {
  changeCompanyName,
  changePassword,
  changeUserName,
  getDistributionInfo,
  getUserInfo,
  registerCustomerChat,
  unbindWechat,
} from './service.ts';

/** The personal centre's profile card and the account's own settings (spec 01 section 7). */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['personal centre'];
  const security = [{ token: [] }];
  const common = { preHandler: app.authenticate };

  app.get(
    profilePaths.baseInfo,
    { ...common, schema: { tags, security, summary: 'The signed-in user', response: { 200: envelope(ZUserInfo) } } },
    async (request) => ok(await getUserInfo(db, principalOf(request))),
  );

  app.put(
    profilePaths.company,
    {
      ...common,
      schema: {
        tags,
        security,
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
        security,
        summary: 'Set a new password; every other session of the account is signed out',
        body: ZChangePasswordRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => ok(await changePassword(db, principalOf(request), request.body.password)),
  );

  app.put(
    profilePaths.account,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Set or change the user name (letters and digits, unique); answers the user info',
        body: ZAccountRequest,
        response: { 200: envelope(ZUserInfo) },
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
        security,
        summary: 'Poll with a QR scene: binds the scanning WeChat to this account once scanned',
        body: ZWechatBindRequest,
        response: { 200: envelope(ZWechatBindResult) },
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
        security,
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
        security,
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
        security,
        summary: "The tenant's distribution switches (the spec's older base)",
        response: { 200: envelope(ZDistributionInfo) },
      },
    },
    async (request) => ok(await getDistributionInfo(db, principalOf(request))),
  );
};

export default profileRoutes;
