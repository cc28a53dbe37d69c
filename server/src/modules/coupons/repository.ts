import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

const now = sql<Date>`now()`;

/**
 * The tenant's coupons of one tab. Each tab is one indexed range: coupons_unused_idx serves 0
 * and 2, coupons_used_idx serves 1.
 */
export async function findCoupons(db: Db, mainId: number, status: 0 | 1 | 2, useType: number | undefined) {
  return db
    .selectFrom('coupons')
    .select([
      'id',
      'title',
      'use_type',
      'use_type_value',
      'discount_type',
      'discount_value',
      'min_basket_price',
      'expiration_time',
      'system_type',
    ])
    .where('main_id', '=', mainId)
    .$if(useType !== undefined, (q) => q.where('use_type', '=', useType!))
    .$if(status === 0, (q) =>
      q.where('used_at', 'is', null).where('expiration_time', '>', now).orderBy('expiration_time').orderBy('id'),
    )
    .$if(status === 1, (q) => q.where('used_at', 'is not', null).orderBy('used_at', 'desc').orderBy('id', 'desc'))
    .$if(status === 2, (q) =>
      q
        .where('used_at', 'is', null)
        .where('expiration_time', '<=', now)
        .orderBy('expiration_time', 'desc')
        .orderBy('id', 'desc'),
    )
    .limit(500)
    .execute();
}

/** One coupon with what an order checks (owner, tab, use, reservation). */
export async function findCouponById(db: Db, id: number) {
  return db
    .selectFrom('coupons')
    .select([
      'id',
      'main_id',
      'use_type',
      'discount_type',
      'discount_value',
      'min_basket_price',
      'expiration_time',
      'used_at',
      'reserved_order_id',
      sql<boolean>`expiration_time <= now()`.as('expired'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Reserves a free, unused, unexpired coupon of the tenant for an order; false when it is not. */
export async function reserveCouponRow(db: Db, id: number, mainId: number, orderId: number) {
  const row = await db
    .updateTable('coupons')
    .set({ reserved_order_id: orderId })
    .where('id', '=', id)
    .where('main_id', '=', mainId)
    .where('used_at', 'is', null)
    .where('expiration_time', '>', now)
    .where('reserved_order_id', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function releaseCouponRow(db: Db, id: number, orderId: number) {
  const row = await db
    .updateTable('coupons')
    .set({ reserved_order_id: null })
    .where('id', '=', id)
    .where('reserved_order_id', '=', orderId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the coupon used by the order that holds it (or, paid late, by an order whose hold lapsed while it is free). */
export async function useCouponRow(db: Db, id: number, orderId: number) {
  const row = await db
    .updateTable('coupons')
    .set({ used_at: now, used_order_id: orderId, reserved_order_id: null })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where((eb) => eb.or([eb('reserved_order_id', '=', orderId), eb('reserved_order_id', 'is', null)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
