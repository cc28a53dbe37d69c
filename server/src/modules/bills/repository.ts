import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../platform/auth.ts';
import { ownDataVisibleTo } from '../../platform/data-authority.ts';
import { inEdge, type Edge } from '../../platform/kept-counts.ts';

/**
 * The pay types the bill lists: every one of orders_pay_type_check but the warehouse top-up's
 * (WAREHOUSE_TOP_UP_PAY_TYPE, 5): a warehouse account's top-up is the warehouse provider's money,
 * listed by the cloud-warehouse bill. The page, its count and the kept total all ask for these. A
 * new pay type goes here too (bills.api.test.ts compares this with the constraint).
 */
export const BILL_PAY_TYPES = [1, 2, 3, 4] as const;

export type SoftwareBillFilter = {
  orderCode?: string | undefined;
  packagePayType?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  states?: string[] | undefined;
  payType?: number | undefined;
};

/**
 * The tenant's orders as the software bill lists them, newest first. Every filter narrows the
 * one index range of the tenant (orders_main_created_idx); an employee sees the orders its data
 * authority over purchase data allows (all, or its own), decided in the same query.
 */
function billQuery(db: Db, principal: Principal, f: SoftwareBillFilter) {
  return (
    db
      .selectFrom('orders as o')
      .where('o.main_id', '=', principal.tenantId)
      .where('o.pay_type', 'in', [...BILL_PAY_TYPES])
      .$if(f.orderCode !== undefined, (q) => q.where('o.order_code', '=', f.orderCode!))
      .$if(f.packagePayType !== undefined, (q) => q.where('o.package_pay_type', '=', f.packagePayType!))
      .$if(f.from !== undefined, (q) => q.where('o.created_at', '>=', f.from!))
      .$if(f.to !== undefined, (q) => q.where('o.created_at', '<=', f.to!))
      .$if(f.states !== undefined, (q) => q.where('o.state', 'in', f.states!))
      .$if(f.payType !== undefined, (q) => q.where('o.pay_type', '=', f.payType!))
      .where((eb) => ownDataVisibleTo(eb, principal, 'purchase', 'o.user_id'))
  );
}

export async function findSoftwareBillPage(
  db: Db,
  principal: Principal,
  f: SoftwareBillFilter,
  page: { limit: number; offset: number },
) {
  return billQuery(db, principal, f)
    .select([
      'o.id',
      'o.refunded_fen',
      'o.order_code',
      'o.pay_type',
      'o.package_pay_type',
      'o.title',
      'o.item',
      'o.amount_fen',
      'o.discount_fen',
      'o.state',
      'o.user_name',
      'o.created_at',
    ])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** The rows that match, counted; with `edge`, of that slice of the time range instead of the filter's. */
export async function countSoftwareBill(db: Db, principal: Principal, f: SoftwareBillFilter, edge?: Edge) {
  const row = await billQuery(db, principal, edge ? { ...f, from: undefined, to: undefined } : f)
    .$if(edge !== undefined, (q) => q.where(inEdge('o.created_at', edge!)))
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The refunds of the page's orders, in one query (no query per row). */
export async function findRefundsOfOrders(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_refunds')
    .select(['order_id', 'amount_fen', 'state', 'created_at'])
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
}
