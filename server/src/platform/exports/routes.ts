import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../openapi.ts';
import { DOWNLOAD_PATH, openDownload, verifyDownloadLink } from './service.ts';

const verified = new WeakMap<object, Awaited<ReturnType<typeof verifyDownloadLink>>>();

/** `filename*` (RFC 6266/5987) for any name, and a plain ASCII fallback for old clients. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The download of a finished export. Public in the sense that it needs no token: the signed,
 * expiring link is the authorization, and only the tenant's own export list hands it out (a
 * browser download cannot carry the Authorization header).
 */
const exportDownloadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    DOWNLOAD_PATH,
    {
      schema: {
        tags: ['exports'],
        operationId: 'downloadExport',
        summary: 'The file of a finished export, by the signed link its list gave (expires)',
        params: z.object({ task_id: z.coerce.number().int().positive() }),
        querystring: z.object({
          expires: z.coerce.number().int().positive(),
          signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'invalidSignature'),
        }),
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: { 200: z.any().describe('The file'), ...errors(403, 404) },
      },
      // The link is checked before the query is validated: a caller without a valid link gets
      // 403, never a 400 describing the link's parts.
      onRequest: async (request) => {
        const params = request.params as Record<string, unknown>;
        const query = request.query as Record<string, unknown>;
        const task = await verifyDownloadLink(app.exports, {
          taskId: params.task_id,
          expires: query.expires,
          signature: query.signature,
        });
        verified.set(request, task);
      },
    },
    async (request, reply) => {
      const file = await openDownload(app.exports, verified.get(request)!);
      return reply
        .type(file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
};

export default exportDownloadRoutes;
