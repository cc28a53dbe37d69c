import type { Queryable } from '../../db/client.ts';

export type CouponRow = {
  id: string;
  title: string;
  use_type: number;
  use_type_value: number | null;
  discount_type: number;
  discount_value: string;
  min_basket_price: string;
  expiration_time: Date;
  system_type: number;
};

const COLUMNS = `id, title, use_type, use_type_value, discount_type, discount_value::text AS discount_value,
  min_basket_price::text AS min_basket_price, expiration_time, system_type`;

// Each tab is one indexed range: coupons_unused_idx serves 0 and 2, coupons_used_idx serves 1.
const TABS = {
  0: { where: 'used_at IS NULL AND expiration_time > now()', order: 'expiration_time, id' },
  1: { where: 'used_at IS NOT NULL', order: 'used_at DESC, id DESC' },
  2: { where: 'used_at IS NULL AND expiration_time <= now()', order: 'expiration_time DESC, id DESC' },
} as const;

export async function findCoupons(
  db: Queryable,
  mainId: number,
  status: 0 | 1 | 2,
  useType: number | undefined,
): Promise<CouponRow[]> {
  const tab = TABS[status];
  return db.query<CouponRow>(
    `SELECT ${COLUMNS} FROM coupons
      WHERE main_id = $1 AND ($2::smallint IS NULL OR use_type = $2) AND ${tab.where}
      ORDER BY ${tab.order} LIMIT 500`,
    [mainId, useType ?? null],
  );
}
