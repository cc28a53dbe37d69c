import { randomBytes } from 'node:crypto';
import type { TGenerateOrderAnswer, TGenerateOrderRequest, TOrderState } from '@seller-centre/contract/orders';
import { transaction, type Db } from '../../db/client.ts';
import { publishAfterCommit } from '../../platform/change-feed/plugin.ts';
import { AppError } from '../../platform/errors.ts';
import { fenToYuan } from '../../platform/fen.ts';
import { countPaymentNotification } from '../../platform/metrics.ts';
import type { AccessContext } from '../../platform/permissions.ts';
import type { NotificationFields, PaymentProvider } from '../../providers/payments/provider.ts';
import { PaymentUnavailableError } from '../../providers/payments/provider.ts';
import { fulfil, offerFor, orderCoupons, type PricedItem, type StoredItem } from './order-kinds.ts';
import {
  closeUnpaid,
  findDueOrders,
  findOrderByCode,
  findOrderState,
  insertHistory,
  insertNotification,
  insertOrder,
  lockOrder,
  markPaid,
  setNotificationOutcome,
  setOrderQrcode,
} from './repository.ts';
import type { OrderStateCache } from './state-cache.ts';
import { orderTitle } from './titles.ts';

/** The bill lists a paid order under the same title the order answers with, in the reader's language. */
export { orderTitle };
/** Whether an order was refunded in part or in full, from what was paid and given back. */
export { refundStateOf } from './refund-state.ts';
/** How much of what an order delivered a refund takes back (quota units, in proportion). */
export { unitsToTakeBack } from './order-kinds.ts';

/** What a module that sells something registers with the orders module (see order-kinds.ts). */
export type {
  OfferContext,
  OrderCoupons,
  OrderKind,
  OrderOffer,
  OrderRefund,
  PaidListener,
  PaidOrder,
  PricedItem,
  RefundListener,
  StoredItem,
} from './order-kinds.ts';

/** What the order services work with, handed over by the routes and the expiry job. */
export type OrderDeps = {
  db: Db;
  payments: PaymentProvider;
  cache: OrderStateCache;
  expireSeconds: number;
  defaultCompanyName: string | undefined;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
};

export const ORDER_TOPIC = 'order';

/** SC + date + 12 random hex digits: unique, and not guessable from another order's code. */
function newOrderCode(now = new Date()): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `SC${date}${randomBytes(6).toString('hex').toUpperCase()}`;
}

/**
 * Decides what is bought and its price through the offer registered for the pay type (the
 * catalogue's); a 400 names the field that does not fit.
 */
async function resolvePurchase(deps: OrderDeps, ctx: AccessContext, input: TGenerateOrderRequest): Promise<PricedItem> {
  const offer = offerFor(input.pay_type);
  if (input.amount !== undefined && !offer?.takesAmount)
    throw AppError.badRequest('fieldNotListed', { field: 'amount' });
  if (!offer) throw AppError.badRequest('fieldNotListed', { field: 'pay_type' });
  return offer.price(
    { db: deps.db, lang: ctx.lang, principal: ctx.principal, defaultCompanyName: deps.defaultCompanyName },
    input,
  );
}

/**
 * Closes the checkout's previous order before its replacement is made: at the provider first (as
 * the expiry job does), so its QR code can no longer be paid, then here, freeing its coupon. An
 * order of another tenant or an unknown code is a 404; one already closed needs nothing; one paid
 * meanwhile (here, or found paid at the provider) is applied and the new order refused (409), so
 * the buyer does not pay twice. A provider that cannot be reached is a 503 and nothing changes.
 */
async function closeReplacedOrder(deps: OrderDeps, ctx: AccessContext, orderCode: string) {
  const previous = await findOrderByCode(deps.db, orderCode);
  if (!previous || previous.main_id !== ctx.principal.tenantId) throw AppError.notFound('orderNotFound');
  if (previous.state === 'paid') throw AppError.conflict('previousOrderPaid');
  if (previous.state !== 'unpaid') return;
  try {
    const trade = await deps.payments.queryTrade(orderCode);
    if (trade.paid && trade.amountFen === previous.amount_fen) {
      await applyPayment(deps, {
        provider: deps.payments.name,
        orderCode,
        tradeNo: trade.tradeNo,
        source: 'query',
        raw: { source: 'trade query before replacing', ...trade },
      });
      throw AppError.conflict('previousOrderPaid');
    }
    await deps.payments.closeTrade(orderCode);
  } catch (error) {
    if (error instanceof PaymentUnavailableError) throw AppError.unavailable('paymentUnavailable', error);
    throw error;
  }
  if (!(await closeOrder(deps, orderCode, 'cancelled', 'replaced by a new order of the checkout'))) {
    // Paid between the provider's answer and here.
    const now = await findOrderByCode(deps.db, orderCode);
    if (now?.state === 'paid') throw AppError.conflict('previousOrderPaid');
  }
}

/**
 * Makes an order at the server's price, reserves the coupon it names and asks the provider for
 * the QR code. The order and the reservation commit together; when the provider fails, the order
 * is cancelled (and the coupon freed) and the caller gets a 503.
 */
export async function generateOrder(
  deps: OrderDeps,
  ctx: AccessContext,
  input: TGenerateOrderRequest,
  publicUrl: string,
): Promise<TGenerateOrderAnswer> {
  const resolved = await resolvePurchase(deps, ctx, input);
  if (input.replaces_order_code) await closeReplacedOrder(deps, ctx, input.replaces_order_code);
  // One way of saying what an order is, whether stored now or rendered later for a reader.
  const purchase = { ...resolved, title: orderTitle(ctx.lang, resolved.item, resolved.title) };
  const couponId = input.coupon_id ?? null;
  const coupon = couponId
    ? await orderCoupons().check(deps.db, {
        couponId,
        tenantId: ctx.principal.tenantId,
        payType: input.pay_type,
        system: purchase.couponSystem,
        priceFen: purchase.priceFen,
        service: purchase.couponService,
      })
    : null;
  const discountFen = coupon?.discountFen ?? 0;
  const orderCode = newOrderCode();
  const order = await transaction(deps.db, async (tx) => {
    const created = await insertOrder(tx, {
      orderCode,
      tenantId: ctx.principal.tenantId,
      userId: ctx.principal.userId,
      userName: ctx.principal.userName,
      payType: input.pay_type,
      packagePayType: purchase.packagePayType,
      title: purchase.title,
      item: purchase.item,
      originalFen: purchase.priceFen,
      discountFen,
      amountFen: purchase.priceFen - discountFen,
      couponId,
      provider: deps.payments.name,
      expireSeconds: deps.expireSeconds,
    });
    await insertHistory(tx, created.id, null, 'unpaid', 'created');
    if (couponId) await orderCoupons().reserve(tx, { couponId, tenantId: ctx.principal.tenantId, orderId: created.id });
    return created;
  });

  let qrcode: string;
  try {
    ({ qrcode } = await deps.payments.createPayment({
      orderCode,
      amountFen: purchase.priceFen - discountFen,
      subject: purchase.title,
      expiresAt: order.expires_at,
      publicUrl,
    }));
  } catch (error) {
    deps.log.warn({ err: error, orderCode }, 'payment provider refused to create the payment');
    await closeOrder(deps, orderCode, 'cancelled', 'provider refused');
    if (error instanceof PaymentUnavailableError) throw AppError.unavailable('paymentUnavailable', error);
    throw error;
  }
  await setOrderQrcode(deps.db, order.id, qrcode);
  return {
    qrcode,
    order_code: orderCode,
    original_price: fenToYuan(purchase.priceFen),
    discount: fenToYuan(discountFen),
    amount: fenToYuan(purchase.priceFen - discountFen),
  };
}

/**
 * Whether the order is paid, for the browser's poll every 3 s. Answered from memory when the
 * state is known; an order of another tenant is a 404, as is an unknown code.
 */
export async function checkOrderState(
  deps: Pick<OrderDeps, 'db' | 'cache'>,
  ctx: Pick<AccessContext, 'principal'>,
  orderCode: string,
): Promise<{ pay_state: boolean }> {
  let state = deps.cache.get(orderCode);
  if (!state) {
    const generation = deps.cache.startRead();
    const row = await findOrderState(deps.db, orderCode);
    if (!row) throw AppError.notFound('orderNotFound');
    state = { tenantId: row.main_id, paid: row.state === 'paid' };
    deps.cache.fill(orderCode, state, generation);
  }
  if (state.tenantId !== ctx.principal.tenantId) throw AppError.notFound('orderNotFound');
  return { pay_state: state.paid };
}

/**
 * After a commit that changed an order. The change feed has told every instance (this one
 * included) before the transaction's caller goes on; dropping the entry here as well keeps a
 * database opened without the app's feed (tools, tests of a service alone) correct too.
 */
function changed(deps: Pick<OrderDeps, 'cache'>, orderCode: string) {
  deps.cache.invalidate(orderCode);
}

export type PaymentSource = 'notification' | 'query';

/**
 * Applies a verified payment: records it under its idempotency key (provider + trade no), marks
 * the order paid (from unpaid, or late from expired or cancelled: the money was taken, so it is
 * honoured) and delivers it, all in one transaction. A replay finds the key taken and changes
 * nothing; of many replays at once one commits and the others wait on the key, then find it.
 */
export async function applyPayment(
  deps: Pick<OrderDeps, 'db' | 'cache'>,
  input: { provider: string; orderCode: string; tradeNo: string; source: PaymentSource; raw: unknown },
): Promise<'fulfilled' | 'late_fulfilled' | 'duplicate'> {
  const result = await transaction(deps.db, async (tx) => {
    const notification = await insertNotification(tx, {
      provider: input.provider,
      orderCode: input.orderCode,
      tradeNo: input.tradeNo,
      idempotencyKey: `${input.provider}:${input.tradeNo}`,
      verified: true,
      outcome: 'fulfilled',
      reason: input.source,
      raw: input.raw,
    });
    if (!notification) return 'duplicate' as const;
    const found = await findOrderByCode(tx, input.orderCode);
    if (!found) throw new Error(`order ${input.orderCode} vanished`);
    const order = await lockOrder(tx, found.id);
    if (order.state === 'paid') {
      // Paid already under another trade number: recorded, nothing delivered twice.
      await setNotificationOutcome(tx, notification.id, 'duplicate', `already paid (${input.source})`);
      return 'duplicate' as const;
    }
    await markPaid(tx, order.id, input.tradeNo);
    const late = order.state !== 'unpaid';
    await insertHistory(
      tx,
      order.id,
      order.state,
      'paid',
      late ? `${input.source}, after ${order.state}` : input.source,
    );
    await fulfil(tx, order);
    if (order.coupon_id !== null && !(await orderCoupons().use(tx, { couponId: order.coupon_id, orderId: order.id }))) {
      await insertHistory(tx, order.id, 'paid', 'paid', 'coupon meanwhile used by another order');
    }
    if (late)
      await setNotificationOutcome(tx, notification.id, 'late_fulfilled', `${input.source}, after ${order.state}`);
    await publishAfterCommit(tx, ORDER_TOPIC, order.order_code);
    return late ? ('late_fulfilled' as const) : ('fulfilled' as const);
  });
  if (result !== 'duplicate') changed(deps, input.orderCode);
  return result;
}

/**
 * A notification as the provider posted it. Whatever it says is recorded; only one that
 * verifies (signature and app id), names one of our orders and carries its exact amount pays it.
 * Answers the body the provider expects: its acknowledgement, or 'fail' so it retries (a
 * forgery gets 'fail' too, and credits nothing).
 */
export async function receiveNotification(deps: OrderDeps, fields: NotificationFields): Promise<string> {
  const provider = deps.payments;
  const check = provider.verifyNotification(fields);
  const reject = async (reason: string, orderCode: string | undefined, verified: boolean) => {
    deps.log.warn({ provider: provider.name, orderCode, reason }, 'payment notification rejected');
    countPaymentNotification(provider.name, 'rejected');
    await insertNotification(deps.db, {
      provider: provider.name,
      orderCode: orderCode ?? null,
      tradeNo: fields.trade_no ?? null,
      idempotencyKey: null,
      verified,
      outcome: 'rejected',
      reason,
      raw: fields,
    });
    return 'fail';
  };
  if (!check.ok) return reject(check.reason, check.orderCode, false);
  const order = await findOrderByCode(deps.db, check.orderCode);
  if (!order) return reject('unknown order', check.orderCode, true);
  if (order.provider !== provider.name) return reject('order of another provider', check.orderCode, true);
  if (check.amountFen !== order.amount_fen) {
    return reject(
      `amount ${fenToYuan(check.amountFen)} is not the order's ${fenToYuan(order.amount_fen)}`,
      check.orderCode,
      true,
    );
  }
  if (!check.paid) {
    await insertNotification(deps.db, {
      provider: provider.name,
      orderCode: check.orderCode,
      tradeNo: check.tradeNo,
      idempotencyKey: null,
      verified: true,
      outcome: 'ignored',
      reason: `trade_status ${fields.trade_status ?? ''}`,
      raw: fields,
    });
    countPaymentNotification(provider.name, 'ignored');
    return provider.acknowledgement;
  }
  const outcome = await applyPayment(deps, {
    provider: provider.name,
    orderCode: check.orderCode,
    tradeNo: check.tradeNo,
    source: 'notification',
    raw: fields,
  });
  countPaymentNotification(provider.name, outcome);
  return provider.acknowledgement;
}

/**
 * Closes an unpaid order (expired or cancelled) and frees its coupon, in one transaction; false
 * when it was no longer unpaid (paid meanwhile, or another instance closed it).
 */
export async function closeOrder(
  deps: Pick<OrderDeps, 'db' | 'cache'>,
  orderCode: string,
  to: Exclude<TOrderState, 'unpaid' | 'paid'>,
  reason: string,
): Promise<boolean> {
  const closed = await transaction(deps.db, async (tx) => {
    const order = await findOrderByCode(tx, orderCode);
    if (!order) return false;
    const row = await closeUnpaid(tx, order.id, to, to === 'expired');
    if (!row) return false;
    await insertHistory(tx, row.id, 'unpaid', to, reason);
    if (row.coupon_id !== null) await orderCoupons().release(tx, { couponId: row.coupon_id, orderId: row.id });
    await publishAfterCommit(tx, ORDER_TOPIC, orderCode);
    return true;
  });
  if (closed) changed(deps, orderCode);
  return closed;
}

/**
 * The expiry job's round: every unpaid order past its time is first asked about at the provider
 * (a lost notification is then applied as a payment), else closed there and expired here, its
 * coupon freed. Safe on several instances at once: the provider calls are idempotent and the
 * state changes are guarded updates, so each order expires (or is paid) once.
 */
export async function expireDueOrders(deps: OrderDeps, limit = 50): Promise<{ expired: number; paid: number }> {
  const due = await findDueOrders(deps.db, limit);
  let expired = 0;
  let paid = 0;
  for (const order of due) {
    try {
      const trade = await deps.payments.queryTrade(order.order_code);
      if (trade.paid && trade.amountFen === order.amount_fen) {
        await applyPayment(deps, {
          provider: deps.payments.name,
          orderCode: order.order_code,
          tradeNo: trade.tradeNo,
          source: 'query',
          raw: { source: 'trade query', ...trade },
        });
        paid += 1;
        continue;
      }
      await deps.payments.closeTrade(order.order_code);
      if (await closeOrder(deps, order.order_code, 'expired', 'expiry job')) expired += 1;
    } catch (error) {
      // The provider is unreachable: try again next round; nothing changed here.
      deps.log.warn({ err: error, orderCode: order.order_code }, 'expiry: provider not reachable, retrying later');
    }
  }
  return { expired, paid };
}

/** The sandbox cashier's buttons: pay sends the signed notification through the real handler; cancel closes the order. */
export async function findOrderForCashier(db: Db, orderCode: string) {
  const order = await findOrderByCode(db, orderCode);
  if (!order) throw AppError.notFound('orderNotFound');
  return order;
}

/**
 * An order at a price its caller fixed (a warehouse account's online top-up): it goes through
 * the same payment provider, notification and expiry as every order, and when paid delivers its
 * item through the item's registered kind. No coupon applies. The caller has checked what the
 * item names is the tenant's.
 */
export async function createFixedPriceOrder(
  deps: OrderDeps,
  ctx: Pick<AccessContext, 'principal'>,
  input: { payType: number; item: StoredItem; amountFen: number; title: string },
  publicUrl: string,
): Promise<{ qrcode: string; order_code: string }> {
  const orderCode = newOrderCode();
  const order = await transaction(deps.db, async (tx) => {
    const created = await insertOrder(tx, {
      orderCode,
      tenantId: ctx.principal.tenantId,
      userId: ctx.principal.userId,
      userName: ctx.principal.userName,
      payType: input.payType,
      packagePayType: 0,
      title: input.title,
      item: input.item,
      originalFen: input.amountFen,
      discountFen: 0,
      amountFen: input.amountFen,
      couponId: null,
      provider: deps.payments.name,
      expireSeconds: deps.expireSeconds,
    });
    await insertHistory(tx, created.id, null, 'unpaid', 'created');
    return created;
  });
  let qrcode: string;
  try {
    ({ qrcode } = await deps.payments.createPayment({
      orderCode,
      amountFen: input.amountFen,
      subject: input.title,
      expiresAt: order.expires_at,
      publicUrl,
    }));
  } catch (error) {
    deps.log.warn({ err: error, orderCode }, 'payment provider refused to create the payment');
    await closeOrder(deps, orderCode, 'cancelled', 'provider refused');
    if (error instanceof PaymentUnavailableError) throw AppError.unavailable('paymentUnavailable', error);
    throw error;
  }
  await setOrderQrcode(deps.db, order.id, qrcode);
  return { qrcode, order_code: orderCode };
}

/**
 * The state and item of this tenant's order of the given pay type; undefined for any other order
 * (another tenant's, another pay type's), so none can be probed.
 */
export async function findOwnOrder(
  db: Db,
  input: { tenantId: number; payType: number; orderCode: string },
): Promise<{ state: TOrderState; item: unknown } | undefined> {
  const row = await findOrderByCode(db, input.orderCode);
  if (!row || row.main_id !== input.tenantId || row.pay_type !== input.payType) return undefined;
  return { state: row.state as TOrderState, item: row.item };
}
