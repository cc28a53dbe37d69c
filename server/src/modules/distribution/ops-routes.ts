import {
  opsDistributionPaths,
  ZOpsDistributor,
  ZOpsDistributorPage,
  ZOpsDistributorQuery,
  ZOpsDistributorUpdate,
  ZOpsWithdrawal,
  ZOpsWithdrawalApprove,
  ZOpsWithdrawalFail,
  ZOpsWithdrawalPage,
  ZOpsWithdrawalParams,
  ZOpsWithdrawalQuery,
} from '@seller-centre/contract/distribution';
import { envelope } from '@seller-centre/contract/envelope';
import { ZOpsTenantParams } from '@seller-centre/contract/supplier';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { errors } from '../../platform/openapi.ts';
import { operatorContextOf } from '../../platform/operator-auth.ts';
import {
  listDistributors,
  listWithdrawalsForOps,
  reviewWithdrawal,
  updateDistributor,
} from './ops-service.ts';
import { ZProposed } from '@seller-centre/contract/proposals';
import { fourEyesAnswer, proposeOrRun } from '../proposals/service.ts';
import { WITHDRAWAL_APPROVAL } from './four-eyes.ts';

/** The console's withdrawal queue and distributors (flag and commission rate). */
const opsDistributionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator console'];

  app.get(
    opsDistributionPaths.withdrawals,
    {
      config: { operatorPermission: 'read' },
      schema: {
        tags,
        operationId: 'opsListWithdrawals',
        summary: 'Withdrawals of one status (default pending, oldest first; 4 all)',
        querystring: ZOpsWithdrawalQuery,
        response: { 200: envelope(ZOpsWithdrawalPage) },
      },
    },
    async (request) => ok(await listWithdrawalsForOps(app.db, request.query)),
  );

  app.post(
    opsDistributionPaths.approve,
    {
      config: { operatorPermission: 'money' },
      schema: {
        tags,
        operationId: 'opsApproveWithdrawal',
        summary: 'Approve a pending withdrawal with the payment voucher and a remark: the held amount is paid out',
        params: ZOpsWithdrawalParams,
        body: ZOpsWithdrawalApprove,
        response: { 200: envelope(ZOpsWithdrawal), 202: envelope(ZProposed), ...errors(404, 409) },
      },
    },
    async (request, reply) => {
      const approval = {
        transactionId: request.params.transaction_id,
        voucherUploadId: request.body.voucher_upload_id,
        remark: request.body.remark,
      };
      return fourEyesAnswer(
        reply,
        await proposeOrRun(app, operatorContextOf(request), WITHDRAWAL_APPROVAL, approval),
      );
    },
  );

  app.post(
    opsDistributionPaths.fail,
    {
      config: { operatorPermission: 'money' },
      schema: {
        tags,
        operationId: 'opsFailWithdrawal',
        summary: 'Fail a pending withdrawal with a remark: the held amount is available again',
        params: ZOpsWithdrawalParams,
        body: ZOpsWithdrawalFail,
        response: { 200: envelope(ZOpsWithdrawal), ...errors(404, 409) },
      },
    },
    async (request) =>
      ok(
        await reviewWithdrawal(app.db, operatorContextOf(request), request.params.transaction_id, {
          approve: false,
          remark: request.body.remark,
        }),
      ),
  );

  app.get(
    opsDistributionPaths.distributors,
    {
      config: { operatorPermission: 'read' },
      schema: {
        tags,
        operationId: 'opsListDistributors',
        summary: 'Distributors with their commission rate and available balance',
        querystring: ZOpsDistributorQuery,
        response: { 200: envelope(ZOpsDistributorPage) },
      },
    },
    async (request) => ok(await listDistributors(app.db, request.query)),
  );

  app.put(
    opsDistributionPaths.distributor,
    {
      config: { operatorPermission: 'partners' },
      schema: {
        tags,
        operationId: 'opsUpdateDistributor',
        summary: "Set a tenant's distributor flag and commission rate (percent)",
        params: ZOpsTenantParams,
        body: ZOpsDistributorUpdate,
        response: { 200: envelope(ZOpsDistributor), ...errors(404) },
      },
    },
    async (request) => ok(await updateDistributor(app.db, operatorContextOf(request), request.params.tenant_id, request.body)),
  );
};

export default opsDistributionRoutes;
