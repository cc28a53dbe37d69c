import type { WmsService } from '@seller-centre/contract/warehouse';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { WarehouseProvider } from '../../../providers/warehouse/provider.ts';
import { accountHandlers } from './account.ts';
import { exportHandlers } from './exports.ts';
import { feeHandlers } from './fee-lists.ts';
import { creditLineHandlers } from '../credit-line-service.ts';
import { paymentNoteHandlers } from '../payment-note-service.ts';
import { topUpHandlers } from '../top-up-service.ts';
import { summaryHandlers } from './summary.ts';
import type { LocalHandler, LocalHandlers, LocalServices } from './types.ts';

/**
 * The local adapter: this product's own warehouse-account engine. One handler per service,
 * grouped by file; a service without a handler yet answers "not offered" (a 400) instead of
 * pretending. Add a file's handlers to the list below: the lists' and the account's live here, the
 * tenant's side of credit lines, payment notes and online top-ups beside their rules in the
 * module's *-service.ts files.
 */
export const LOCAL_HANDLERS: LocalHandlers = {
  ...accountHandlers,
  ...feeHandlers,
  ...exportHandlers,
  ...summaryHandlers,
  ...topUpHandlers,
  ...paymentNoteHandlers,
  ...creditLineHandlers,
};

export function createLocalWarehouseProvider(
  db: Db,
  handlers: LocalHandlers = LOCAL_HANDLERS,
  services: LocalServices = {},
): WarehouseProvider {
  return {
    async call(service, params, ctx) {
      const handler = handlers[service] as LocalHandler<typeof service> | undefined;
      if (!handler) throw AppError.badRequest('warehouseServiceNotOffered');
      return handler(params, { ...ctx, ...services, db });
    },
  };
}

export type { WmsService };
