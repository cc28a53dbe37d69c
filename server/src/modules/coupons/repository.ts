import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

const now = sql<Date>`now()`;

/**
 * The tenant's coupons of one tab. Each tab is one indexed range: coupons_unused_idx serves 0
 * and 2, coupons_used_idx serves 1.
 */
export async function findCoupons(
  db: Db,
  tenantId: number,
  status: 0 | 1 | 2,
  useType: number | undefined,
  systemType: number | undefined,
) {
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
    .where('main_id', '=', tenantId)
    .$if(useType !== undefined, (q) => q.where('use_type', '=', useType!))
    .$if(systemType !== undefined, (q) => q.where('system_type', '=', systemType!))
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
      'use_type_value',
      'discount_type',
      'discount_value',
      'min_basket_price',
      'expiration_time',
      'system_type',
      'used_at',
      'reserved_order_id',
      sql<boolean>`expiration_time <= now()`.as('expired'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Reserves a free, unused, unexpired coupon of the tenant for an order; false when it is not. */
export async function reserveCouponRow(db: Db, id: number, tenantId: number, orderId: number) {
  const row = await db
    .updateTable('coupons')
    .set({ reserved_order_id: orderId })
    .where('id', '=', id)
    .where('main_id', '=', tenantId)
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

export type NewCoupon = {
  tenantId: number;
  title: string;
  useType: number;
  useTypeValue: number | null;
  discountType: number;
  /** Decimal strings (yuan, or the rate for type 3): numeric(12, 2) takes them without a float. */
  discountValue: string;
  minBasketPrice: string;
  expirationTime: Date;
  systemType: number;
};

export async function insertCoupon(db: Db, coupon: NewCoupon): Promise<number> {
  const row = await db
    .insertInto('coupons')
    .values({
      main_id: coupon.tenantId,
      title: coupon.title,
      use_type: coupon.useType,
      use_type_value: coupon.useTypeValue,
      discount_type: coupon.discountType,
      discount_value: coupon.discountValue,
      min_basket_price: coupon.minBasketPrice,
      expiration_time: coupon.expirationTime,
      system_type: coupon.systemType,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A coupon's terms and owner, for the operator console to copy. */
export async function findCouponTerms(db: Db, id: number) {
  const row = await db
    .selectFrom('coupons')
    .select([
      'id',
      'main_id',
      'title',
      'use_type',
      'use_type_value',
      'discount_type',
      'discount_value',
      'min_basket_price',
      'expiration_time',
      'system_type',
      'used_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Every tenant's coupons for the operator console, newest first, optionally of one tenant and
 * one tab. The tenant's name is read from its main account (read-only join).
 */
export async function findCouponPage(
  db: Db,
  query: {
    page: number;
    pageSize: number;
    tenantId?: number | undefined;
    status?: 0 | 1 | 2 | undefined;
    couponId?: number | undefined;
  },
) {
  const filtered = db
    .selectFrom('coupons as c')
    .$if(query.couponId !== undefined, (q) => q.where('c.id', '=', query.couponId!))
    .$if(query.tenantId !== undefined, (q) => q.where('c.main_id', '=', query.tenantId!))
    .$if(query.status === 0, (q) => q.where('c.used_at', 'is', null).where('c.expiration_time', '>', now))
    .$if(query.status === 1, (q) => q.where('c.used_at', 'is not', null))
    .$if(query.status === 2, (q) => q.where('c.used_at', 'is', null).where('c.expiration_time', '<=', now));
  const { total } = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await filtered
    .innerJoin('users as u', 'u.id', 'c.main_id')
    .select((eb) => [
      'c.id',
      'c.main_id',
      eb.fn.coalesce('u.user_name', 'u.phone_number').as('tenant_name'),
      'c.title',
      'c.use_type',
      'c.use_type_value',
      'c.discount_type',
      'c.discount_value',
      'c.min_basket_price',
      'c.expiration_time',
      'c.system_type',
      'c.used_at',
      'c.created_at',
    ])
    .orderBy('c.id', 'desc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return { total: Number(total), rows };
}
