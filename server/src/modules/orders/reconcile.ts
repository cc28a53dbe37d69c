import type { TReconciliationDifference, TReconciliationRun } from '@seller-centre/contract/ops';
import { toJsonb, type Db } from '../../db/client.ts';
import { fenToYuan } from '../../platform/fen.ts';
import type { PaymentProvider, StatementLine } from '../../providers/payments/provider.ts';
import { findBookedDay } from './repository.ts';

/**
 * Payment reconciliation (docs/operations.md): every payment and refund we booked on a business
 * day (UTC+08:00) against the provider's statement of that day. Payments are matched by order
 * code, refunds by refund number (the provider's out_request_no). Each run is kept with its
 * differences, so the console shows the last ones; the script exits 1 when there is any.
 */

export type ReconcileTrigger = 'job' | 'script' | 'console';

type Line = { orderCode: string; reference: string; amountFen: number };

function compare(
  line: 'payment' | 'refund',
  ours: Line[],
  theirs: Line[],
  keyOf: (l: Line) => string,
): TReconciliationDifference[] {
  const differences: TReconciliationDifference[] = [];
  const theirsByKey = new Map(theirs.map((l) => [keyOf(l), l]));
  const oursByKey = new Map(ours.map((l) => [keyOf(l), l]));
  for (const t of theirs) {
    const o = oursByKey.get(keyOf(t));
    if (!o) {
      differences.push({
        kind: 'missing_here',
        line,
        order_code: t.orderCode,
        reference: t.reference,
        ours: null,
        theirs: fenToYuan(t.amountFen),
      });
    } else if (o.amountFen !== t.amountFen) {
      differences.push({
        kind: 'amount_differs',
        line,
        order_code: t.orderCode,
        reference: t.reference,
        ours: fenToYuan(o.amountFen),
        theirs: fenToYuan(t.amountFen),
      });
    }
  }
  for (const o of ours) {
    if (!theirsByKey.has(keyOf(o))) {
      differences.push({
        kind: 'missing_at_provider',
        line,
        order_code: o.orderCode,
        reference: o.reference,
        ours: fenToYuan(o.amountFen),
        theirs: null,
      });
    }
  }
  return differences;
}

/** Compares one business day (YYYY-MM-DD) and keeps the run; the provider's errors reach the caller. */
export async function reconcilePayments(
  deps: { db: Db; payments: PaymentProvider },
  date: string,
  trigger: ReconcileTrigger,
): Promise<TReconciliationRun> {
  const statement: StatementLine[] = await deps.payments.statement(date);
  const booked = await findBookedDay(deps.db, deps.payments.name, date);
  const ourPayments = booked.payments.map((p) => ({
    orderCode: p.order_code,
    reference: p.provider_trade_no ?? '',
    amountFen: p.amount_fen,
  }));
  const ourRefunds = booked.refunds.map((r) => ({
    orderCode: r.order_code,
    reference: r.refund_no,
    amountFen: r.amount_fen,
  }));
  const differences = [
    ...compare(
      'payment',
      ourPayments,
      statement.filter((l) => l.kind === 'payment'),
      (l) => l.orderCode,
    ),
    ...compare(
      'refund',
      ourRefunds,
      statement.filter((l) => l.kind === 'refund'),
      (l) => l.reference,
    ),
  ];
  const row = await deps.db
    .insertInto('payment_reconciliations')
    .values({
      business_date: date,
      provider: deps.payments.name,
      trigger,
      payments: ourPayments.length,
      refunds: ourRefunds.length,
      difference_count: differences.length,
      differences: toJsonb(differences),
    })
    .returning(['id', 'ran_at'])
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    business_date: date,
    provider: deps.payments.name,
    trigger,
    payments: ourPayments.length,
    refunds: ourRefunds.length,
    difference_count: differences.length,
    differences,
    ran_at: row.ran_at.toISOString(),
  };
}

/** The last runs, newest first, with their differences. */
export async function listReconciliations(db: Db, limit: number): Promise<TReconciliationRun[]> {
  const rows = await db
    .selectFrom('payment_reconciliations')
    .select([
      'id',
      (eb) => eb.cast<string>('business_date', 'text').as('business_date'),
      'provider',
      'trigger',
      'payments',
      'refunds',
      'difference_count',
      'differences',
      'ran_at',
    ])
    .orderBy('ran_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    ...r,
    trigger: r.trigger as TReconciliationRun['trigger'],
    differences: r.differences as TReconciliationDifference[],
    ran_at: r.ran_at.toISOString(),
  }));
}

/** Yesterday in business time (UTC+08:00): the day the daily job reconciles, its statement complete. */
export function previousBusinessDay(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
}
