import { type TCoupon, couponPaths } from '@seller-centre/contract/coupons';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api-client.ts';
import { SESSION_QUERY_KEY } from '../../../shared/current-user.ts';

export type CouponStatus = 0 | 1 | 2;

/** One tab of coupons: 0 not used, 1 used, 2 expired (the whole list, no paging). */
export const couponsQuery = (status: CouponStatus) =>
  queryOptions({
    queryKey: [...SESSION_QUERY_KEY, 'coupons', status] as const,
    queryFn: ({ signal }) => apiRequest<TCoupon[]>('GET', couponPaths.coupon, { query: { status }, signal }),
  });
