import { auditPaths, ZAuditLog, ZAuditLogQuery } from '@seller-centre/contract/audit';
import { envelope } from '@seller-centre/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { access, accessContextOf } from '../../platform/access.ts';
import { findAuditLog } from './service.ts';

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    auditPaths.log,
    {
      config: { access: access.mainAccount() },
      schema: {
        tags: ['access'],
        operationId: 'getAuditLog',
        summary: 'Audit log of role, permission, employee and data-authority changes (main account only)',
        querystring: ZAuditLogQuery,
        response: { 200: envelope(ZAuditLog) },
      },
    },
    async (request) => ok(await findAuditLog(app.db, accessContextOf(request), request.query)),
  );
};

export default auditRoutes;
