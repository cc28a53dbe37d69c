import { z } from 'zod';
import { ORDER_REFUND_STATES } from './orders.ts';
import { ZBillTime } from './quota.ts';

/** The software bill (docs/product.md, My bill, page 268): the tenant's orders with filters and paging. */

export const billPaths = {
  software: '/api/v1/pay/package/list',
} as const;

export const BILL_PAGE_SIZES = [20, 40, 60] as const;
export const ZBillPageSize = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(20), z.literal(40), z.literal(60)]));

/** Bill row pay_state: 0 unpaid, 1 paid, 2 closed (expired or cancelled). */
export const BILL_PAY_STATES = { unpaid: 0, paid: 1, closed: 2 } as const;

/** package_pay_type of a bill row: 0 third-party top-up, 1 plan, 2 to 5 value-added kinds, 11 video translation, 12 to 14 product, keyword and follow-sell monitoring. */
export const PACKAGE_PAY_TYPES = [0, 1, 2, 3, 4, 5, 11, 12, 13, 14] as const;

const optionalDateTime = ZBillTime.optional();

export const ZSoftwareBillQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: ZBillPageSize.default(20),
  order_code: z.string().trim().max(64).optional(),
  package_pay_type: z.coerce
    .number()
    .int()
    .refine((v) => (PACKAGE_PAY_TYPES as readonly number[]).includes(v), 'not a package type')
    .optional()
    .nullable(),
  /**
   * Creation time range, both ends included, as the deduction bill's: ISO 8601 with its offset
   * (what the web sends: the browser's days with the browser's offset), or without an offset
   * (`YYYY-MM-DD[ HH:mm:ss]`) read as UTC+8, the product's business time. A bound to the second
   * or the day covers that whole second or day.
   */
  time_from: optionalDateTime,
  time_to: optionalDateTime,
  pay_state: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]))
    .optional()
    .nullable(),
  pay_type: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]))
    .optional()
    .nullable(),
});
export type TSoftwareBillQuery = z.infer<typeof ZSoftwareBillQuery>;

export const ZSoftwareBillRow = z.object({
  order_code: z.string(),
  /** What kind of purchase (plan, value-added, top-up), in the caller's language. */
  transaction_type_name: z.string(),
  /** The package type's name, in the caller's language. */
  package_type_name: z.string(),
  title: z.string(),
  /** Paid, yuan. */
  order_price: z.string(),
  /** Taken off by the coupon, yuan. */
  margin: z.string(),
  pay_state: z.number().int(),
  user_name: z.string(),
  /** ISO 8601, UTC. */
  create_time: z.string(),
  /** Given back of a paid order, yuan ("0.00" when nothing), and whether in part or in full. */
  refund_amount: z.string(),
  refund_state: z.enum(ORDER_REFUND_STATES),
  /** Each refund of the order, oldest first (docs/decisions.md, "Refunds"). */
  refunds: z.array(
    z.object({
      amount: z.string(),
      /** pending: asked, not yet confirmed by the payment provider. */
      state: z.enum(['pending', 'succeeded']),
      /** ISO 8601, UTC: when asked. */
      create_time: z.string(),
    }),
  ),
});
export type TSoftwareBillRow = z.infer<typeof ZSoftwareBillRow>;
export const ZSoftwareBill = z.object({ data: z.array(ZSoftwareBillRow), total_count: z.number().int() });
export type TSoftwareBill = z.infer<typeof ZSoftwareBill>;
