import { envelope } from '@seller-centre/contract/envelope';
import { ZInviteCode, ZInviteLog, ZInviteStatistics, invitationPaths } from '@seller-centre/contract/invitations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.ts';
import { principalOf } from '../../platform/auth.ts';
import { publicOrigin } from '../../platform/client-ip.ts';
import { ok } from '../../platform/envelope.ts';
import { getInviteCode, getInviteLog, getInviteStatistics } from './service.ts';

const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { config: { access: access.signedIn() } };
  const tags = ['personal centre'];

  app.get(
    invitationPaths.inviteLog,
    {
      ...common,
      schema: {
        tags,
        operationId: 'getInviteLog',
        summary: "The tenant's invitations, newest first (at most 200)",
        response: { 200: envelope(ZInviteLog) },
      },
    },
    async (request) => ok(await getInviteLog(app.db, principalOf(request))),
  );

  app.get(
    invitationPaths.inviteCode,
    {
      ...common,
      schema: {
        tags,
        operationId: 'getInviteCode',
        summary: "The tenant's invite code and register link",
        response: { 200: envelope(ZInviteCode) },
      },
    },
    async (request) => ok(await getInviteCode(app.db, principalOf(request), publicOrigin(request, app.config))),
  );

  app.get(
    invitationPaths.inviteStatistics,
    {
      ...common,
      schema: {
        tags,
        operationId: 'getInviteStatistics',
        summary: 'Share info: invitations made and days given for them',
        response: { 200: envelope(ZInviteStatistics) },
      },
    },
    async (request) => ok(await getInviteStatistics(app.db, principalOf(request))),
  );
};

export default invitationRoutes;
