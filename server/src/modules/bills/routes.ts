import { billPaths, ZSoftwareBill, ZSoftwareBillQuery } from '@seller-centre/contract/bills';
import { envelope } from '@seller-centre/contract/envelope';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, accessContextOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { listSoftwareBill } from './service.ts';

const billRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    billPaths.software,
    {
      config: { access: access.permission(PERMISSIONS.bill.softwareFee) },
      schema: {
        tags: ['bills'],
        operationId: 'listSoftwareBill',
        summary: "The software bill: the tenant's orders with filters and paging (page 268)",
        body: ZSoftwareBillQuery,
        response: { 200: envelope(ZSoftwareBill) },
      },
    },
    async (request) => ok(await listSoftwareBill(app.db, accessContextOf(request), request.body)),
  );
};

export default billRoutes;
