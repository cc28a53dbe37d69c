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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../platform/client-ip.ts';
import { ok } from '../../platform/envelope.ts';
import { errors } from '../../platform/openapi.ts';
import { operatorOf } from '../../platform/operator-auth.ts';
import {
  listDistributors,
  listWithdrawalsForOps,
  reviewWithdrawal,
  updateDistributor,
  type OpsActor,
} from './service.ts';

function opsActorOf(request: FastifyRequest): OpsActor {
  const operator = operatorOf(request);
  return { operatorId: operator.operatorId, accountName: operator.accountName, ip: clientIp(request) };
}

/** The console's withdrawal queue and distributors (flag and commission rate). */
const opsDistributionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator console'];

  app.get(
    opsDistributionPaths.withdrawals,
    {
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
      schema: {
        tags,
        operationId: 'opsApproveWithdrawal',
        summary: 'Approve a pending withdrawal with the payment voucher and a remark: the held amount is paid out',
        params: ZOpsWithdrawalParams,
        body: ZOpsWithdrawalApprove,
        response: { 200: envelope(ZOpsWithdrawal), ...errors(404, 409) },
      },
    },
    async (request) =>
      ok(
        await reviewWithdrawal(app.db, opsActorOf(request), request.params.transaction_id, {
          approve: true,
          voucherUploadId: request.body.voucher_upload_id,
          remark: request.body.remark,
        }),
      ),
  );

  app.post(
    opsDistributionPaths.fail,
    {
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
        await reviewWithdrawal(app.db, opsActorOf(request), request.params.transaction_id, {
          approve: false,
          remark: request.body.remark,
        }),
      ),
  );

  app.get(
    opsDistributionPaths.distributors,
    {
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
      schema: {
        tags,
        operationId: 'opsUpdateDistributor',
        summary: "Set a tenant's distributor flag and commission rate (percent)",
        params: ZOpsTenantParams,
        body: ZOpsDistributorUpdate,
        response: { 200: envelope(ZOpsDistributor), ...errors(404) },
      },
    },
    async (request) => ok(await updateDistributor(app.db, opsActorOf(request), request.params.tenant_id, request.body)),
  );
};

export default opsDistributionRoutes;
