import type { WmsService } from '@seller-centre/contract/warehouse';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { WarehouseProvider } from '../../../providers/warehouse/provider.ts';
import { accountHandlers } from './account.ts';
import { exportHandlers } from './exports.ts';
import { feeHandlers } from './fees.ts';
import { creditLineHandlers } from './credit-lines.ts';
import { paymentNoteHandlers } from './payment-notes.ts';
import { rechargeHandlers } from './recharge.ts';
import { summaryHandlers } from './summary.ts';
import type { LocalHandler, LocalHandlers, LocalServices } from './types.ts';

/**
 * The local adapter: this product's own warehouse-account engine. One handler per service,
 * grouped by file; a service without a handler yet answers "not offered" (a 400) instead of
 * pretending. Add a file's handlers to the list below.
 */
export const LOCAL_HANDLERS: LocalHandlers = {
  ...accountHandlers,
  ...feeHandlers,
  ...exportHandlers,
  ...summaryHandlers,
  ...rechargeHandlers,
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
