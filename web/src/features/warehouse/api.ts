import type { TLanguage } from '@seller-centre/contract/i18n';
import {
  BILL_BUSINESS_TYPES,
  FUND_DIRECTION_IDS,
  warehousePaths,
  WMS_PAGE_SIZES,
  type TFeeBillRow,
  type TFeeFlowRow,
  type TRentRow,
  type TWmsProvider,
  type WmsAnswer,
  type WmsParamsInput,
  type WmsService,
} from '@seller-centre/contract/warehouse';
import { referenceDataPaths, type TPlatform } from '@seller-centre/contract/reference-data';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import i18next from 'i18next';
import { ApiError, apiRequest } from '../../shared/api-client.ts';
import { dayRangeInstants, lastDays } from '../../shared/list/date-ranges.ts';
import { choiceFilter, dateRangeFilter, listFilter, textFilter, type ListState } from '../../shared/list/list-state.ts';
import type { ServerPage } from '../../shared/list/use-server-list.ts';
import { notify } from '../../shared/notify.ts';

/**
 * The cloud warehouse bill (docs/product.md): every call goes through the one generic
 * warehouse-service endpoint with the provider's wws_id. Lists default to the last 7 days
 * (00:00:00 to 23:59:59) and 20 rows, with sizes 10, 20, 30 (section 9).
 */

export const WAREHOUSE_QUERY_ROOT = ['warehouse'] as const;

/** One warehouse-service call; `silent` leaves the message to the caller. */
export function wmsCall<S extends WmsService>(
  service: S,
  wwsId: number,
  params: WmsParamsInput<S>,
  options: { signal?: AbortSignal; silent?: boolean } = {},
): Promise<WmsAnswer<S>> {
  return apiRequest<WmsAnswer<S>>('POST', warehousePaths.wmsUnit, {
    body: { service, wws_id: wwsId, params },
    signal: options.signal,
    silent: options.silent ?? true,
  });
}

function reportFailure(error: unknown): never {
  if (error instanceof ApiError && error.kind !== 'unauthorized') {
    notify.error(i18next.t('warehouse.loadFailed', { reason: error.msg }));
  }
  throw error;
}

/** The tenant's platforms (the platform call), which the fee flow's platform filter offers. */
export const platformsQuery = () =>
  queryOptions({
    queryKey: [...WAREHOUSE_QUERY_ROOT, 'platforms'] as const,
    queryFn: ({ signal }) =>
      apiRequest<TPlatform[]>('GET', referenceDataPaths.platforms, { query: { site: 0 }, signal, silent: true }),
    staleTime: 60_000,
  });

export const providersQuery = () =>
  queryOptions({
    queryKey: [...WAREHOUSE_QUERY_ROOT, 'providers'] as const,
    queryFn: ({ signal }) => apiRequest<TWmsProvider[]>('GET', warehousePaths.serverList, { signal }),
    staleTime: 60_000,
  });

/** A reference call of one provider (balance, currencies, fee types, warehouses). */
export function wmsQuery<S extends WmsService>(
  service: S,
  wwsId: number,
  params: WmsParamsInput<S>,
  language: TLanguage,
) {
  return queryOptions({
    queryKey: [...WAREHOUSE_QUERY_ROOT, service, wwsId, language, params] as const,
    queryFn: ({ signal }) => wmsCall(service, wwsId, params, { signal }).catch(reportFailure),
    staleTime: service === 'getBalance' ? 0 : 60_000,
  });
}

const last7Days = () => lastDays(7);

export const FLOW_LIST = {
  pageSizes: WMS_PAGE_SIZES,
  defaultPageSize: 20 as const,
  prefix: 'flow.',
  filters: {
    ft_code: textFilter({ maxLength: 64 }),
    platform: listFilter(),
    cbl_type: choiceFilter(FUND_DIRECTION_IDS),
    search_type: choiceFilter([1, 2, 3, 4, 5] as const, 1),
    search_code: textFilter({ maxLength: 128 }),
    added: dateRangeFilter(last7Days),
  },
};
export const BILL_LIST = {
  pageSizes: WMS_PAGE_SIZES,
  defaultPageSize: 20 as const,
  prefix: 'bill.',
  filters: {
    ds_code: choiceFilter(BILL_BUSINESS_TYPES),
    bi_status: choiceFilter([2, 3] as const),
    ft_code: textFilter({ maxLength: 64 }),
    warehouse_id: textFilter({ maxLength: 20 }),
    search_type: choiceFilter([1, 2, 3] as const, 1),
    search_code: textFilter({ maxLength: 128 }),
    charged: dateRangeFilter(last7Days),
  },
};
export const RENT_LIST = {
  pageSizes: WMS_PAGE_SIZES,
  defaultPageSize: 20 as const,
  prefix: 'rent.',
  filters: {
    warehouseId: textFilter({ maxLength: 20 }),
    type: choiceFilter([1, 2, 3] as const),
    typeValueFrom: textFilter({ maxLength: 16 }),
    typeValueTo: textFilter({ maxLength: 16 }),
    codeLike: textFilter({ maxLength: 128 }),
    settled: dateRangeFilter(last7Days),
  },
};
type Size = (typeof WMS_PAGE_SIZES)[number];
export type FlowState = ListState<(typeof FLOW_LIST)['filters'], Size>;
export type BillState = ListState<(typeof BILL_LIST)['filters'], Size>;
export type RentState = ListState<(typeof RENT_LIST)['filters'], Size>;

const listOptions = { placeholderData: keepPreviousData, staleTime: 0, refetchOnMount: 'always' as const };

export function flowParams(state: FlowState) {
  const { filters } = state;
  const range = dayRangeInstants(filters.added);
  return {
    ft_code: filters.ft_code || undefined,
    platform: filters.platform,
    cbl_type: filters.cbl_type,
    search_type: filters.search_code ? filters.search_type : undefined,
    search_code: filters.search_code || undefined,
    addDateFrom: range?.start,
    addDateEnd: range?.end,
  };
}

export function flowQuery(wwsId: number, state: FlowState, language: TLanguage) {
  return queryOptions({
    queryKey: [...WAREHOUSE_QUERY_ROOT, 'flow', wwsId, language, state] as const,
    queryFn: async ({ signal }): Promise<ServerPage<TFeeFlowRow>> =>
      wmsCall(
        'getCostWaterAndOrder',
        wwsId,
        { page: state.page, pageSize: state.limit, ...flowParams(state) },
        { signal },
      ).catch(reportFailure),
    ...listOptions,
  });
}

export function billParams(state: BillState) {
  const { filters } = state;
  const range = dayRangeInstants(filters.charged);
  return {
    ds_code: filters.ds_code,
    bi_status: filters.bi_status,
    ft_code: filters.ft_code || undefined,
    warehouse_id: filters.warehouse_id || undefined,
    search_type: filters.search_code ? filters.search_type : undefined,
    search_code: filters.search_code || undefined,
    dateFor: range?.start,
    dateTo: range?.end,
  };
}

export function billQuery(wwsId: number, state: BillState, language: TLanguage) {
  return queryOptions({
    queryKey: [...WAREHOUSE_QUERY_ROOT, 'bill', wwsId, language, state] as const,
    queryFn: async ({ signal }): Promise<ServerPage<TFeeBillRow>> =>
      wmsCall(
        'getCostBillAndOrder',
        wwsId,
        { page: state.page, pageSize: state.limit, ...billParams(state) },
        { signal },
      ).catch(reportFailure),
    ...listOptions,
  });
}

export function rentParams(state: RentState) {
  const { filters } = state;
  const range = dayRangeInstants(filters.settled);
  return {
    warehouseId: filters.warehouseId || undefined,
    type: filters.type,
    typeValueFrom: filters.type ? filters.typeValueFrom || undefined : undefined,
    typeValueTo: filters.type ? filters.typeValueTo || undefined : undefined,
    codeLike: filters.codeLike || undefined,
    dateFor: range?.start,
    dateTo: range?.end,
  };
}

export function rentQuery(wwsId: number, state: RentState, language: TLanguage) {
  return queryOptions({
    queryKey: [...WAREHOUSE_QUERY_ROOT, 'rent', wwsId, language, state] as const,
    queryFn: async ({ signal }): Promise<ServerPage<TRentRow>> =>
      wmsCall(
        'getStorageCosts',
        wwsId,
        { page: state.page, pageSize: state.limit, ...rentParams(state) },
        { signal },
      ).catch(reportFailure),
    ...listOptions,
  });
}

// ---- exports (asyncExport and getExportResults)

export type ExportFileType = 'csv' | 'xlsx';

/** Queues an export of a list with the filters it shows (the server answers the task id). */
export function startExport(
  wwsId: number,
  params:
    | ({ exportType: 1 } & ReturnType<typeof flowParams>)
    | ({ exportType: 2 } & ReturnType<typeof billParams>)
    | ({ exportType: 3 } & ReturnType<typeof rentParams>),
  fileType: ExportFileType,
) {
  return wmsCall('asyncExport', wwsId, { ...params, fileType } as WmsParamsInput<'asyncExport'>, { silent: false });
}

/** The export list: 10 a page with no size choice (docs/product.md). */
export const EXPORT_PAGE_SIZE = 10;

/** How many exports the viewer has at this provider (the count on the export list button). */
export function exportCountQuery(wwsId: number, language: TLanguage) {
  return queryOptions({
    queryKey: [...WAREHOUSE_QUERY_ROOT, 'exports', wwsId, language, 'count'] as const,
    queryFn: ({ signal }) =>
      wmsCall('getExportResults', wwsId, { page: 1, pageSize: EXPORT_PAGE_SIZE }, { signal }).then((list) => list.total),
    staleTime: 0,
  });
}

export function exportResultsQuery(wwsId: number, page: number, language: TLanguage) {
  return queryOptions({
    queryKey: [...WAREHOUSE_QUERY_ROOT, 'exports', wwsId, language, page] as const,
    queryFn: ({ signal }) =>
      wmsCall('getExportResults', wwsId, { page, pageSize: EXPORT_PAGE_SIZE }, { signal }).catch(reportFailure),
    staleTime: 0,
  });
}
