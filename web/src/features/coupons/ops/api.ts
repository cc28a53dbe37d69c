import type { TLanguage } from '@seller-centre/contract/i18n';
import { OPS_PAGE_SIZES, opsPaths, type TOpsCoupon, type TOpsCouponPage } from '@seller-centre/contract/ops';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { choiceFilter, textFilter, type ListState } from '../../../shared/list/list-state.ts';
import { OPS_QUERY_KEY, opsRequest } from '../../../shared/ops/ops-api.ts';
import type { CouponStatus } from '../api/coupons.ts';

/** Issued coupons in the URL: pages of 10, 20 or 50, one tenant (id) and one tab. */
export const OPS_COUPON_LIST = {
  pageSizes: OPS_PAGE_SIZES,
  filters: {
    tenant_id: textFilter({ maxLength: 15 }),
    status: choiceFilter<CouponStatus>([0, 1, 2]),
  },
};

export type OpsCouponListState = ListState<(typeof OPS_COUPON_LIST)['filters'], (typeof OPS_PAGE_SIZES)[number]>;

export const opsCouponKeys = {
  all: [...OPS_QUERY_KEY, 'coupons'] as const,
  list: (state: OpsCouponListState, language: TLanguage) => [...OPS_QUERY_KEY, 'coupons', language, state] as const,
};

export function opsCouponListQuery(state: OpsCouponListState, language: TLanguage) {
  const tenant = /^\d{1,15}$/.test(state.filters.tenant_id) ? Number(state.filters.tenant_id) : undefined;
  return queryOptions({
    queryKey: opsCouponKeys.list(state, language),
    queryFn: ({ signal }) =>
      opsRequest<TOpsCouponPage>('GET', opsPaths.coupons, {
        query: { page: state.page, page_size: state.limit, tenant_id: tenant, status: state.filters.status },
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

/** What the create form sends: the terms, and the tenant by id or by phone. */
export type CouponDraft = {
  tenant_id?: number;
  area?: string;
  phone_number?: string;
  title: string;
  use_type: 1 | 2 | 3;
  use_type_value?: number | null;
  discount_type: 1 | 2 | 3;
  discount_value: string;
  min_basket_price?: string;
  expiration_time: string;
  system_type: 1 | 2;
};

export function createCoupon(draft: CouponDraft) {
  return opsRequest<TOpsCoupon>('POST', opsPaths.coupons, { body: draft });
}

export function issueCouponCopy(
  id: number,
  body: { tenant_id?: number; area?: string; phone_number?: string; expiration_time?: string },
) {
  return opsRequest<TOpsCoupon>('POST', opsPaths.couponIssue.replace(':id', String(id)), { body });
}
