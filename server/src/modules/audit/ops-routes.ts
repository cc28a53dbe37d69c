import { envelope } from '@seller-centre/contract/envelope';
import {
  tenantOpsPaths,
  ZOperatorAuditFilter,
  ZOperatorAuditPage,
  ZOperatorAuditQuery,
} from '@seller-centre/contract/tenant-ops';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { operatorAuditCsv, listOperatorAudit } from './ops-service.ts';

/** A streamed CSV download, named with the Beijing time it was made (as the distribution exports). */
function sendCsv(reply: FastifyReply, stream: Readable) {
  const stamp = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19).replace(/\D/g, '');
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="operator-audit-${stamp}.csv"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

/** The operator audit log in the console: what operators did, filtered, paged or as a CSV file. */
const opsAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator console'];

  app.get(
    tenantOpsPaths.auditLog,
    {
      config: { operatorPermission: 'read' },
      schema: {
        tags,
        operationId: 'opsListOperatorAudit',
        summary: 'The operator audit log, newest first, by operator name, tenant, action prefix and time',
        querystring: ZOperatorAuditQuery,
        response: { 200: envelope(ZOperatorAuditPage) },
      },
    },
    async (request) => ok(await listOperatorAudit(app.db, request.query)),
  );

  app.get(
    tenantOpsPaths.auditLogExport,
    {
      config: { operatorPermission: 'read' },
      schema: {
        tags,
        operationId: 'opsExportOperatorAudit',
        summary: 'The operator audit log of the filter as a CSV file, newest first',
        querystring: ZOperatorAuditFilter,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV with a UTF-8 byte-order mark, streamed') },
      },
    },
    async (request, reply) => sendCsv(reply, Readable.from(operatorAuditCsv(app.db, request.query))),
  );
};

export default opsAuditRoutes;
