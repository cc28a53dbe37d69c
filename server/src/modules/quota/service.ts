import { PERMISSIONS } from '@seller-centre/contract/permissions';
import {
  parseBillTime,
  QUOTA_TYPE_IDS,
  type TDeductionList,
  type TDeductionListRequest,
  type TQuotaBalances,
  type TQuotaSpendRequest,
  type TQuotaSpendResult,
  type TQuotaType,
} from '@seller-centre/contract/quota';
import { transaction, type Db } from '../../db/client.ts';
import { seesAllOf } from '../../platform/data-authority.ts';
import { AppError } from '../../platform/errors.ts';
import { requirePermission, type AccessContext } from '../../platform/permissions.ts';
import {
  addToBalance,
  claimLog,
  countDeductions,
  countedDeductions,
  findDeductionPage,
  dropLog,
  findBalance,
  findBalances,
  findLogByKey,
  LOG_KIND,
  spendFromBalance,
  takeBackFromBalance,
  type DeductionFilter,
  type LogClaim,
} from './repository.ts';

/**
 * Quota balances per tenant and type (docs/product.md deduction types 1-7). The only ways to change one:
 * `addQuota` (a paid value-added order) and `spendQuota` (the suite's systems doing the work).
 * Each runs inside the caller's transaction when given one, carries an idempotency key unique
 * per tenant (the same key again changes nothing: `applied: false`) and writes one row to
 * quota_logs; deductions are the deduction bill.
 */

export type QuotaChange = {
  /** The tenant: its main account's id. */
  tenantId: number;
  type: TQuotaType;
  /** How many units; a positive integer. */
  amount: number;
  /** Idempotency key, unique per tenant (1-200 characters). */
  key: string;
  /** The order (addition) or business task (deduction) it belongs to; shown in the bill. */
  orderId?: string;
  /** Who did it (null or absent: a system) and the name shown in the bill. */
  userId?: number | null;
  userName: string;
};

export type QuotaResult = { applied: boolean; left: number };

function check(change: QuotaChange) {
  if (!QUOTA_TYPE_IDS.includes(change.type)) throw new RangeError(`quota: unknown type ${change.type}`);
  if (!Number.isSafeInteger(change.amount) || change.amount <= 0)
    throw new RangeError('quota: amount must be a positive integer');
  if (change.key.length < 1 || change.key.length > 200) throw new RangeError('quota: key must be 1-200 characters');
  if ((change.orderId ?? '').length > 64) throw new RangeError('quota: orderId is at most 64 characters');
}

function claimOf(change: QuotaChange, kind: 1 | 2 | 3): LogClaim {
  return {
    tenantId: change.tenantId,
    kind,
    type: change.type,
    key: change.key,
    orderId: change.orderId ?? '',
    amount: change.amount,
    userId: change.userId ?? null,
    userName: change.userName,
  };
}

/** A key met again: the same change is a replay (nothing changes); a different one is a 409. */
async function replay(tx: Db, c: LogClaim): Promise<QuotaResult> {
  const existing = await findLogByKey(tx, c.tenantId, c.key);
  if (!existing) throw new Error('quota: a key conflicted but no row holds it');
  if (
    existing.kind !== c.kind ||
    existing.type !== c.type ||
    existing.use_num !== c.amount ||
    existing.order_id !== c.orderId
  ) {
    throw AppError.conflict('quotaKeyReused');
  }
  return { applied: false, left: await findBalance(tx, c.tenantId, c.type) };
}

/** A value-added order's item as stored: the quota it adds when paid. */
export type ValueAddedItem = {
  kind: 'valueAdded';
  package_pay_id: number;
  quota_type: number;
  quota_amount: number;
  /** The catalogue's service code and package name when bought, so its title can be said in any language. */
  service?: string;
  package_name?: string;
};

/** Adds quota to a tenant (fulfilment of a value-added order). */
export function addQuota(trx: Db, change: QuotaChange): Promise<QuotaResult> {
  check(change);
  return transaction(trx, async (tx) => {
    const c = claimOf(change, LOG_KIND.addition);
    const id = await claimLog(tx, c);
    if (id === undefined) return replay(tx, c);
    return { applied: true, left: await addToBalance(tx, id, c.tenantId, c.type, c.amount) };
  });
}

/**
 * Takes back unspent quota a refunded order added (a refund row, kind 3; not a deduction, so the
 * deduction bill does not list it). 409 (`refundQuotaSpent`) when the balance no longer holds it.
 */
export function takeBackQuota(trx: Db, change: QuotaChange): Promise<QuotaResult> {
  check(change);
  return transaction(trx, async (tx) => {
    const c = claimOf(change, LOG_KIND.refund);
    const id = await claimLog(tx, c);
    if (id === undefined) return replay(tx, c);
    const left = await takeBackFromBalance(tx, id, c.tenantId, c.type, c.amount);
    if (left === undefined) {
      await dropLog(tx, id);
      throw AppError.conflict('refundQuotaSpent', { units: c.amount });
    }
    return { applied: true, left };
  });
}

/**
 * Spends quota and writes the deduction row. 409 (`quotaInsufficient`) when the balance does
 * not hold `amount`: concurrent spends are serialised by the guarded update, so the balance
 * never goes below zero.
 */
export function spendQuota(trx: Db, change: QuotaChange): Promise<QuotaResult> {
  check(change);
  return transaction(trx, async (tx) => {
    const c = claimOf(change, LOG_KIND.deduction);
    const id = await claimLog(tx, c);
    if (id === undefined) return replay(tx, c);
    const left = await spendFromBalance(tx, id, c.tenantId, c.type, c.amount);
    if (left === undefined) {
      await dropLog(tx, id);
      throw AppError.conflict('quotaInsufficient');
    }
    return { applied: true, left };
  });
}

/** What is left of every quota type of a tenant (types never bought: 0). */
export async function quotaBalancesOf(db: Db, tenantId: number): Promise<{ type: number; left: number }[]> {
  const rows = await findBalances(db, tenantId);
  const byType = new Map(rows.map((r) => [r.type, r.balance]));
  return QUOTA_TYPE_IDS.map((type) => ({ type, left: byType.get(type) ?? 0 }));
}

/**
 * The quota services a tenant has ever bought, each with everything added and everything spent:
 * the personal centre's value-added table. Read from the same balances the spend call changes and
 * the deduction bill's left_num reports, so a purchase or a spend shows in all three at once.
 */
export async function quotaHoldingsOf(
  db: Db,
  tenantId: number,
): Promise<{ type: number; added: number; used: number; left: number }[]> {
  const rows = await findBalances(db, tenantId);
  return rows
    .filter((r) => r.added > 0)
    .map((r) => ({ type: r.type, added: r.added, used: r.added - r.balance, left: r.balance }));
}

/**
 * The deduction bill (docs/product.md, POST /api/v1/package/getLogList): page 269. An employee sees the
 * deductions of the accounts its data authority over employees covers (all, or the chosen
 * employees and itself); a main account sees all of its tenant's.
 */
export async function listDeductions(
  db: Db,
  ctx: AccessContext,
  query: TDeductionListRequest,
): Promise<TDeductionList> {
  const { principal } = ctx;
  requirePermission(principal, PERMISSIONS.bill.softwareDeduction);
  const filter: DeductionFilter = {
    tenantId: principal.tenantId,
    type: query.type,
    orderId: query.order_id || undefined,
    from: query.from_time ? new Date(parseBillTime(query.from_time, 'from')) : undefined,
    to: query.to_time ? new Date(parseBillTime(query.to_time, 'to')) : undefined,
  };
  const seesAll = seesAllOf(principal, 'employees');
  const narrowedByRows = filter.orderId !== undefined || filter.from !== undefined || filter.to !== undefined;
  const [rows, count] = await Promise.all([
    findDeductionPage(db, filter, principal, { limit: query.page_size, offset: (query.page - 1) * query.page_size }),
    // The total of an unfiltered bill (or one type) is kept with the balances: a million rows are
    // not counted on every page.
    seesAll && !narrowedByRows
      ? countedDeductions(db, filter.tenantId, filter.type)
      : countDeductions(db, filter, principal),
  ]);
  return {
    count,
    data: rows.map((r) => ({
      order_id: r.order_id,
      type: r.type,
      use_num: r.use_num,
      left_num: r.left_num,
      user_name: r.user_name,
      create_at: r.created_at.toISOString(),
    })),
  };
}

/** HTTP callers' keys live apart from the server's own (an order's addition), so they cannot collide. */
const API_KEY_PREFIX = 'api:';

/**
 * The suite's one spend call (POST /api/v1/package/quota/spend): the caller's tenant spends
 * `use_num` of one quota type, recorded under the caller's name. Any signed-in account of the
 * tenant may spend (the system doing the work acts with the user's token); 409 when short.
 */
export async function spendQuotaFor(db: Db, ctx: AccessContext, input: TQuotaSpendRequest): Promise<TQuotaSpendResult> {
  const { principal } = ctx;
  const result = await spendQuota(db, {
    tenantId: principal.tenantId,
    type: input.type,
    amount: input.use_num,
    key: API_KEY_PREFIX + input.key,
    orderId: input.order_id,
    userId: principal.userId,
    userName: principal.userName,
  });
  return { applied: result.applied, type: input.type, left_num: result.left };
}

/** What is left of each quota type for the caller's tenant. */
export async function listQuotaBalances(db: Db, ctx: AccessContext): Promise<TQuotaBalances> {
  const balances = await quotaBalancesOf(db, ctx.principal.tenantId);
  return balances.map((b) => ({ type: b.type, left_num: b.left }));
}
