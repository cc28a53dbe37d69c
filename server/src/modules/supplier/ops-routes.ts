import { envelope } from '@seller-centre/contract/envelope';
import {
  opsSupplierPaths,
  ZOpsSupplierPage,
  ZOpsSupplierQuery,
  ZOpsSupplierReject,
  ZOpsTenantParams,
  ZSupplierInfo,
} from '@seller-centre/contract/supplier';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { errors } from '../../platform/openapi.ts';
import { operatorContextOf } from '../../platform/operator-auth.ts';
import { listSupplierApplications, reviewSupplierApplication } from './service.ts';

/** The console's queue of supplier applications: approve (the tenant becomes a distributor) or reject. */
const opsSupplierRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator console'];

  app.get(
    opsSupplierPaths.applications,
    {
      config: { operatorPermission: 'read' },
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
      config: { operatorPermission: 'partners' },
      schema: {
        tags,
        operationId: 'opsApproveSupplier',
        summary: 'Approve a submitted application: the tenant becomes a distributor',
        params: ZOpsTenantParams,
        response: { 200: envelope(ZSupplierInfo), ...errors(404, 409) },
      },
    },
    async (request) =>
      ok(await reviewSupplierApplication(app.db, operatorContextOf(request), request.params.tenant_id, { approve: true })),
  );

  app.post(
    opsSupplierPaths.reject,
    {
      config: { operatorPermission: 'partners' },
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
        await reviewSupplierApplication(app.db, operatorContextOf(request), request.params.tenant_id, {
          approve: false,
          reason: request.body.reason,
        }),
      ),
  );
};

export default opsSupplierRoutes;
