import { randomBytes } from 'node:crypto';
import type { TGenerateOrderAnswer, TGenerateOrderRequest, TOrderState } from '@seller-centre/contract/orders';
import { MIN_TOP_UP_YUAN, PAY_TYPES } from '@seller-centre/contract/orders';
import { transaction, type Db } from '../../db/client.ts';
import { publishAfterCommit } from '../../platform/change-feed/plugin.ts';
import { AppError } from '../../platform/errors.ts';
import { fenToYuan, yuanToFen } from '../../platform/fen.ts';
import { translate } from '../../platform/i18n.ts';
import type { AccessContext } from '../../platform/permissions.ts';
import type { NotificationFields, PaymentProvider } from '../../providers/payments/provider.ts';
import { PaymentUnavailableError } from '../../providers/payments/provider.ts';
import { findBuyableValueAdded, findTopUpAmount, quotePlan } from '../catalogue/service.ts';
import { checkCouponForOrder, couponSystemFor, releaseCoupon, reserveCoupon, useCoupon } from '../coupons/service.ts';
import { fulfil, type OrderItem } from './fulfilment.ts';
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

type Purchase = { item: OrderItem; title: string; priceFen: number; packagePayType: number; system: number };

/** Decides what is bought and its price from the catalogue; a 400 names the field that does not fit. */
async function resolvePurchase(deps: OrderDeps, ctx: AccessContext, input: TGenerateOrderRequest): Promise<Purchase> {
  const { db } = deps;
  const packageId = input.package_id === undefined ? '' : String(input.package_id).trim();
  const amount = input.amount === undefined ? undefined : String(input.amount).trim();
  if (amount !== undefined && input.pay_type !== PAY_TYPES.topUp) {
    throw AppError.badRequest('fieldNotListed', { field: 'amount' });
  }

  if (input.pay_type === PAY_TYPES.plan) {
    const parts = packageId.split(',');
    if (parts.length !== 3 || !parts.every((p) => /^\d{1,9}$/.test(p.trim()))) {
      throw AppError.badRequest('fieldPlanPackage', { field: 'package_id' });
    }
    const [ppi_id, shop_number, cycle] = parts.map((p) => Number(p)) as [number, number, number];
    if (shop_number < 1) throw AppError.badRequest('fieldMinShops', { field: 'shop_number' });
    const quote = await quotePlan(db, ctx.lang, { ppi_id, shop_number, cycle });
    const platform = input.params?.platform;
    if (platform && platform !== quote.platform) throw AppError.badRequest('fieldNotListed', { field: 'platform' });
    return {
      item: {
        kind: 'plan',
        ppi_id: quote.ppiId,
        system: quote.system,
        platform: quote.platform,
        platform_image_url: quote.platformImageUrl,
        shops: quote.shops,
        months: quote.months,
      },
      title: quote.title,
      priceFen: quote.sellingFen,
      packagePayType: 1,
      system: couponSystemFor(input.pay_type, quote.system),
    };
  }

  if (input.pay_type === PAY_TYPES.valueAdded || input.pay_type === PAY_TYPES.otherSystem) {
    if (!packageId) throw AppError.badRequest('fieldRequired', { field: 'package_id' });
    const id = /^\d{1,15}$/.test(packageId) ? Number(packageId) : NaN;
    const row = Number.isSafeInteger(id)
      ? await findBuyableValueAdded(db, ctx.principal, id, deps.defaultCompanyName)
      : undefined;
    if (!row || row.service_type !== input.pay_type) throw AppError.badRequest('fieldUnknown', { field: 'package_id' });
    return {
      item: {
        kind: 'valueAdded',
        package_pay_id: row.package_pay_id,
        quota_type: row.quota_type,
        quota_amount: row.quota_amount,
        service: row.service,
        package_name: row.package_name,
      },
      title: '',
      priceFen: row.price_fen,
      packagePayType: row.package_type,
      system: couponSystemFor(input.pay_type),
    };
  }

  // A third-party top-up: a listed amount, or a custom one from 50.00 with at most two decimals.
  let amountFen: number;
  if (amount !== undefined) {
    if (packageId) throw AppError.badRequest('fieldNotWithAmount', { field: 'package_id' });
    const fen = /^\d{1,11}(\.\d{1,2})?$/.test(amount) ? yuanToFen(amount) : null;
    if (fen === null || fen < yuanToFen(MIN_TOP_UP_YUAN)!)
      throw AppError.badRequest('fieldMinTopUp', { field: 'amount' });
    amountFen = fen;
  } else {
    if (!packageId) throw AppError.badRequest('fieldRequired', { field: 'package_id' });
    const row = /^\d{1,15}$/.test(packageId) ? await findTopUpAmount(db, Number(packageId)) : undefined;
    if (!row) throw AppError.badRequest('fieldUnknown', { field: 'package_id' });
    amountFen = row.amount_fen;
  }
  return {
    item: { kind: 'topUp', amount_fen: amountFen },
    title: translate(ctx.lang, 'topUpTitle', { amount: fenToYuan(amountFen) }),
    priceFen: amountFen,
    packagePayType: 0,
    system: couponSystemFor(input.pay_type),
  };
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
  // One way of saying what an order is, whether stored now or rendered later for a reader.
  const purchase = { ...resolved, title: orderTitle(ctx.lang, resolved.item, resolved.title) };
  const couponId = input.coupon_id ?? null;
  const coupon = couponId
    ? await checkCouponForOrder(deps.db, {
        couponId,
        mainId: ctx.principal.mainId,
        payType: input.pay_type,
        system: purchase.system,
        priceFen: purchase.priceFen,
      })
    : null;
  const discountFen = coupon?.discountFen ?? 0;
  const orderCode = newOrderCode();
  const order = await transaction(deps.db, async (tx) => {
    const created = await insertOrder(tx, {
      orderCode,
      mainId: ctx.principal.mainId,
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
    if (couponId) await reserveCoupon(tx, { couponId, mainId: ctx.principal.mainId, orderId: created.id });
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
    state = { mainId: row.main_id, paid: row.state === 'paid' };
    deps.cache.fill(orderCode, state, generation);
  }
  if (state.mainId !== ctx.principal.mainId) throw AppError.notFound('orderNotFound');
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
    if (order.coupon_id !== null && !(await useCoupon(tx, { couponId: order.coupon_id, orderId: order.id }))) {
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
    return provider.acknowledgement;
  }
  await applyPayment(deps, {
    provider: provider.name,
    orderCode: check.orderCode,
    tradeNo: check.tradeNo,
    source: 'notification',
    raw: fields,
  });
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
    if (row.coupon_id !== null) await releaseCoupon(tx, { couponId: row.coupon_id, orderId: row.id });
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

/** pay_type of an online top-up of a warehouse account (spec 02 customerRecharge). */
export const WAREHOUSE_TOP_UP_PAY_TYPE = 5;

/**
 * An online top-up of a local warehouse account (customerRecharge): an order of the given amount
 * that, when paid, credits the account behind `wwsId` (fulfil). It goes through the same payment
 * provider, notification and expiry as every order; no coupon applies. The caller (the warehouse
 * module) has checked the tenant owns the account.
 */
export async function createWarehouseTopUpOrder(
  deps: OrderDeps,
  ctx: Pick<AccessContext, 'principal'>,
  input: { wwsId: number; amountFen: number; title: string; providerName: string },
  publicUrl: string,
): Promise<{ qrcode: string; order_code: string }> {
  const orderCode = newOrderCode();
  const order = await transaction(deps.db, async (tx) => {
    const created = await insertOrder(tx, {
      orderCode,
      mainId: ctx.principal.mainId,
      userId: ctx.principal.userId,
      userName: ctx.principal.userName,
      payType: WAREHOUSE_TOP_UP_PAY_TYPE,
      packagePayType: 0,
      title: input.title,
      item: {
        kind: 'warehouseTopUp',
        amount_fen: input.amountFen,
        wws_id: input.wwsId,
        provider_name: input.providerName,
      } satisfies OrderItem,
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
 * The state of a warehouse top-up order of this tenant's account `wwsId`; undefined for any
 * other order (another tenant's, another account's, another kind), so none can be probed.
 */
export async function findWarehouseTopUpState(
  db: Db,
  input: { mainId: number; wwsId: number; orderCode: string },
): Promise<TOrderState | undefined> {
  const row = await findOrderByCode(db, input.orderCode);
  if (!row || row.main_id !== input.mainId || row.pay_type !== WAREHOUSE_TOP_UP_PAY_TYPE) return undefined;
  const item = row.item as OrderItem;
  if (item.kind !== 'warehouseTopUp' || item.wws_id !== input.wwsId) return undefined;
  return row.state as TOrderState;
}
