import type { TCoupon } from '@seller-centre/contract/coupons';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../platform/auth.ts';
import { findCoupons } from './repository.ts';

/** The tenant's coupons of one tab: not used (0), used (1) or expired (2), optionally of one use type. */
export async function listCoupons(
  db: Db,
  principal: Principal,
  query: { status: 0 | 1 | 2; use_type?: number | undefined },
): Promise<TCoupon[]> {
  const rows = await findCoupons(db, principal.mainId, query.status, query.use_type);
  return rows.map((r) => ({ ...r, expiration_time: r.expiration_time.toISOString() }));
}
