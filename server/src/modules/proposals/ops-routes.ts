import { envelope } from '@seller-centre/contract/envelope';
import {
  opsProposalPaths,
  ZProposal,
  ZProposalPage,
  ZProposalParams,
  ZProposalQuery,
  ZProposalReject,
} from '@seller-centre/contract/proposals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { errors } from '../../platform/openapi.ts';
import { operatorContextOf } from '../../platform/operator-auth.ts';
import { approveProposal, listProposals, rejectProposal } from './service.ts';

/** The console's queue of money moves waiting for a second operator. */
const opsProposalRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator console'];

  app.get(
    opsProposalPaths.list,
    {
      config: { operatorPermission: 'read' },
      schema: {
        tags,
        operationId: 'opsListProposals',
        summary: 'Money moves kept for a second operator, newest first, optionally of one status',
        querystring: ZProposalQuery,
        response: { 200: envelope(ZProposalPage) },
      },
    },
    async (request) => ok(await listProposals(app.db, request.query)),
  );

  app.post(
    opsProposalPaths.approve,
    {
      config: { operatorPermission: 'money' },
      schema: {
        tags,
        operationId: 'opsApproveProposal',
        summary:
          "Approve another operator's proposal: its money move runs now, as yours (403 for your own; 409 once decided or expired, or when the move is refused)",
        params: ZProposalParams,
        response: { 200: envelope(ZProposal), ...errors(403, 404, 409) },
      },
    },
    async (request) => ok(await approveProposal(app, operatorContextOf(request), request.params.id)),
  );

  app.post(
    opsProposalPaths.reject,
    {
      config: { operatorPermission: 'money' },
      schema: {
        tags,
        operationId: 'opsRejectProposal',
        summary: "Reject another operator's proposal with a reason: nothing moves",
        params: ZProposalParams,
        body: ZProposalReject,
        response: { 200: envelope(ZProposal), ...errors(403, 404, 409) },
      },
    },
    async (request) => ok(await rejectProposal(app.db, operatorContextOf(request), request.params.id, request.body.reason)),
  );
};

export default opsProposalRoutes;
