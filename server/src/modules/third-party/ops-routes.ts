import { VALIDATION } from '@seller-centre/contract/validation';
import { envelope } from '@seller-centre/contract/envelope';
import { yuanToFen } from '@seller-centre/contract/money';
import {
  opsThirdPartyPaths,
  ZOpsThirdPartyEntry,
  ZOpsThirdPartyEntryRow,
  ZOpsThirdPartyQuery,
} from '@seller-centre/contract/third-party';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { errors } from '../../platform/openapi.ts';
import { operatorContextOf } from '../../platform/operator-auth.ts';
import { ZProposed } from '@seller-centre/contract/proposals';
import { fourEyesAnswer, proposeOrRun } from '../proposals/service.ts';
import { THIRD_PARTY_ENTRY } from './four-eyes.ts';
import { listOperatorEntries } from './service.ts';

/** Operators' third-party entries: manual receipt, overdraw, compensation, customer care. */
const opsThirdPartyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator console'];

  app.get(
    opsThirdPartyPaths.entries,
    {
      config: { operatorPermission: 'read' },
      schema: {
        tags,
        operationId: 'opsListThirdPartyEntries',
        summary: "Operators' third-party entries, newest first, of one tenant or all",
        querystring: ZOpsThirdPartyQuery,
        response: { 200: envelope(z.object({ total: z.number().int(), data: z.array(ZOpsThirdPartyEntryRow) })) },
      },
    },
    async (request) => ok(await listOperatorEntries(app.db, request.query)),
  );

  app.post(
    opsThirdPartyPaths.entries,
    {
      config: { operatorPermission: 'money' },
      schema: {
        tags,
        operationId: 'opsPostThirdPartyEntry',
        summary: "Post an entry to a tenant's third-party balance (overdraw refused below zero)",
        body: ZOpsThirdPartyEntry,
        response: {
          200: envelope(z.object({ transaction_id: z.string(), account_balance: z.string() })),
          202: envelope(ZProposed),
          ...errors(404, 409),
        },
      },
    },
    async (request, reply) => {
      const amountFen = yuanToFen(request.body.amount);
      if (amountFen <= 0) throw AppError.invalidField('amount', VALIDATION.aboveZero);
      const entry = {
        tenant_id: request.body.tenant_id,
        transaction_type: request.body.transaction_type,
        amountFen,
        remark: request.body.transaction_remark,
        entryKey: request.body.entry_key,
      };
      return fourEyesAnswer(
        reply,
        await proposeOrRun(app, operatorContextOf(request), THIRD_PARTY_ENTRY, entry),
      );
    },
  );
};

export default opsThirdPartyRoutes;
