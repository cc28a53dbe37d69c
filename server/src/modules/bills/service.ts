import { BILL_PAY_STATES, type TSoftwareBill, type TSoftwareBillQuery } from '@seller-centre/contract/bills';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import { parseBillTime as parseContractBillTime } from '@seller-centre/contract/quota';
import type { Db } from '../../db/client.ts';
import { billNames } from '../../messages/orders.ts';
import type { Principal } from '../../platform/auth.ts';
import { seesAllOf } from '../../platform/data-authority.ts';
import { fenToYuan } from '../../platform/fen.ts';
import { keptTotal, pageAndTotal } from '../../platform/kept-counts.ts';
import { requirePermission, type AccessContext } from '../../platform/permissions.ts';
import { orderTitle, refundStateOf } from '../orders/service.ts';
import {
  BILL_PAY_TYPES,
  countSoftwareBill,
  findRefundsOfOrders,
  findSoftwareBillPage,
  type SoftwareBillFilter,
} from './repository.ts';

const STATES_OF_PAY_STATE: Record<number, string[]> = {
  [BILL_PAY_STATES.unpaid]: ['unpaid'],
  [BILL_PAY_STATES.paid]: ['paid'],
  [BILL_PAY_STATES.closed]: ['expired', 'cancelled'],
};

/**
 * Whether the bill's total is a count of its rows rather than the kept counters: an order-code
 * search (one row, by the unique index), and an employee that does not see all purchase data
 * (own orders, or none): the counters are the tenant's, not per user.
 */
function billCounted(principal: Principal, f: SoftwareBillFilter): boolean {
  if (f.orderCode !== undefined) return true;
  return !seesAllOf(principal, 'purchase');
}

/** The bill's total: kept counters by package type, state and pay type over time; otherwise counted. */
async function billTotal(db: Db, principal: Principal, f: SoftwareBillFilter): Promise<number> {
  if (billCounted(principal, f)) return countSoftwareBill(db, principal, f);
  return keptTotal(db, {
    list: 'software_bill',
    ownerId: principal.tenantId,
    keys: {
      k1: f.packagePayType !== undefined ? [String(f.packagePayType)] : undefined,
      k2: f.states,
      k3: (f.payType !== undefined ? [f.payType] : BILL_PAY_TYPES).map(String),
    },
    from: f.from,
    to: f.to,
    exact: (edge) => countSoftwareBill(db, principal, f, edge),
  });
}

function payStateOf(state: string): number {
  if (state === 'paid') return BILL_PAY_STATES.paid;
  if (state === 'unpaid') return BILL_PAY_STATES.unpaid;
  return BILL_PAY_STATES.closed;
}

/**
 * The software bill (page 268): the tenant's orders with their filters and paging, and the total
 * (kept, or counted: `billTotal`). An employee needs the page and sees what its data authority
 * over purchase data allows.
 */
export async function listSoftwareBill(db: Db, ctx: AccessContext, query: TSoftwareBillQuery): Promise<TSoftwareBill> {
  requirePermission(ctx.principal, PERMISSIONS.bill.softwareFee);
  const filter: SoftwareBillFilter = {
    orderCode: query.order_code || undefined,
    packagePayType: query.package_pay_type ?? undefined,
    from: query.time_from ? new Date(parseContractBillTime(query.time_from, 'from')) : undefined,
    to: query.time_to ? new Date(parseContractBillTime(query.time_to, 'to')) : undefined,
    states: query.pay_state === undefined || query.pay_state === null ? undefined : STATES_OF_PAY_STATE[query.pay_state],
    payType: query.pay_type ?? undefined,
  };
  const offset = (query.page - 1) * query.page_size;
  const [rows, total] = await pageAndTotal(
    {
      offset,
      size: query.page_size,
      rows: () => findSoftwareBillPage(db, ctx.principal, filter, { limit: query.page_size, offset }),
    },
    { counted: billCounted(ctx.principal, filter), of: () => billTotal(db, ctx.principal, filter) },
  );
  const { lang } = ctx;
  const refunds = await findRefundsOfOrders(
    db,
    rows.filter((r) => r.refunded_fen > 0).map((r) => r.id),
  );
  return {
    data: rows.map((r) => ({
      order_code: r.order_code,
      transaction_type_name:
        billNames.transactionType[r.pay_type as keyof typeof billNames.transactionType]?.[lang] ?? String(r.pay_type),
      package_type_name:
        billNames.packageType[r.package_pay_type as keyof typeof billNames.packageType]?.[lang] ??
        String(r.package_pay_type),
      title: orderTitle(lang, r.item, r.title),
      order_price: fenToYuan(r.amount_fen),
      margin: fenToYuan(r.discount_fen),
      pay_state: payStateOf(r.state),
      user_name: r.user_name,
      create_time: r.created_at.toISOString(),
      refund_amount: fenToYuan(r.refunded_fen),
      refund_state: refundStateOf(r.amount_fen, r.refunded_fen),
      refunds: refunds
        .filter((f) => f.order_id === r.id)
        .map((f) => ({
          amount: fenToYuan(f.amount_fen),
          state: f.state as 'pending' | 'succeeded',
          create_time: f.created_at.toISOString(),
        })),
    })),
    total_count: total,
  };
}

/**
 * A bound of a bill's time range by the contract's rule (a zone-less time is business time, the
 * end second inclusive), for the other bills (distribution) that read time ranges the same way.
 */
export function parseBillTime(text: string | undefined, endOfDay: boolean): Date | undefined {
  if (!text) return undefined;
  const at = parseContractBillTime(text, endOfDay ? 'to' : 'from');
  return Number.isNaN(at) ? undefined : new Date(at);
}
