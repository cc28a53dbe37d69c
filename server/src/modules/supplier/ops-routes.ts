import { envelope } from '@seller-centre/contract/envelope';
import {
  opsSupplierPaths,
  ZOpsSupplierPage,
  ZOpsSupplierQuery,
  ZOpsSupplierReject,
  ZOpsTenantParams,
  ZSupplierInfo,
} from '@seller-centre/contract/supplier';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../platform/client-ip.ts';
import { ok } from '../../platform/envelope.ts';
import { errors } from '../../platform/openapi.ts';
import { operatorOf } from '../../platform/operator-auth.ts';
import { listSupplierApplications, reviewSupplierApplication, type OpsActor } from './service.ts';

export function opsActorOf(request: FastifyRequest): OpsActor {
  const operator = operatorOf(request);
  return { operatorId: operator.operatorId, accountName: operator.accountName, ip: clientIp(request) };
}

/** The console's queue of supplier applications: approve (the tenant becomes a distributor) or reject. */
const opsSupplierRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator console'];

  app.get(
    opsSupplierPaths.applications,
    {
      schema: {
        tags,
        operationId: 'opsListSupplierApplications',
        summary: 'Supplier applications, newest first, optionally of one status',
        querystring: ZOpsSupplierQuery,
        response: { 200: envelope(ZOpsSupplierPage) },
      },
    },
    async (request) => ok(await listSupplierApplications(app.db, request.query)),
  );

  app.post(
    opsSupplierPaths.approve,
    {
      schema: {
        tags,
        operationId: 'opsApproveSupplier',
        summary: 'Approve a submitted application: the tenant becomes a distributor',
        params: ZOpsTenantParams,
        response: { 200: envelope(ZSupplierInfo), ...errors(404, 409) },
      },
    },
    async (request) =>
      ok(await reviewSupplierApplication(app.db, opsActorOf(request), request.params.tenant_id, { approve: true })),
  );

  app.post(
    opsSupplierPaths.reject,
    {
      schema: {
        tags,
        operationId: 'opsRejectSupplier',
        summary: 'Reject a submitted application with a reason the seller reads',
        params: ZOpsTenantParams,
        body: ZOpsSupplierReject,
        response: { 200: envelope(ZSupplierInfo), ...errors(404, 409) },
      },
    },
    async (request) =>
      ok(
        await reviewSupplierApplication(app.db, opsActorOf(request), request.params.tenant_id, {
          approve: false,
          reason: request.body.reason,
        }),
      ),
  );
};

export default opsSupplierRoutes;
