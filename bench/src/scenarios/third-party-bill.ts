import { thirdPartyPaths } from '@seller-centre/contract/third-party';
import pg from 'pg';
import { measureList } from '../lib/lists.ts';
import type { Scenario } from '../lib/scenario.ts';
import type { Figure } from '../lib/types.ts';

/**
 * The third-party bill (POST /api/v1/finance/list) at volume: the demo tenant holds 1 million rows
 * among 3 million (20 other tenants hold the rest), spread over the last year. Each query shape is
 * asked one request at a time and its p95 held to the issue's budgets: 20 ms for a search that
 * finds few rows, 100 ms for a page with the total counted (every page of this list counts it).
 * The smoke run uses 10,000 of 30,000 rows.
 *
 * The rows go into the bench's own throwaway database (dropped after the run), which
 * `npm run ledger:verify` is never asked about: their running balance is made up and no ledger
 * transfer stands behind them, as the bench measures reading the bill, not posting to it.
 */

const SIZES = { full: { tenant: 1_000_000, total: 3_000_000 }, smoke: { tenant: 10_000, total: 30_000 } } as const;
const OTHER_TENANTS = 20;
const SPAN_SECONDS = 365 * 24 * 60 * 60;
const TYPES = ['pay', 'cod_withholding', 'cod_return', 'purchase_agency', 'erp_compensation', 'other'];

async function generate(url: string, size: { tenant: number; total: number }): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query(`SET synchronous_commit = off`);
    await db.query(`SET maintenance_work_mem = '256MB'`);
    const demo = await db.query<{ id: string }>(`SELECT id FROM users WHERE user_name = 'demo' AND user_type = 1`);
    const demoId = Number(demo.rows[0]!.id);
    const others = await db.query<{ id: string }>(
      `INSERT INTO users (id, main_id, user_type, phone_number, user_name)
       SELECT n, n, 1, '1593000' || lpad(i::text, 4, '0'), 'third-party-bill-' || i
         FROM (SELECT nextval(pg_get_serial_sequence('users', 'id')) AS n, i FROM generate_series(1, $1::int) i) s
       RETURNING id`,
      [OTHER_TENANTS],
    );
    const otherIds = others.rows.map((r) => Number(r.id));
    const indexes = await db.query<{ indexname: string; indexdef: string }>(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i
        WHERE i.tablename = 'third_party_transactions'
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    );
    for (const { indexname } of indexes.rows) await db.query(`DROP INDEX ${indexname}`);
    // Both times run together (a transaction is added the moment it happens, in this data).
    await db.query(
      `INSERT INTO third_party_transactions (main_id, transaction_id, transaction_type, capital_flows, amount_fen,
                                             balance_after_fen, platform, site, ordersn, warehouse_order_id,
                                             shop_name, shop_id, source, transaction_date, added_date)
       SELECT owner, 'BENCHT' || g, ($7::text[])[1 + g % cardinality($7::text[])],
              CASE WHEN g % 6 = 0 THEN 'into' ELSE 'out' END, 100 + g %10000, g * 10,
              (ARRAY['shopee', 'lazada', 'tiktok'])[1 + g % 3], 'TH', 'BENCHO' || g, 'BENCHW' || g,
              'shop ' || g % 50, 'S' || g % 50, 2, at, at
         FROM (SELECT g, CASE WHEN g <= $2 THEN $1 ELSE ($3::bigint[])[1 + g % $4] END AS owner,
                      now() - make_interval(secs => (CASE WHEN g <= $2 THEN g::float8 / $2
                                                     ELSE (g - $2)::float8 / ($5 - $2) END) * $6) AS at
                 FROM generate_series(1, $5::int) g) s`,
      [demoId, size.tenant, otherIds, otherIds.length, size.total, SPAN_SECONDS, TYPES],
    );
    for (const { indexdef } of indexes.rows) await db.query(indexdef);
    await db.query(`VACUUM (ANALYZE) third_party_transactions`);
  } finally {
    await db.end();
  }
}

const thirdPartyBill: Scenario = {
  name: 'third-party-bill',
  databases: ['postgres'],
  async prepare({ options, store }) {
    await generate(store.env.DATABASE_URL!, options.smoke ? SIZES.smoke : SIZES.full);
  },
  async run({ product, token, options, database }) {
    const size = options.smoke ? SIZES.smoke : SIZES.full;
    const requests = options.smoke ? 20 : 300;
    const url = `${product.baseURL}${thirdPartyPaths.list}`;
    const rows = `${size.tenant.toLocaleString('en')} of ${size.total.toLocaleString('en')} rows`;
    const pages = (extra: Record<string, unknown> = {}) =>
      Array.from({ length: 10 }, (_, i) => ({ ...extra, page: i + 1, page_size: 20 }));
    // The demo's rows are numbered 1..tenant; pick ones spread over its year.
    const picks = (prefix: string) =>
      Array.from({ length: 10 }, (_, i) => `${prefix}${1 + i * Math.floor(size.tenant / 10)}`);
    await measureList(url, token, [{}], 10);
    const shapes: { name: string; bodies: unknown[]; budget: number }[] = [
      { name: 'pages 1-10 (total counted)', bodies: pages(), budget: 100 },
      {
        name: 'one type, pages 1-10 (total counted)',
        bodies: pages({ transaction_type: 'cod_withholding' }),
        budget: 100,
      },
      { name: 'one transaction id', bodies: picks('BENCHT').map((id) => ({ transaction_id: id })), budget: 20 },
      { name: 'one order number', bodies: picks('BENCHO').map((id) => ({ ordersn: id })), budget: 20 },
    ];
    const figures: Figure[] = [];
    for (const shape of shapes) {
      const result = await measureList(url, token, shape.bodies, requests);
      figures.push({
        scenario: `third-party bill, ${shape.name}`,
        database,
        name: 'p95 latency',
        value: result.p95,
        unit: 'ms',
        budget: { op: '<=', value: shape.budget },
        note: `${rows}; median ${result.p50.toFixed(1)} ms; ${requests} requests${result.failed ? `, ${result.failed} FAILED` : ''}; total ${result.total}`,
      });
    }
    return figures;
  },
};

export default thirdPartyBill;
