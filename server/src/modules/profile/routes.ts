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
import { access } from '../../platform/access.ts';
import { principalOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { errors } from '../../platform/openapi.ts';
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

/**
 * The personal centre's profile card and the account's own settings (spec 01 section 7). Each
 * acts on the caller's own account, so a live session is all they need.
 */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
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
        summary: 'Poll with a QR scene: binds the scanning WeChat to this account once scanned',
        body: ZWechatBindRequest,
        response: { 200: envelope(ZWechatBindResult), ...errors(409) },
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
        summary: "The tenant's distribution switches (the spec's older base)",
        response: { 200: envelope(ZDistributionInfo) },
      },
    },
    async (request) => ok(await getDistributionInfo(db, principalOf(request))),
  );
};

export default profileRoutes;
