import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/client.ts';
import type { Principal } from './auth.ts';
import { visibleTo } from './data-authority.ts';

/**
 * Totals of the money lists from the counters migration 0640 keeps (`kept_counts`): rows per
 * list, owner, equality-filter values and UTC hour, and again per UTC day. A total over a time
 * range is the sum of the whole days and whole hours inside it plus the list's own exact count
 * of the rows in the two cut hours at its edges, so any range (browser local days, quick ranges,
 * a custom range to the second) is answered exactly while reading at most two hours of rows.
 */

export type KeptList =
  'fee_flow' | 'fee_bill' | 'rent' | 'third_party' | 'distribution_bill' | 'withdrawal' | 'software_bill';

/** A slice of the list's time column: `>= from`, `< before`, `<= to` (each when given). */
export type Edge = { from?: Date | undefined; before?: Date | undefined; to?: Date | undefined };

export type KeptTotal = {
  list: KeptList;
  ownerId: number;
  /** The equality filters on the counter keys: a key left out is not narrowed; a list is `IN`. */
  keys?: { k1?: readonly string[] | undefined; k2?: readonly string[] | undefined; k3?: readonly string[] | undefined };
  /** The row's warehouse (0 none): narrowed to one, and to the caller's warehouse authority. */
  warehouse?: number | undefined;
  warehouseViewer?: Principal | null | undefined;
  /** Lists whose w is the row's shop (0 none named, -1 one the tenant does not list): the caller's shop authority. */
  shopViewer?: Principal | null | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** The list's exact count (every filter of the page) of the rows in a slice of the range. */
  exact: (edge: Edge) => Promise<number>;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const floorTo = (d: Date, unit: number) => new Date(Math.floor(d.getTime() / unit) * unit);
const ceilTo = (d: Date, unit: number) => new Date(Math.ceil(d.getTime() / unit) * unit);

/** The condition on a time column for a slice of a range. */
export function inEdge(column: string, edge: Edge): Expression<SqlBool> {
  const parts = [
    edge.from && sql`${sql.ref(column)} >= ${edge.from}`,
    edge.before && sql`${sql.ref(column)} < ${edge.before}`,
    edge.to && sql`${sql.ref(column)} <= ${edge.to}`,
  ].filter((p) => !!p);
  return parts.length === 0 ? sql<SqlBool>`TRUE` : sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

type Span = { day: boolean; from?: Date | undefined; before?: Date | undefined };

/** Splits [from, to] into whole days, whole hours and the cut edges to count exactly. */
export function splitRange(from: Date | undefined, to: Date | undefined): { spans: Span[]; edges: Edge[] } {
  const h1 = from && ceilTo(from, HOUR);
  const h2 = to && floorTo(to, HOUR);
  // Within one or two hours: no whole hour to read, the exact count reads the range itself.
  if (h1 && h2 && h1.getTime() >= h2.getTime()) return { spans: [], edges: [{ from, to }] };
  const edges: Edge[] = [];
  if (from && h1!.getTime() > from.getTime()) edges.push({ from, before: h1 });
  if (to) edges.push({ from: h2, to });
  const d1 = h1 && ceilTo(h1, DAY);
  const d2 = h2 && floorTo(h2, DAY);
  if (d1 && d2 && d1.getTime() >= d2.getTime()) return { spans: [{ day: false, from: h1, before: h2 }], edges };
  const spans: Span[] = [{ day: true, from: d1, before: d2 }];
  if (h1 && h1.getTime() < d1!.getTime()) spans.push({ day: false, from: h1, before: d1 });
  if (h2 && d2!.getTime() < h2.getTime()) spans.push({ day: false, from: d2, before: h2 });
  return { spans, edges };
}

export async function keptTotal(db: Db, q: KeptTotal): Promise<number> {
  const { spans, edges } = splitRange(q.from, q.to);
  const counted =
    spans.length === 0
      ? Promise.resolve(0)
      : db
          .selectFrom('kept_counts as k')
          .select(sql<string>`COALESCE(sum(k.n), 0)`.as('n'))
          .where('k.list', '=', q.list)
          .where('k.owner_id', '=', q.ownerId)
          .where((eb) =>
            eb.or(
              spans.map((s) =>
                eb.and([
                  eb('k.day', '=', s.day),
                  ...(s.from ? [eb('k.bucket', '>=', s.from)] : []),
                  ...(s.before ? [eb('k.bucket', '<', s.before)] : []),
                ]),
              ),
            ),
          )
          .$if(q.keys?.k1 !== undefined, (qb) => qb.where('k.k1', 'in', q.keys!.k1!))
          .$if(q.keys?.k2 !== undefined, (qb) => qb.where('k.k2', 'in', q.keys!.k2!))
          .$if(q.keys?.k3 !== undefined, (qb) => qb.where('k.k3', 'in', q.keys!.k3!))
          .$if(q.warehouse !== undefined, (qb) => qb.where('k.w', '=', q.warehouse!))
          .$if(!!q.warehouseViewer && q.warehouseViewer.userType !== 1, (qb) =>
            qb.where((eb) => eb.or([eb('k.w', '=', 0), visibleTo(eb, q.warehouseViewer!, 'warehouses', 'k.w')])),
          )
          .$if(!!q.shopViewer && q.shopViewer.userType !== 1, (qb) =>
            qb.where((eb) => eb.or([eb('k.w', '=', 0), visibleTo(eb, q.shopViewer!, 'shops', 'k.w')])),
          )
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n));
  const parts = await Promise.all([counted, ...edges.map((e) => q.exact(e))]);
  return parts.reduce((a, b) => a + b, 0);
}

/**
 * A page of a list and the list's total. A search whose total is a count of its rows (no kept
 * counters apply) reads the page first: a page that comes back shorter than a page, with rows
 * or as the first page, ends the list, so the total is the rows before it plus its own and the
 * count is not asked (a one-row search is one statement). Otherwise the count follows; a list
 * totalled from the kept counters asks both at once.
 */
export async function pageAndTotal<R>(
  page: { offset: number; size: number; rows: () => Promise<R[]> },
  total: { counted: boolean; of: () => Promise<number> },
): Promise<[R[], number]> {
  if (!total.counted) return Promise.all([page.rows(), total.of()]);
  const rows = await page.rows();
  const endsList = rows.length < page.size && (rows.length > 0 || page.offset === 0);
  return [rows, endsList ? page.offset + rows.length : await total.of()];
}
