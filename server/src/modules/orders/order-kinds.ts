import type { TLanguage } from '@seller-centre/contract/i18n';
import type { TGenerateOrderRequest } from '@seller-centre/contract/orders';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../platform/auth.ts';

/**
 * What the orders module knows of what is bought: nothing but the registry below. Each module
 * that sells something registers, at composition time (server/src/order-kinds.ts, called by
 * app.ts), the order kinds it delivers, the pay types it prices and what it does on any paid
 * order. The orders module keeps the order's life (made, paid, closed), the payment's
 * idempotency and the one transaction in which an order is marked paid and delivered.
 */

/** An order's item as stored (JSON): its kind and what that kind's module fixed when it was made. */
export type StoredItem = { kind: string };

/** A paid order as the deliveries and the paid listeners see it, inside the paying transaction. */
export type PaidOrder = {
  id: number;
  order_code: string;
  main_id: number;
  user_name: string;
  provider: string;
  amount_fen: number;
  item: unknown;
};

/** One kind of item: how it is delivered and named. */
export type OrderKind<I extends StoredItem = StoredItem> = {
  /**
   * Delivers a paid order, inside the transaction that marks it paid, so an order is paid and
   * delivered together or not at all. Keyed by the order (its code), so it happens once
   * whatever retries.
   */
  deliver(tx: Db, order: PaidOrder, item: I): Promise<void>;
  /**
   * The order's title in the reader's language, made from the item; undefined when the stored
   * item lacks what the title needs (an older shape), and the stored title is said instead.
   */
  title?(lang: TLanguage, item: Partial<I> & Record<string, unknown>): string | undefined;
  /** The buyer's own money held for later charges (a top-up), not a sale. */
  deposit?: boolean;
  /**
   * Takes back what `refund.amountFen` of the order's money delivered, inside the refund's
   * transaction (the one that records the refund), keyed by the refund number so it happens once.
   * Throws a 409 saying why when it cannot (the top-up was spent, the quota used), and the refund
   * is not made. Absent: the kind cannot be refunded, and `notRefundable` says why.
   */
  refund?(tx: Db, order: PaidOrder, item: I, refund: OrderRefund): Promise<void>;
  /** The message key a refund of this kind is refused with when it has no `refund`. */
  notRefundable?: 'refundPlanNotSupported';
};

/** A refund as an order kind takes it back: this refund, and what was refunded before it. */
export type OrderRefund = {
  refundNo: string;
  amountFen: number;
  /** Refunded of this order before this refund (so proportional take-backs add up to the whole). */
  refundedBeforeFen: number;
};

/** What an offer prices: the item to store and its price, fixed by the server. */
export type PricedItem = {
  item: StoredItem;
  /** The title said when no kind can name the item (the registered kind's title wins). */
  title: string;
  priceFen: number;
  packagePayType: number;
  /** Which coupons apply: their system and, for a service's package, their service. */
  couponSystem: number;
  couponService: number | null;
};

export type OfferContext = { db: Db; lang: TLanguage; principal: Principal; defaultCompanyName: string | undefined };

/** How the order call prices the pay types it answers; a 400 names the field that does not fit. */
export type OrderOffer = {
  payTypes: readonly number[];
  /** Whether a custom `amount` may be named instead of a package (a top-up). */
  takesAmount?: boolean;
  price(ctx: OfferContext, input: TGenerateOrderRequest): Promise<PricedItem>;
};

/** Told of every order paid, in the paying transaction, before the item is delivered. */
export type PaidListener = (
  tx: Db,
  paid: { orderCode: string; buyerTenantId: number; amountFen: number; deposit: boolean },
) => Promise<void>;

/**
 * Told of every refund recorded, in its transaction, after the order's kind took back what it
 * delivered: what else the order's money paid for is taken back in proportion (a commission).
 * Answers what it took back, for the order's history, or nothing when there was nothing to take.
 */
export type RefundListener = (
  tx: Db,
  refunded: { orderCode: string; buyerTenantId: number; paidFen: number; refund: OrderRefund },
) => Promise<string | undefined>;

/**
 * The coupons an order may carry: checked and reserved when it is made, used when it is paid
 * (in the paying transaction), freed when it is closed unpaid.
 */
export type OrderCoupons = {
  /** What the coupon takes off this purchase; a 404, 400 or 409 when it may not be used on it. */
  check(
    db: Db,
    input: {
      couponId: number;
      tenantId: number;
      payType: number;
      system: number;
      priceFen: number;
      service: number | null;
    },
  ): Promise<{ discountFen: number }>;
  reserve(tx: Db, input: { couponId: number; tenantId: number; orderId: number }): Promise<void>;
  /** False when another order meanwhile used it (a late payment). */
  use(tx: Db, input: { couponId: number; orderId: number }): Promise<boolean>;
  release(tx: Db, input: { couponId: number; orderId: number }): Promise<unknown>;
};

const kinds = new Map<string, OrderKind>();
const offers = new Map<number, OrderOffer>();
const paidListeners = new Set<PaidListener>();
const refundListeners = new Set<RefundListener>();
let coupons: OrderCoupons | undefined;

/**
 * Registering the same handler again is nothing (every app built in a process composes the same
 * ones); another handler for a kind or a pay type already taken is a mistake in the composition.
 */
export function registerOrderKind<I extends StoredItem>(kind: I['kind'], handler: OrderKind<I>): void {
  const known = kinds.get(kind);
  if (known && known !== handler) throw new Error(`order kind ${kind} is registered twice`);
  kinds.set(kind, handler as unknown as OrderKind);
}

export function registerOrderOffer(offer: OrderOffer): void {
  for (const payType of offer.payTypes) {
    const known = offers.get(payType);
    if (known && known !== offer) throw new Error(`pay type ${payType} is offered twice`);
    offers.set(payType, offer);
  }
}

export function onOrderPaid(listener: PaidListener): void {
  paidListeners.add(listener);
}

export function onOrderRefunded(listener: RefundListener): void {
  refundListeners.add(listener);
}

export function registerOrderCoupons(handler: OrderCoupons): void {
  if (coupons && coupons !== handler) throw new Error('order coupons are registered twice');
  coupons = handler;
}

/** The registered coupons; an order naming a coupon when none are registered is a composition mistake. */
export function orderCoupons(): OrderCoupons {
  if (!coupons) throw new Error('no module handles the coupons of orders');
  return coupons;
}

export function offerFor(payType: number): OrderOffer | undefined {
  return offers.get(payType);
}

/**
 * What a refund of `refund` takes back of `units` delivered: the share of the total refunded after
 * it less the share before, each rounded down, so partial refunds add up to exactly `units` at the
 * full amount and never take back more than was delivered.
 */
export function unitsToTakeBack(units: number, paidFen: number, refund: OrderRefund): number {
  const after = Math.floor((units * (refund.refundedBeforeFen + refund.amountFen)) / paidFen);
  const before = Math.floor((units * refund.refundedBeforeFen) / paidFen);
  return after - before;
}

export function orderKindOf(item: unknown): OrderKind | undefined {
  const kind = (item as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' ? kinds.get(kind) : undefined;
}

/**
 * Delivers a paid order inside the transaction that marks it paid: the paid listeners first
 * (commissions), then the item's kind. An item of no registered kind is refused, so the payment
 * rolls back and is retried rather than marked paid with nothing delivered.
 */
export async function fulfil(tx: Db, order: PaidOrder): Promise<void> {
  const kind = orderKindOf(order.item);
  if (!kind) throw new Error(`order ${order.order_code}: no module delivers its item`);
  for (const listener of paidListeners) {
    await listener(tx, {
      orderCode: order.order_code,
      buyerTenantId: order.main_id,
      amountFen: order.amount_fen,
      deposit: kind.deposit === true,
    });
  }
  await kind.deliver(tx, order, order.item as StoredItem);
}

/**
 * Takes back what a refund of a paid order gives back, inside the refund's transaction: what the
 * order's kind delivered first (it refuses with a 409 when it cannot), then the refund listeners'
 * share. Answers what the listeners took, for the order's history. An order whose kind cannot be
 * refunded is refused before this (`kind.refund` absent).
 */
export async function takeBack(tx: Db, order: PaidOrder, kind: OrderKind, refund: OrderRefund): Promise<string[]> {
  if (!kind.refund) throw new Error(`order ${order.order_code}: its kind cannot be refunded`);
  await kind.refund(tx, order, order.item as StoredItem, refund);
  const taken: string[] = [];
  for (const listener of refundListeners) {
    const said = await listener(tx, {
      orderCode: order.order_code,
      buyerTenantId: order.main_id,
      paidFen: order.amount_fen,
      refund,
    });
    if (said) taken.push(said);
  }
  return taken;
}
