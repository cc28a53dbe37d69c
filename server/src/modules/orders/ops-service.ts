import type { TLanguage } from '@seller-centre/contract/i18n';
import type { TOrderDetail, TOrderListQuery, TOrderSummary } from '@seller-centre/contract/orders';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { fenToYuan } from '../../platform/fen.ts';
import { refundStateOf } from './refund-state.ts';
import { refundView } from './refunds.ts';
import { findHistory, findNotifications, findOrderByCode, findOrders, findRefunds } from './repository.ts';
import { orderTitle } from './titles.ts';

/**
 * What the operator console shows of orders and payments. These take no tenant: the caller is
 * an operator, checked by the operator scope before its routes call them.
 */

type OrderRow = Awaited<ReturnType<typeof findOrderByCode>> & object;

/** The title is said in the operator's language, from what the order bought, as the bills do. */
function summaryOf(row: OrderRow, lang: TLanguage): TOrderSummary {
  return {
    id: row.id,
    order_code: row.order_code,
    main_id: row.main_id,
    user_name: row.user_name,
    pay_type: row.pay_type,
    title: orderTitle(lang, row.item, row.title),
    original_price: fenToYuan(row.original_fen),
    discount: fenToYuan(row.discount_fen),
    amount: fenToYuan(row.amount_fen),
    coupon_id: row.coupon_id,
    provider: row.provider,
    state: row.state as TOrderSummary['state'],
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    paid_at: row.paid_at?.toISOString() ?? null,
    refunded: fenToYuan(row.refunded_fen),
    refund_state: refundStateOf(row.amount_fen, row.refunded_fen),
  };
}

/** Every tenant's orders, newest first, by order code, tenant or state. */
export async function listOrders(
  db: Db,
  query: TOrderListQuery,
  lang: TLanguage,
): Promise<{ data: TOrderSummary[]; total_count: number }> {
  const { rows, total } = await findOrders(db, {
    page: query.page,
    pageSize: query.page_size,
    orderCode: query.order_code,
    tenantId: query.main_id,
    state: query.state,
  });
  return { data: rows.map((row) => summaryOf(row, lang)), total_count: total };
}

/** One order with every notification received for it and its state changes; 404 when unknown. */
export async function orderDetail(db: Db, orderCode: string, lang: TLanguage): Promise<TOrderDetail> {
  const row = await findOrderByCode(db, orderCode);
  if (!row) throw AppError.notFound('orderNotFound');
  const [notifications, history, refunds] = await Promise.all([
    findNotifications(db, orderCode),
    findHistory(db, row.id),
    findRefunds(db, row.id),
  ]);
  return {
    ...summaryOf(row, lang),
    item: row.item,
    notifications: notifications.map((n) => ({
      id: n.id,
      provider: n.provider,
      trade_no: n.trade_no,
      verified: n.verified,
      outcome: n.outcome,
      reason: n.reason,
      raw: n.raw,
      received_at: n.received_at.toISOString(),
    })),
    history: history.map((h) => ({
      from_state: h.from_state,
      to_state: h.to_state,
      reason: h.reason,
      at: h.at.toISOString(),
    })),
    refunds: refunds.map(refundView),
  };
}
