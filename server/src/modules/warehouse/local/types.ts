import type { WmsAnswer, WmsParams, WmsService } from '@seller-centre/contract/warehouse';
import type { Db } from '../../../db/client.ts';
import type { ExportDeps } from '../../../platform/exports/service.ts';
import type { OrderDeps } from '../../orders/service.ts';
import type { WarehouseContext } from '../../../providers/warehouse/provider.ts';

/** What a local handler gets besides its params: the database and who asks for which provider. */
export type LocalContext = WarehouseContext & LocalServices & { db: Db };

/** What local handlers use of other modules: the orders module (online top-ups), the export queue. */
export type LocalServices = { orders?: OrderDeps | undefined; exports?: ExportDeps | undefined };

export type LocalHandler<S extends WmsService> = (params: WmsParams<S>, ctx: LocalContext) => Promise<WmsAnswer<S>>;

/** A file's handlers: service name -> handler. */
export type LocalHandlers = { [S in WmsService]?: LocalHandler<S> };
