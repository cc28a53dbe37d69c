import { envelope } from '@seller-centre/contract/envelope';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import {
  quotaPaths,
  ZDeductionList,
  ZDeductionListRequest,
  ZQuotaBalances,
  ZQuotaSpendRequest,
  ZQuotaSpendResult,
} from '@seller-centre/contract/quota';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, accessContextOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { errors } from '../../platform/openapi.ts';
import { listDeductions, listQuotaBalances, spendQuotaFor } from './service.ts';

const tags = ['quota'];

const quotaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    quotaPaths.logList,
    {
      config: { access: access.permission(PERMISSIONS.bill.softwareDeduction) },
      schema: {
        tags,
        operationId: 'getDeductionBill',
        summary: 'Deduction bill: quota spent, newest first (page 269; data authority over employees applies)',
        body: ZDeductionListRequest,
        response: { 200: envelope(ZDeductionList) },
      },
    },
    async (request) => ok(await listDeductions(app.db, accessContextOf(request), request.body)),
  );

  app.post(
    quotaPaths.spend,
    {
      // The suite's systems spend a tenant's quota with the token of the user they work for, so
      // the deduction is the tenant's and carries that user's name; any account of the tenant
      // may spend (see docs/api.md).
      config: { access: access.signedIn() },
      schema: {
        tags,
        operationId: 'spendQuota',
        summary: "Spend the caller's tenant's quota once per key (409 when short)",
        body: ZQuotaSpendRequest,
        response: { 200: envelope(ZQuotaSpendResult), ...errors(409) },
      },
    },
    async (request) => ok(await spendQuotaFor(app.db, accessContextOf(request), request.body)),
  );

  app.get(
    quotaPaths.balances,
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        operationId: 'getQuotaBalances',
        summary: "What is left of each quota type of the caller's tenant",
        response: { 200: envelope(ZQuotaBalances) },
      },
    },
    async (request) => ok(await listQuotaBalances(app.db, accessContextOf(request))),
  );
};

export default quotaRoutes;
