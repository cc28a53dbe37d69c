import { sql } from 'kysely';
import type { TOrderState } from '@seller-centre/contract/orders';
import { toJsonb, type Db } from '../../db/client.ts';

const now = sql<Date>`now()`;

export type NewOrder = {
  orderCode: string;
  tenantId: number;
  userId: number;
  userName: string;
  payType: number;
  packagePayType: number;
  title: string;
  item: unknown;
  originalFen: number;
  discountFen: number;
  amountFen: number;
  couponId: number | null;
  provider: string;
  expireSeconds: number;
};

export async function insertOrder(db: Db, order: NewOrder) {
  return db
    .insertInto('orders')
    .values({
      order_code: order.orderCode,
      main_id: order.tenantId,
      user_id: order.userId,
      user_name: order.userName,
      pay_type: order.payType,
      package_pay_type: order.packagePayType,
      title: order.title,
      item: toJsonb(order.item),
      original_fen: order.originalFen,
      discount_fen: order.discountFen,
      amount_fen: order.amountFen,
      coupon_id: order.couponId,
      provider: order.provider,
      expires_at: sql<Date>`now() + make_interval(secs => ${order.expireSeconds})`,
    })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
}

export async function setOrderQrcode(db: Db, id: number, qrcode: string) {
  await db.updateTable('orders').set({ qrcode }).where('id', '=', id).execute();
}

export async function insertHistory(db: Db, orderId: number, from: string | null, to: string, reason: string) {
  await db
    .insertInto('order_status_history')
    .values({ order_id: orderId, from_state: from, to_state: to, reason })
    .execute();
}

/** What polling needs: the tenant and the state, by the unique order code. */
export async function findOrderState(db: Db, orderCode: string) {
  return db.selectFrom('orders').select(['main_id', 'state']).where('order_code', '=', orderCode).executeTakeFirst();
}

export async function findOrderByCode(db: Db, orderCode: string) {
  return db.selectFrom('orders').selectAll().where('order_code', '=', orderCode).executeTakeFirst();
}

export async function lockOrder(db: Db, id: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

/** unpaid|expired|cancelled -> paid; undefined when it already was paid. */
export async function markPaid(db: Db, id: number, tradeNo: string) {
  return db
    .updateTable('orders')
    .set({ state: 'paid', paid_at: now, provider_trade_no: tradeNo, updated_at: now })
    .where('id', '=', id)
    .where('state', '<>', 'paid')
    .returning('id')
    .executeTakeFirst();
}

/** unpaid -> expired or cancelled; undefined when another instance or a payment got there first. */
export async function closeUnpaid(
  db: Db,
  id: number,
  to: Exclude<TOrderState, 'unpaid' | 'paid'>,
  onlyWhenDue: boolean,
) {
  return db
    .updateTable('orders')
    .set({ state: to, closed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'unpaid')
    .$if(onlyWhenDue, (q) => q.where('expires_at', '<=', now))
    .returning(['id', 'order_code', 'coupon_id'])
    .executeTakeFirst();
}

/** Unpaid orders past their time, oldest first (the expiry job's batch). */
export async function findDueOrders(db: Db, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_code', 'amount_fen', 'coupon_id'])
    .where('state', '=', 'unpaid')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

export type NotificationRecord = {
  provider: string;
  orderCode: string | null;
  tradeNo: string | null;
  idempotencyKey: string | null;
  verified: boolean;
  outcome: string;
  reason: string;
  raw: unknown;
};

/** Records a notification; with an idempotency key already recorded, nothing (undefined). */
export async function insertNotification(db: Db, n: NotificationRecord) {
  return db
    .insertInto('payment_notifications')
    .values({
      provider: n.provider,
      order_code: n.orderCode,
      trade_no: n.tradeNo,
      idempotency_key: n.idempotencyKey,
      verified: n.verified,
      outcome: n.outcome,
      reason: n.reason,
      raw: toJsonb(n.raw),
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function setNotificationOutcome(db: Db, id: number, outcome: string, reason: string) {
  await db.updateTable('payment_notifications').set({ outcome, reason }).where('id', '=', id).execute();
}

// ---- the operator console ----------------------------------------------------------------

export type OrderListFilter = {
  page: number;
  pageSize: number;
  orderCode?: string | undefined;
  tenantId?: number | undefined;
  state?: string | undefined;
};

function filteredOrders(db: Db, q: OrderListFilter) {
  return db
    .selectFrom('orders')
    .$if(q.orderCode !== undefined && q.orderCode !== '', (b) => b.where('order_code', '=', q.orderCode!))
    .$if(q.tenantId !== undefined, (b) => b.where('main_id', '=', q.tenantId!))
    .$if(q.state !== undefined, (b) => b.where('state', '=', q.state!));
}

/**
 * One page of every tenant's orders, newest first. Without a tenant it walks orders_created_idx
 * (created_at, id) from the newest, stopping after the page; a tenant's page walks
 * orders_main_created_idx.
 */
export function ordersPageQuery(db: Db, q: OrderListFilter) {
  return filteredOrders(db, q)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
}

export async function findOrders(db: Db, q: OrderListFilter) {
  const [rows, total] = await Promise.all([
    ordersPageQuery(db, q).execute(),
    filteredOrders(db, q)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function findNotifications(db: Db, orderCode: string) {
  return db.selectFrom('payment_notifications').selectAll().where('order_code', '=', orderCode).orderBy('id').execute();
}

export async function findHistory(db: Db, orderId: number) {
  return db.selectFrom('order_status_history').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

// ---- refunds ---------------------------------------------------------------------------------

/** Counts a refund against the order: refused (undefined) past what was paid in total. */
export async function addRefunded(db: Db, orderId: number, amountFen: number) {
  return db
    .updateTable('orders')
    .set({ refunded_fen: sql<number>`refunded_fen + ${amountFen}`, updated_at: now })
    .where('id', '=', orderId)
    .where('state', '=', 'paid')
    .where(sql<boolean>`refunded_fen + ${amountFen} <= amount_fen`)
    .returning('refunded_fen')
    .executeTakeFirst();
}

export async function findRefundByKey(db: Db, orderId: number, refundKey: string) {
  return db
    .selectFrom('order_refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('refund_key', '=', refundKey)
    .executeTakeFirst();
}

export async function insertRefund(
  db: Db,
  r: {
    orderId: number;
    orderCode: string;
    refundKey: string;
    refundNo: string;
    provider: string;
    amountFen: number;
    reason: string;
    operatorId: number | null;
  },
) {
  return db
    .insertInto('order_refunds')
    .values({
      order_id: r.orderId,
      order_code: r.orderCode,
      refund_key: r.refundKey,
      refund_no: r.refundNo,
      provider: r.provider,
      amount_fen: r.amountFen,
      reason: r.reason,
      operator_id: r.operatorId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** pending -> succeeded, once; undefined when another retry got there first. */
export async function markRefundSucceeded(db: Db, id: number) {
  return db
    .updateTable('order_refunds')
    .set({ state: 'succeeded', refunded_at: now, provider_message: '' })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export async function setRefundMessage(db: Db, id: number, message: string) {
  await db
    .updateTable('order_refunds')
    .set({ provider_message: message.slice(0, 500) })
    .where('id', '=', id)
    .execute();
}

export async function findRefunds(db: Db, orderId: number) {
  return db.selectFrom('order_refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** What we booked on a business day (UTC+08:00): payments by paid time, refunds by confirmation. */
export async function findBookedDay(db: Db, provider: string, date: string) {
  const from = new Date(`${date}T00:00:00+08:00`);
  const to = new Date(from.getTime() + 86_400_000);
  const [payments, refunds] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['order_code', 'provider_trade_no', 'amount_fen'])
      .where('provider', '=', provider)
      .where('paid_at', '>=', from)
      .where('paid_at', '<', to)
      .execute(),
    db
      .selectFrom('order_refunds')
      .select(['order_code', 'refund_no', 'amount_fen'])
      .where('provider', '=', provider)
      .where('refunded_at', '>=', from)
      .where('refunded_at', '<', to)
      .execute(),
  ]);
  return { payments, refunds };
}
