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
