import { envelope } from '@seller-centre/contract/envelope';
import {
  opsWarehousePaths,
  ZOpsCreditApplication,
  ZOpsCreditDecision,
  ZOpsCreditPage,
  ZOpsCreditParams,
  ZOpsCreditQuery,
  ZOpsPaymentNote,
  ZOpsPaymentNoteDecision,
  ZOpsPaymentNotePage,
  ZOpsPaymentNoteParams,
  ZOpsPaymentNoteQuery,
} from '@seller-centre/contract/warehouse-ops';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { errors } from '../../platform/openapi.ts';
import { operatorContextOf } from '../../platform/operator-auth.ts';
import { ZProposed } from '@seller-centre/contract/proposals';
import { fourEyesAnswer, proposeOrRun } from '../proposals/service.ts';
import { listApplicationsForOperator } from './credit-line-service.ts';
import { WAREHOUSE_CREDIT_LINE, WAREHOUSE_PAYMENT_NOTE } from './four-eyes.ts';
import { listNotesForOperator, noteForOperator } from './payment-note-service.ts';

/**
 * The cloud warehouse bill's queues in the operator console: offline top-ups (payment notes,
 * with their proof images) and credit-line applications. The warehouse module owns the rows;
 * every decision is audited in its transaction.
 */
const opsWarehouseMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator console'];

  app.get(
    opsWarehousePaths.paymentNotes,
    {
      config: { operatorPermission: 'read' },
      schema: {
        tags,
        operationId: 'opsListPaymentNotes',
        summary: 'Offline top-ups: open notes oldest first (status absent), every note (-1) or one status',
        querystring: ZOpsPaymentNoteQuery,
        response: { 200: envelope(ZOpsPaymentNotePage) },
      },
    },
    async (request) => ok(await listNotesForOperator(app.db, request.query)),
  );

  app.get(
    opsWarehousePaths.paymentNote,
    {
      config: { operatorPermission: 'read' },
      schema: {
        tags,
        operationId: 'opsGetPaymentNote',
        summary: 'One payment note with its proof image links',
        params: ZOpsPaymentNoteParams,
        response: { 200: envelope(ZOpsPaymentNote), ...errors(404) },
      },
    },
    async (request) => ok(await noteForOperator(app.db, request.params.pn_id)),
  );

  app.post(
    opsWarehousePaths.paymentNoteDecision,
    {
      config: { operatorPermission: 'money' },
      schema: {
        tags,
        operationId: 'opsDecidePaymentNote',
        summary: 'Confirm (1→2), review (2→3), reject (1/2/3→4, with pn_desc) or complete (2/3→5: credits the account once)',
        params: ZOpsPaymentNoteParams,
        body: ZOpsPaymentNoteDecision,
        response: { 200: envelope(ZOpsPaymentNote), 202: envelope(ZProposed), ...errors(404, 409) },
      },
    },
    async (request, reply) => {
      const input = { id: request.params.pn_id, decision: request.body };
      return fourEyesAnswer(
        reply,
        await proposeOrRun(app, operatorContextOf(request), WAREHOUSE_PAYMENT_NOTE, input),
      );
    },
  );

  app.get(
    opsWarehousePaths.creditApplications,
    {
      config: { operatorPermission: 'read' },
      schema: {
        tags,
        operationId: 'opsListCreditApplications',
        summary: 'Credit-line applications: under review oldest first (status absent), all (1) or one status',
        querystring: ZOpsCreditQuery,
        response: { 200: envelope(ZOpsCreditPage) },
      },
    },
    async (request) => ok(await listApplicationsForOperator(app.db, request.query)),
  );

  app.post(
    opsWarehousePaths.creditDecision,
    {
      config: { operatorPermission: 'money' },
      schema: {
        tags,
        operationId: 'opsDecideCreditApplication',
        summary: 'Approve (2→3: the line takes effect, the floor moves) or reject (2→5)',
        params: ZOpsCreditParams,
        body: ZOpsCreditDecision,
        response: { 200: envelope(ZOpsCreditApplication), 202: envelope(ZProposed), ...errors(404, 409) },
      },
    },
    async (request, reply) => {
      const input = { aclCode: request.params.acl_code, decision: request.body };
      return fourEyesAnswer(
        reply,
        await proposeOrRun(app, operatorContextOf(request), WAREHOUSE_CREDIT_LINE, input),
      );
    },
  );
};

export default opsWarehouseMoneyRoutes;
