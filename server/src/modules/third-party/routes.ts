import { envelope } from '@seller-centre/contract/envelope';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import {
  thirdPartyPaths,
  ZAddExportTaskRequest,
  ZExportList,
  ZExportListRequest,
  ZThirdPartyList,
  ZThirdPartyListRequest,
} from '@seller-centre/contract/third-party';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, accessContextOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { translate } from '../../platform/i18n.ts';
import { addThirdPartyExport, listThirdPartyBill, listThirdPartyExports } from './service.ts';

const tags = ['third-party bill'];

/**
 * The third-party bill and its exports: a tab of My bill that is never disabled (it has no page
 * id), so whoever may open My bill (service 262) reads it, narrowed to the shops it may see.
 */
const thirdPartyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    thirdPartyPaths.list,
    {
      config: { access: access.permission(PERMISSIONS.bill.module) },
      schema: {
        tags,
        operationId: 'listThirdPartyBill',
        summary: 'Third-party bill: the balance and its movements, newest first, each with the balance after it',
        body: ZThirdPartyListRequest,
        response: { 200: envelope(ZThirdPartyList) },
      },
    },
    async (request) => ok(await listThirdPartyBill(app.db, accessContextOf(request), request.body)),
  );

  app.post(
    thirdPartyPaths.addExportTask,
    {
      config: { access: access.permission(PERMISSIONS.bill.module) },
      schema: {
        tags,
        operationId: 'addThirdPartyExport',
        summary: 'Queue an export of the third-party bill with these filters (module 3); see export/list',
        body: ZAddExportTaskRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const ctx = accessContextOf(request);
      const { module: _module, file_type, ...filters } = request.body;
      await addThirdPartyExport(app.exports, ctx, filters, file_type);
      return ok(null, translate(ctx.lang, 'exportSubmitted'));
    },
  );

  app.post(
    thirdPartyPaths.exportList,
    {
      config: { access: access.permission(PERMISSIONS.bill.module) },
      schema: {
        tags,
        operationId: 'listThirdPartyExports',
        summary: "The tenant's third-party bill exports (type 3), newest first, with a short-lived link when done",
        body: ZExportListRequest,
        response: { 200: envelope(ZExportList) },
      },
    },
    async (request) => ok(await listThirdPartyExports(app.exports, accessContextOf(request), request.body)),
  );
};

export default thirdPartyRoutes;
