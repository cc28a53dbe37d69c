import { BILL_PAY_STATES, type TSoftwareBill, type TSoftwareBillQuery } from '@seller-centre/contract/bills';
import { PERMISSIONS } from '@seller-centre/contract/permissions';
import { parseBillTime as parseContractBillTime } from '@seller-centre/contract/quota';
import type { Db } from '../../db/client.ts';
import { billNames } from '../../messages/orders.ts';
import { fenToYuan } from '../../platform/fen.ts';
import { requirePermission, type AccessContext } from '../../platform/permissions.ts';
import { orderTitle } from '../orders/service.ts';
import { countSoftwareBill, findSoftwareBillPage, type SoftwareBillFilter } from './repository.ts';

const STATES_OF_PAY_STATE: Record<number, string[]> = {
  [BILL_PAY_STATES.unpaid]: ['unpaid'],
  [BILL_PAY_STATES.paid]: ['paid'],
  [BILL_PAY_STATES.closed]: ['expired', 'cancelled'],
};

function payStateOf(state: string): number {
  if (state === 'paid') return BILL_PAY_STATES.paid;
  if (state === 'unpaid') return BILL_PAY_STATES.unpaid;
  return BILL_PAY_STATES.closed;
}

/**
 * The software bill (page 268): the tenant's orders with their filters and paging, and the total.
 * An employee needs the page and sees what its data authority over purchase data allows.
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
  const [rows, total] = await Promise.all([
    findSoftwareBillPage(db, ctx.principal, filter, {
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    }),
    countSoftwareBill(db, ctx.principal, filter),
  ]);
  const { lang } = ctx;
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
