import type { WmsAnswer, WmsParams, WmsService } from '@seller-centre/contract/warehouse';
import type { Principal } from '../../platform/auth.ts';

/**
 * A warehouse provider adapter: runs one warehouse-service operation of the cloud bill (docs/product.md
 * section 7.2) for one tenant against one provider. Params arrive validated by the contract
 * (money in fen); the answer must match the service's answer schema (money in yuan strings),
 * which the caller checks again before it leaves the server.
 *
 * Two kinds, chosen per provider row by its `adapter` column:
 * - `local`: this product's own warehouse-account engine on the ledger (modules/warehouse/local);
 * - `eccang`: the ECCANG OMS web service (SOAP callService), with the provider's credentials
 *   from its settings.
 */
export const WAREHOUSE_ADAPTERS = ['local', 'eccang'] as const;
export type WarehouseAdapterKind = (typeof WAREHOUSE_ADAPTERS)[number];

/** A provider as the adapters see it: its row, with its settings (credentials, currencies). */
export type ProviderRow = {
  /** The provider (shared by every tenant linked to it). */
  id: number;
  /** The tenant's link to it: what the browser sends as wws_id. */
  wwsId: number;
  name: string;
  adapter: WarehouseAdapterKind;
  /** Per-provider settings: currencies and rates, bank accounts, payment methods, ECCANG credentials. */
  settings: WarehouseSettings;
};

export type WarehouseSettings = {
  /** Currencies offered by getCurrency besides the basic one; rate = CNY per unit. */
  currencies?: { currency_code: string; currency_name: string; currency_name_en: string; currency_rate: string }[];
  /** Receiving accounts for offline top-ups. */
  bankAccounts?: {
    ba_id: number;
    pm_code: string;
    ba_bankname: string;
    ba_code: string;
    ba_username: string;
    currency_code: string;
  }[];
  paymentMethods?: { pm_code: string; pm_title: string }[];
  /** The account info getAccount answers for the local adapter. */
  account?: {
    company_code?: string;
    company_name?: string;
    firstname?: string;
    lastname?: string;
    email?: string;
    telephone?: string;
    fax?: string;
  };
  /** ECCANG: the web service address and credentials. */
  eccang?: { endpoint: string; appToken: string; appKey: string };
};

export type WarehouseContext = {
  /** The tenant (its main account's id). */
  tenantId: number;
  provider: ProviderRow;
  /** The caller's language (zh, kr, th) for titles in answers. */
  language: string;
  /** Who is calling (data authority narrows warehouse rows); null for system calls. */
  principal: Principal | null;
  /** The address users reach this product at, for services that make a payment (its cashier page lives there). */
  publicUrl?: string | undefined;
};

export interface WarehouseProvider {
  call<S extends WmsService>(service: S, params: WmsParams<S>, ctx: WarehouseContext): Promise<WmsAnswer<S>>;
}

/**
 * The adapter of a provider row. `local` is the product's own engine (built by the warehouse
 * module, which owns its tables); the remote kinds come from the providers plugin.
 */
export function createWarehouseRegistry(adapters: Record<WarehouseAdapterKind, WarehouseProvider>) {
  return {
    adapterFor(provider: Pick<ProviderRow, 'adapter'>): WarehouseProvider {
      const adapter = adapters[provider.adapter];
      if (!adapter) throw new TypeError(`warehouse: unknown adapter ${String(provider.adapter)}`);
      return adapter;
    },
  };
}
export type WarehouseRegistry = ReturnType<typeof createWarehouseRegistry>;
