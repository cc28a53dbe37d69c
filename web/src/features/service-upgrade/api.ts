import {
  cataloguePaths,
  type TPlanPlatform,
  type TPriceInfo,
  type TPriceQuery,
  type TRechargeCategory,
  type TSystemMenu,
} from '@seller-centre/contract/catalogue';
import { couponPaths, type TCoupon } from '@seller-centre/contract/coupons';
import type { TLanguage } from '@seller-centre/contract/i18n';
import {
  orderPaths,
  type TCheckOrderStateAnswer,
  type TGenerateOrderAnswer,
  type TGenerateOrderRequest,
} from '@seller-centre/contract/orders';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, LONG_TIMEOUT_MS } from '../../shared/api-client.ts';
import { COUPONS_QUERY_ROOT, SYSTEM_MENU_QUERY_ROOT } from '../../shared/query-keys.ts';

/**
 * Service upgrade's calls (docs/api.md): the catalogue, the price of a choice, the
 * tenant's plans, the coupons that fit, and the order with its state. The server decides every
 * price; the browser only shows the yuan strings it is given.
 */

export type OrderRequest = Omit<TGenerateOrderRequest, 'coupon_id' | 'replaces_order_code'>;
/** Coupon use_type: 1 plans, 2 value-added, 3 top-ups (the order's pay_type, 4 counting as 2). */
export type CouponUseType = 1 | 2 | 3;
export type { TPlanPlatform, TRechargeCategory };

const ROOT = ['service-upgrade'] as const;

/** Plan platforms with their shop-count and cycle choices (names in the caller's language). */
export const platformsQuery = (language: TLanguage) =>
  queryOptions({
    queryKey: [...ROOT, 'platforms', language] as const,
    queryFn: ({ signal }) => apiRequest<TPlanPlatform[]>('GET', cataloguePaths.platforms, { signal }),
    staleTime: 5 * 60_000,
  });

export const priceQuery = (choice: TPriceQuery | undefined, language: TLanguage) =>
  queryOptions({
    // Under the tenant's plans: the answer forecasts the plan after paying, so it is the tenant's and
    // goes stale when the plan changes.
    queryKey: [...SYSTEM_MENU_QUERY_ROOT, 'price', language, choice] as const,
    queryFn: ({ signal }) => apiRequest<TPriceInfo>('GET', cataloguePaths.price, { query: choice, signal }),
    enabled: choice !== undefined,
    staleTime: 60_000,
  });

export const rechargeCategoriesQuery = (language: TLanguage) =>
  queryOptions({
    queryKey: [...ROOT, 'recharge', language] as const,
    queryFn: ({ signal }) => apiRequest<TRechargeCategory[]>('GET', cataloguePaths.levels, { signal }),
    staleTime: 5 * 60_000,
  });

export const warehousePackagesQuery = queryOptions({
  queryKey: [...ROOT, 'warehouse'] as const,
  queryFn: ({ signal }) =>
    apiRequest<{ id: number; amount: string }[]>('GET', cataloguePaths.warehousePayAmount, { signal }),
  staleTime: 5 * 60_000,
});

/** The tenant's plans with their end and days remaining; a payment refreshes it. */
export const systemMenuQuery = queryOptions({
  queryKey: [...SYSTEM_MENU_QUERY_ROOT] as const,
  queryFn: ({ signal }) => apiRequest<TSystemMenu>('GET', cataloguePaths.systemMenu, { signal }),
});

/**
 * The unused coupons of one use type and system (a selection coupon is never offered for an ERP
 * purchase, nor the reverse); the server checks the one an order names again.
 */
export const availableCouponsQuery = (useType: CouponUseType, systemType: number) =>
  queryOptions({
    queryKey: [...COUPONS_QUERY_ROOT, 0, 'use-type', useType, 'system', systemType] as const,
    queryFn: ({ signal }) =>
      apiRequest<TCoupon[]>('GET', couponPaths.coupon, {
        query: { status: 0, use_type: useType, system_type: systemType },
        signal,
      }),
  });

/** A new order: the server prices it and answers the QR code's content and the order code. */
export function generateOrder(body: TGenerateOrderRequest): Promise<TGenerateOrderAnswer> {
  return apiRequest('POST', orderPaths.generate, { body, timeoutMs: LONG_TIMEOUT_MS });
}

/** One poll. Silent: a failed check is shown on the code itself, with a retry. */
export async function checkOrderPaid(payType: number, orderCode: string, signal: AbortSignal): Promise<boolean> {
  const answer = await apiRequest<TCheckOrderStateAnswer>('POST', orderPaths.checkState, {
    body: { pay_type: payType, order_code: orderCode },
    signal,
    silent: true,
  });
  return answer.pay_state === true;
}
