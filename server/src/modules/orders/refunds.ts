import { VALIDATION } from '@seller-centre/contract/validation';
import { randomBytes } from 'node:crypto';
import type { TOrderRefund } from '@seller-centre/contract/orders';
import { transaction, type Db } from '../../db/client.ts';
import { publishAfterCommit } from '../../platform/change-feed/plugin.ts';
import { AppError } from '../../platform/errors.ts';
import { fenToYuan } from '../../platform/fen.ts';
import type { OperatorContext } from '../../platform/operator-auth.ts';
import { PaymentUnavailableError } from '../../providers/payments/provider.ts';
import { orderKindOf, takeBack } from './order-kinds.ts';
import {
  addRefunded,
  findOrderByCode,
  findRefundByKey,
  insertHistory,
  insertRefund,
  lockOrder,
  markRefundSucceeded,
  setRefundMessage,
} from './repository.ts';
import { ORDER_TOPIC, type OrderDeps } from './service.ts';

/**
 * Refunds of paid orders (docs/decisions.md, "Refunds"), asked by finance in the console.
 *
 * One refund is a small state machine: `pending` (recorded, its share of the order counted against
 * what may still be refunded, and what it delivered taken back: all in one transaction) then
 * `succeeded` once the provider confirms. The provider is asked after that transaction commits,
 * with the refund's own number (its out_request_no), so a retry with the same refund key asks the
 * provider the same question and money goes back once. A provider that cannot be reached or
 * refuses leaves the refund pending; asking again with the same key finishes it.
 */

type RefundRow = NonNullable<Awaited<ReturnType<typeof findRefundByKey>>>;

export function refundView(row: RefundRow): TOrderRefund {
  return {
    refund_no: row.refund_no,
    order_code: row.order_code,
    amount: fenToYuan(row.amount_fen),
    reason: row.reason,
    state: row.state as TOrderRefund['state'],
    provider_message: row.provider_message,
    created_at: row.created_at.toISOString(),
    refunded_at: row.refunded_at?.toISOString() ?? null,
  };
}

/** RF + date + 12 random hex digits: the provider's out_request_no (at most 64 characters). */
function newRefundNo(now = new Date()): string {
  return `RF${now.toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(6).toString('hex').toUpperCase()}`;
}

/**
 * Records the refund and takes back what it delivered, or finds the one already recorded under
 * this key. 404 unknown order; 409 not paid, a kind that cannot be refunded, more than is left to
 * refund, the key used for another refund, or what was delivered no longer there to take back.
 */
async function recordRefund(
  db: Db,
  input: { orderCode: string; amountFen: number; reason: string; refundKey: string; operatorId: number | null },
): Promise<RefundRow> {
  return transaction(db, async (tx) => {
    const found = await findOrderByCode(tx, input.orderCode);
    if (!found) throw AppError.notFound('orderNotFound');
    // Refunds of one order take turns: the key lookup, the amount left and the take-back are
    // decided one refund at a time.
    const order = await lockOrder(tx, found.id);
    const existing = await findRefundByKey(tx, order.id, input.refundKey);
    if (existing) {
      if (existing.amount_fen !== input.amountFen || existing.reason !== input.reason) {
        throw AppError.conflict('refundKeyReused');
      }
      return existing;
    }
    if (order.state !== 'paid') throw AppError.conflict('orderNotRefundable');
    const kind = orderKindOf(order.item);
    if (!kind?.refund) throw AppError.conflict(kind?.notRefundable ?? 'orderNotRefundable');
    // Never more than was paid in total: the guard and the addition are one statement.
    if (!(await addRefunded(tx, order.id, input.amountFen))) {
      throw AppError.conflict('refundOverPaid', {
        paid: fenToYuan(order.amount_fen),
        refunded: fenToYuan(order.refunded_fen),
      });
    }
    const refund = await insertRefund(tx, {
      orderId: order.id,
      orderCode: order.order_code,
      refundKey: input.refundKey,
      refundNo: newRefundNo(),
      provider: order.provider,
      amountFen: input.amountFen,
      reason: input.reason,
      operatorId: input.operatorId,
    });
    const alsoTaken = await takeBack(tx, order, kind, {
      refundNo: refund.refund_no,
      amountFen: input.amountFen,
      refundedBeforeFen: order.refunded_fen,
    });
    const said = [`refund ${refund.refund_no} of ${fenToYuan(input.amountFen)} asked: ${input.reason}`, ...alsoTaken];
    await insertHistory(tx, order.id, 'paid', 'paid', said.join('; ').slice(0, 500));
    await publishAfterCommit(tx, ORDER_TOPIC, order.order_code);
    return refund;
  });
}

/**
 * Refunds `amountFen` of a paid order through its payment provider. The same refund key again
 * answers the same refund (finishing it at the provider if it was left pending), never a second.
 * 503 when the provider cannot be reached, 409 when it refuses: the refund stays pending either
 * way, and the same key asks again.
 */
export async function refundOrder(
  deps: Pick<OrderDeps, 'db' | 'payments' | 'log'>,
  ctx: Pick<OperatorContext, 'operatorId'> | null,
  input: { orderCode: string; amountFen: number; reason: string; refundKey: string },
): Promise<TOrderRefund> {
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) {
    throw AppError.invalidField('amount', VALIDATION.aboveZero);
  }
  const refund = await recordRefund(deps.db, { ...input, operatorId: ctx?.operatorId ?? null });
  if (refund.state === 'succeeded') return refundView(refund);
  if (refund.provider !== deps.payments.name) {
    // Paid through a provider this server no longer talks to: left pending for finance.
    throw AppError.unavailable('paymentUnavailable');
  }
  let answer;
  try {
    answer = await deps.payments.refund({
      orderCode: refund.order_code,
      refundNo: refund.refund_no,
      amountFen: refund.amount_fen,
      reason: refund.reason,
    });
  } catch (error) {
    if (error instanceof PaymentUnavailableError) {
      deps.log.warn({ err: error, refundNo: refund.refund_no }, 'refund: provider not reachable, left pending');
      throw AppError.unavailable('paymentUnavailable', error);
    }
    throw error;
  }
  if (!answer.refunded) {
    deps.log.warn({ refundNo: refund.refund_no, message: answer.message }, 'refund refused by the provider');
    await setRefundMessage(deps.db, refund.id, answer.message);
    throw AppError.conflict('refundRefusedByProvider', { message: answer.message });
  }
  const done = await transaction(deps.db, async (tx) => {
    const row = (await markRefundSucceeded(tx, refund.id)) ?? refund;
    await insertHistory(tx, refund.order_id, 'paid', 'paid', `refund ${refund.refund_no} confirmed by the provider`);
    return row;
  });
  return refundView(done);
}
