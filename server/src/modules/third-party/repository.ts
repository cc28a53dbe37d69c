import { parseBillTime } from '@seller-centre/contract/quota';
import type { TThirdPartyFilters } from '@seller-centre/contract/third-party';
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import type { Principal } from '../../platform/auth.ts';
import { visibleTo } from '../../platform/data-authority.ts';
import { keysetBefore, keysetTime, type KeysetKey } from '../../platform/exports/registry.ts';
import { inEdge, type Edge } from '../../platform/kept-counts.ts';

/** The queries of the third-party bill (`third_party_transactions`, one row per movement of the balance). */

/**
 * Takes turns with the tenant's other postings until the transaction ends (an advisory lock on
 * `third_party:<tenant>`).
 */
export async function lockTenantPostings(tx: Db, tenantId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`third_party:${tenantId}`}, 0))`.execute(tx);
}

/** The row a transaction id already wrote, with what a repeat is compared on. */
export function findTransaction(db: Db, transactionId: string) {
  return db
    .selectFrom('third_party_transactions')
    .select(['main_id', 'amount_fen', 'capital_flows', 'balance_after_fen'])
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
}

export type TransactionValues = {
  main_id: number;
  transaction_id: string;
  transaction_type: string;
  capital_flows: 'into' | 'out';
  amount_fen: number;
  balance_after_fen: number;
  source: number;
  operator_id: number | null;
  platform: string;
  site: string;
  ordersn: string;
  warehouse_order_id: string;
  shop_name: string;
  shop_id: string;
  remark: string;
  tenant_shop_id: number | null;
  /** The column's default (now) when left out. */
  transaction_date?: Date;
  added_date: Date;
};

export function insertTransaction(db: Db, values: TransactionValues) {
  return db
    .insertInto('third_party_transactions')
    .values(values)
    .returning(['id', 'balance_after_fen'])
    .executeTakeFirstOrThrow();
}

/** A main account (a tenant) by id, or undefined. */
export function findTenant(db: Db, tenantId: number) {
  return db
    .selectFrom('users')
    .select('id')
    .where('id', '=', tenantId)
    .where('user_type', '=', 1)
    .executeTakeFirst();
}

// ---- the bill ----------------------------------------------------------------------------------

export type BillQuery = SelectQueryBuilder<Database, 'third_party_transactions', object>;

/** A filter's [from, to] day range as instants, either end open. */
export function dateRange(range: readonly string[] | undefined): [Date | undefined, Date | undefined] {
  if (!range) return [undefined, undefined];
  const [from, to] = range;
  return [from ? new Date(parseBillTime(from, 'from')) : undefined, to ? new Date(parseBillTime(to, 'to')) : undefined];
}

/**
 * The rows of the viewer's shops: a row naming no shop (a top-up, an operator's entry) is the
 * tenant's; a row of a shop the tenant does not list only for those who see every shop.
 */
function shopVisible(principal: Principal | null) {
  return (eb: ExpressionBuilder<Database, 'third_party_transactions'>) =>
    principal === null || principal.userType === 1
      ? sql<boolean>`TRUE`
      : eb.or([
          eb.and([eb('shop_name', '=', ''), eb('shop_id', '=', '')]),
          visibleTo(eb, principal, 'shops', 'tenant_shop_id'),
        ]);
}

/**
 * The tenant's rows matching the bill's filters (the list, its total and its export), narrowed
 * to the viewer's shops, and the time column they are ordered by.
 */
export function billQuery(
  db: Db,
  tenantId: number,
  f: TThirdPartyFilters,
  viewer: Principal | null,
): { query: BillQuery; timeColumn: 'added_date' | 'transaction_date' } {
  let query: BillQuery = db
    .selectFrom('third_party_transactions')
    .where('main_id', '=', tenantId)
    .where(shopVisible(viewer) as never);
  if (f.platform) query = query.where('platform', '=', f.platform);
  if (f.transaction_type) query = query.where('transaction_type', '=', f.transaction_type);
  if (f.capital_flows) query = query.where('capital_flows', '=', f.capital_flows);
  for (const column of ['transaction_id', 'ordersn', 'warehouse_order_id', 'shop_id'] as const) {
    const text = f[column];
    if (text) query = query.where(column, '=', text);
  }
  if (f.shop_name) query = query.where('shop_name', 'ilike', `%${f.shop_name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const timeColumn = f.transaction_date && !f.added_date ? 'transaction_date' : 'added_date';
  for (const column of ['added_date', 'transaction_date'] as const) {
    const [from, to] = dateRange(f[column]);
    if (from) query = query.where(column, '>=', from);
    if (to) query = query.where(column, '<=', to);
  }
  return { query, timeColumn };
}

/** A bill row's columns, as the list and the export read them. */
export const ROW_COLUMNS = [
  'id',
  'transaction_id',
  'platform',
  'site',
  'ordersn',
  'warehouse_order_id',
  'shop_name',
  'shop_id',
  'amount_fen',
  'balance_after_fen',
  'transaction_type',
  'capital_flows',
  'added_date',
  'transaction_date',
  'remark',
  'is_old',
] as const;

/** How many rows a bill query holds; with an edge, only those whose time added is within it. */
export async function countBill(query: BillQuery, addedEdge?: Edge): Promise<number> {
  const narrowed = addedEdge ? query.where(inEdge('added_date', addedEdge)) : query;
  const row = await narrowed.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of a bill query, newest first by its time column. */
export function findBillPage(
  query: BillQuery,
  timeColumn: 'added_date' | 'transaction_date',
  page: { limit: number; offset: number },
) {
  return query
    .select([...ROW_COLUMNS])
    .orderBy(timeColumn, 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** The next keyset page of a bill query, newest first, after `after` (the export). */
export function findBillKeysetPage(
  query: BillQuery,
  timeColumn: 'added_date' | 'transaction_date',
  after: KeysetKey | undefined,
  limit: number,
) {
  let page = query.select([...ROW_COLUMNS, keysetTime(timeColumn).as('keyset_at')]);
  if (after) page = page.where(keysetBefore(timeColumn, 'id', after));
  return page.orderBy(timeColumn, 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** One page of operators' entries (source `source`), newest first, with who posted each. */
export async function findOperatorEntryPage(
  db: Db,
  f: { source: number; tenantId?: number | undefined },
  page: { limit: number; offset: number },
) {
  let base = db
    .selectFrom('third_party_transactions as t')
    .leftJoin('operators as o', 'o.id', 't.operator_id')
    .where('t.source', '=', f.source);
  if (f.tenantId) base = base.where('t.main_id', '=', f.tenantId);
  const [rows, count] = await Promise.all([
    base
      .select(ROW_COLUMNS.map((c) => `t.${c}` as const))
      .select(['t.main_id', sql<string>`coalesce(o.display_name, '')`.as('operator')])
      .orderBy('t.added_date', 'desc')
      .orderBy('t.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
