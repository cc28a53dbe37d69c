import { z } from 'zod';
import { optionalId } from './ids.ts';

/**
 * Orders paid by QR code (docs/product.md, payment flow). The browser names what it buys; the server
 * decides the price, reserves the coupon and answers the QR code's content and the order code,
 * which the browser then polls every 3 s until pay_state is true.
 */

export const orderPaths = {
  generate: '/api/v2/order/generateOrder',
  checkState: '/api/v1/order/checkOrderState',
  /** Payment notifications, one per provider (public; verified by signature). */
  notify: '/api/v1/pay/notify/:provider',
  /** The sandbox cashier page the sandbox QR code leads to, and its buttons for scripts. */
  devPayPage: '/dev/pay',
  devPay: '/api/dev/pay',
} as const;

/**
 * pay_type of generateOrder: 1 a plan; 2 a value-added package; 3 a third-party top-up (a listed
 * amount by package_id, or a custom `amount`); 4 another system's service. It is also the coupon
 * use_type that fits: 1 plans, 2 value-added (2 and 4), 3 top-ups.
 */
export const PAY_TYPES = { plan: 1, valueAdded: 2, topUp: 3, otherSystem: 4 } as const;
export const ZPayType = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]));

/**
 * Which system (coupon system_type: 1 ERP, 2 selection) sells what an order buys: a plan is of
 * its platform's system; another system's service (pay_type 4: the selection tool's
 * monitoring) is the selection product's; value-added packages and top-ups are the ERP's.
 */
export function couponSystemFor(payType: number, planSystem?: number): number {
  if (payType === 1) return planSystem ?? 1;
  return payType === 4 ? 2 : 1;
}

/** Minimum custom top-up, yuan (docs/product.md). */
export const MIN_TOP_UP_YUAN = '50.00';

/** An order code: SC + date + hex digits (letters, digits, '_' and '-' accepted). */
export const ZOrderCode = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const ZGenerateOrderRequest = z.object({
  /**
   * Plans: "ppi_id,shop_number,cycle" (e.g. "1,5,12"). Value-added: the package_pay_id. Top-up:
   * the id of a listed amount; absent with a custom `amount`.
   */
  package_id: z.union([z.string().trim().max(64), z.number().int()]).optional(),
  pay_type: ZPayType,
  coupon_id: optionalId(),
  params: z
    .object({ platform: z.string().trim().max(64).optional() })
    .partial()
    .optional(),
  /** Custom top-up only: yuan, at least 50.00, at most two decimals. */
  amount: z.union([z.string().trim().max(20), z.number()]).optional(),
  /**
   * The order this one replaces (the checkout's previous QR code, when the buyer switched package,
   * amount or coupon, or regenerated): closed first, at the provider too, so it can no longer be
   * paid, and its coupon is free for the new order. Blank means none.
   */
  replaces_order_code: z.preprocess((v) => (v === '' || v === null ? undefined : v), ZOrderCode.optional()),
});
export type TGenerateOrderRequest = z.infer<typeof ZGenerateOrderRequest>;

export const ZGenerateOrderAnswer = z.object({
  /** What the QR code encodes (the provider's payment URL). */
  qrcode: z.string(),
  order_code: z.string(),
  /** The server's price before the coupon, yuan ("1020.00"). */
  original_price: z.string(),
  /** What the coupon takes off, yuan ("0.00" without one). */
  discount: z.string(),
  /** What the QR code charges: the price less the coupon, yuan. The browser shows this. */
  amount: z.string(),
});
export type TGenerateOrderAnswer = z.infer<typeof ZGenerateOrderAnswer>;

export const ZCheckOrderStateRequest = z.object({
  pay_type: ZPayType.optional(),
  order_code: ZOrderCode,
});
export const ZCheckOrderStateAnswer = z.object({ pay_state: z.boolean() });
export type TCheckOrderStateAnswer = z.infer<typeof ZCheckOrderStateAnswer>;

/** The order's life: unpaid, then paid, expired or cancelled (a late payment still makes it paid). */
export const ORDER_STATES = ['unpaid', 'paid', 'expired', 'cancelled'] as const;
export type TOrderState = (typeof ORDER_STATES)[number];

/**
 * What was given back of a paid order (docs/decisions.md, "Refunds"): none, part of it, or all of
 * it. The order stays paid (its state); refunds asked and not yet confirmed by the provider count.
 */
export const ORDER_REFUND_STATES = ['none', 'partly_refunded', 'refunded'] as const;
export type TOrderRefundState = (typeof ORDER_REFUND_STATES)[number];
export const REFUND_STATES = ['pending', 'succeeded'] as const;

/** The sandbox's buttons, for scripts (PAYMENT_PROVIDER=sandbox only). */
export const ZDevPayRequest = z.object({ order_code: ZOrderCode, action: z.enum(['pay', 'cancel']) });
export const ZDevPayAnswer = z.object({ order_code: z.string(), state: z.enum(ORDER_STATES) });

// ---- what the operator console shows (services exported for ops-console) -------------------

export const ZOrderListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  order_code: z.string().trim().max(64).optional(),
  main_id: optionalId(),
  state: z.enum(ORDER_STATES).optional(),
});
export type TOrderListQuery = z.infer<typeof ZOrderListQuery>;
export const ZOrderSummary = z.object({
  id: z.number().int(),
  order_code: z.string(),
  main_id: z.number().int(),
  user_name: z.string(),
  pay_type: z.number().int(),
  title: z.string(),
  original_price: z.string(),
  discount: z.string(),
  amount: z.string(),
  coupon_id: z.number().int().nullable(),
  provider: z.string(),
  state: z.enum(ORDER_STATES),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  /** Given back so far, yuan ("0.00" when nothing). */
  refunded: z.string(),
  refund_state: z.enum(ORDER_REFUND_STATES),
});
export type TOrderSummary = z.infer<typeof ZOrderSummary>;
export const ZOrderList = z.object({ data: z.array(ZOrderSummary), total_count: z.number().int() });
export const ZPaymentNotification = z.object({
  id: z.number().int(),
  provider: z.string(),
  trade_no: z.string().nullable(),
  verified: z.boolean(),
  outcome: z.string(),
  reason: z.string(),
  raw: z.unknown(),
  received_at: z.string(),
});
export const ZOrderStatusChange = z.object({
  from_state: z.string().nullable(),
  to_state: z.string(),
  reason: z.string(),
  at: z.string(),
});
export const ZOrderRefund = z.object({
  refund_no: z.string(),
  order_code: z.string(),
  /** yuan */
  amount: z.string(),
  reason: z.string(),
  state: z.enum(REFUND_STATES),
  /** What the provider last said when it refused (empty otherwise). */
  provider_message: z.string(),
  created_at: z.string(),
  refunded_at: z.string().nullable(),
});
export type TOrderRefund = z.infer<typeof ZOrderRefund>;
export const ZOrderDetail = ZOrderSummary.extend({
  item: z.unknown(),
  notifications: z.array(ZPaymentNotification),
  history: z.array(ZOrderStatusChange),
  refunds: z.array(ZOrderRefund),
});
export type TOrderDetail = z.infer<typeof ZOrderDetail>;
