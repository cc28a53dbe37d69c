import {
  authPaths,
  ZFindPasswordRequest,
  ZFindPasswordResult,
  ZLoginAccountRequest,
  ZLoginMobileRequest,
  ZLoginResult,
  ZLoginSmsRequest,
  ZLogoutResult,
  ZRegisterRequest,
  ZRegisterResult,
  ZSendSmsQuery,
  ZSendSmsResult,
} from '@seller-centre/contract/auth';
import { envelope } from '@seller-centre/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tokenFromRequest } from '../../platform/auth.ts';
import { clientContext } from '../../platform/client-ip.ts';
import { ok } from '../../platform/envelope.ts';
import { errors } from '../../platform/openapi.ts';
import { logout, register, resetPassword, signInWithPassword, signInWithSmsCode } from './service.ts';
import { sendSmsCode } from './sms-service.ts';

/** Sign-in, registration, password reset and the SMS codes they use (docs/api.md). */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config };
  const { sms } = app.providers;
  const tags = ['sign-in'];

  app.get(
    authPaths.sms,
    {
      schema: {
        tags,
        operationId: 'sendSmsCode',
        summary: 'Send a one-time SMS code (register:, find_pwd: or login:)',
        description:
          'Codes have 6 digits, live 5 minutes, are single use and burned after 5 wrong tries. One send per 60 s per phone and type, 10 per phone per day, a per-IP hourly cap (429 with Retry-After).',
        querystring: ZSendSmsQuery,
        response: { 200: envelope(ZSendSmsResult), ...errors(403, 409, 429, 503) },
      },
    },
    async (request) => ok(await sendSmsCode({ ...deps, sms, log: request.log }, clientContext(request), request.query)),
  );

  app.post(
    authPaths.register,
    {
      schema: {
        tags,
        operationId: 'registerMainAccount',
        summary: 'Register a main account with an SMS code (and optionally an invite code)',
        body: ZRegisterRequest,
        response: { 200: envelope(ZRegisterResult), ...errors(409) },
      },
    },
    async (request) => ok(await register(deps, request.body)),
  );

  app.post(
    authPaths.findPassword,
    {
      schema: {
        tags,
        operationId: 'resetPassword',
        summary: 'Set a new password with an SMS code; signs the account out everywhere',
        body: ZFindPasswordRequest,
        response: { 200: envelope(ZFindPasswordResult), ...errors(429, 503) },
      },
    },
    async (request) => ok(await resetPassword(deps, clientContext(request), request.body)),
  );

  app.post(
    authPaths.loginAccount,
    {
      schema: {
        tags,
        operationId: 'signInWithAccountName',
        summary: 'Sign in with user name and password',
        body: ZLoginAccountRequest,
        response: { 200: envelope(ZLoginResult), ...errors(403, 429, 503) },
      },
    },
    async (request) => {
      const { account_name, password, long_time, system } = request.body;
      return ok(
        await signInWithPassword(
          deps,
          clientContext(request),
          { kind: 'account', accountName: account_name },
          password,
          { longTime: long_time === 1, system },
        ),
      );
    },
  );

  app.post(
    authPaths.loginMobile,
    {
      schema: {
        tags,
        operationId: 'signInWithMobile',
        summary: 'Sign in with mobile number and password',
        body: ZLoginMobileRequest,
        response: { 200: envelope(ZLoginResult), ...errors(403, 429, 503) },
      },
    },
    async (request) => {
      const { area, phone_number, password, long_time, system } = request.body;
      return ok(
        await signInWithPassword(
          deps,
          clientContext(request),
          { kind: 'mobile', area, phoneNumber: phone_number },
          password,
          { longTime: long_time === 1, system },
        ),
      );
    },
  );

  app.post(
    authPaths.loginSms,
    {
      schema: {
        tags,
        operationId: 'signInWithSmsCode',
        summary: 'Sign in with mobile number and SMS code (main accounts only)',
        body: ZLoginSmsRequest,
        response: { 200: envelope(ZLoginResult), ...errors(403) },
      },
    },
    async (request) => {
      const { area, phone_number, sms_code, long_time, system } = request.body;
      return ok(
        await signInWithSmsCode(
          deps,
          clientContext(request),
          { area, phoneNumber: phone_number, smsCode: sms_code },
          { longTime: long_time === 1, system },
        ),
      );
    },
  );

  app.post(
    authPaths.logout,
    {
      schema: {
        tags,
        operationId: 'signOut',
        summary: 'Revoke the token of this request (answers 200 even if it was no longer valid)',
        description: 'Public, so that signing out never fails: the token in `Authorization`, if any, is revoked.',
        // The token is optional here: a public route may say so itself.
        security: [{ sellerToken: [] }, {}],
        response: { 200: envelope(ZLogoutResult) },
      },
    },
    async (request) => ok(await logout(deps, tokenFromRequest(request))),
  );
};

export default authRoutes;
