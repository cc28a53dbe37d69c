import { warehousePaths } from '@seller-centre/contract/warehouse';
import pg from 'pg';
import { measureList } from '../lib/lists.ts';
import type { Scenario } from '../lib/scenario.ts';
import type { Figure } from '../lib/types.ts';

/**
 * The cloud-warehouse fee flow and fee bill pages (POST /api/v1/common/wmsUnit, services
 * getCostWaterAndOrder and getCostBillAndOrder, the local provider) at volume: the demo tenant's
 * local-provider link holds 1 million flow rows and 1 million bill rows among 3 million of each
 * (20 other tenants, linked to the same provider, hold the rest), spread over the last year. Each
 * query shape is asked one request at a time and its p95 held to the issue's budgets: 20 ms for a
 * search that finds few rows, 100 ms for a page with the total counted (every page of these lists
 * counts it). The smoke run uses 10,000 of 30,000 rows of each.
 *
 * The rows go into the bench's own throwaway database (dropped after the run), which
 * `npm run ledger:verify` is never asked about: the flow rows' running balance is made up and no
 * ledger transfer stands behind them, as the bench measures reading the lists, not posting fees.
 */

const SIZES = { full: { tenant: 1_000_000, total: 3_000_000 }, smoke: { tenant: 10_000, total: 30_000 } } as const;
const OTHER_TENANTS = 20;
const SPAN_SECONDS = 365 * 24 * 60 * 60;
const FEE_TYPES = ['SHIPPING', 'OPERATION', 'STORAGE', 'INBOUND', 'RETURN', 'PACKAGING', 'OTHER'];
const BUSINESS_TYPES = ['so', 'asn', 'rma', 'express', 'package', 'ot'];

/** Drops a table's secondary indexes, runs `fill`, builds them again from their definitions. */
async function withoutIndexes(db: pg.Client, table: string, fill: () => Promise<unknown>) {
  const indexes = await db.query<{ indexdef: string; indexname: string }>(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
      WHERE i.tablename = $1
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [table],
  );
  for (const { indexname } of indexes.rows) await db.query(`DROP INDEX ${indexname}`);
  await fill();
  for (const { indexdef } of indexes.rows) await db.query(indexdef);
  await db.query(`VACUUM (ANALYZE) ${table}`);
}

/** Returns the demo tenant's local-provider wws_id. */
async function generate(url: string, size: { tenant: number; total: number }): Promise<number> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query(`SET synchronous_commit = off`);
    await db.query(`SET maintenance_work_mem = '256MB'`);
    const demo = await db.query<{ wws_id: string; provider_id: string }>(
      `SELECT tp.id AS wws_id, tp.provider_id
         FROM wh_tenant_providers tp
         JOIN wh_providers p ON p.id = tp.provider_id
         JOIN users u ON u.id = tp.main_id
        WHERE u.user_name = 'demo' AND u.user_type = 1 AND p.adapter = 'local'
        ORDER BY tp.id LIMIT 1`,
    );
    const demoWws = Number(demo.rows[0]!.wws_id);
    const others = await db.query<{ id: string }>(
      `WITH tenants AS (
         INSERT INTO users (id, main_id, user_type, phone_number, user_name)
         SELECT n, n, 1, '1592000' || lpad(i::text, 4, '0'), 'warehouse-lists-' || i
           FROM (SELECT nextval(pg_get_serial_sequence('users', 'id')) AS n, i FROM generate_series(1, $1::int) i) s
         RETURNING id)
       INSERT INTO wh_tenant_providers (main_id, provider_id, credentials)
       SELECT id, $2, '{}'::jsonb FROM tenants
       RETURNING id`,
      [OTHER_TENANTS, demo.rows[0]!.provider_id],
    );
    const otherWws = others.rows.map((r) => Number(r.id));
    const warehouses = await db.query<{ warehouse_id: string }>(
      `SELECT warehouse_id FROM wh_link_warehouses WHERE wws_id = $1 ORDER BY warehouse_id`,
      [demoWws],
    );
    const warehouseIds = warehouses.rows.map((r) => Number(r.warehouse_id));
    // Row g belongs to the demo for g <= tenant (newest first as g grows), to another tenant after.
    const owner = `CASE WHEN g <= $2 THEN $1 ELSE ($3::bigint[])[1 + g % $4] END`;
    const age = `make_interval(secs => (CASE WHEN g <= $2 THEN g::float8 / $2 ELSE (g - $2)::float8 / ($5 - $2) END) * $6)`;
    const params = [demoWws, size.tenant, otherWws, otherWws.length, size.total, SPAN_SECONDS];
    await withoutIndexes(db, 'wh_fee_flows', () =>
      db.query(
        `INSERT INTO wh_fee_flows (main_id, wws_id, key, direction, amount, balance_after, ft_code, platform, site,
                                   reference_no, order_code, refer_code, tracking_number, platform_shop, created_at)
         SELECT tp.main_id, tp.id, 'bench:' || g, g % 4, 100 + g % 10000, g * 10,
                ($7::text[])[1 + g % cardinality($7::text[])], (ARRAY['amazon', 'shopee', 'ebay'])[1 + g % 3], 'US',
                'BENCHR' || g, 'BENCHSO' || g, 'BENCHW' || g, 'BENCHT' || g, 'shop ' || g % 50,
                now() - ${age}
           FROM generate_series(1, $5::int) g
           JOIN wh_tenant_providers tp ON tp.id = ${owner}`,
        [...params, FEE_TYPES],
      ),
    );
    await withoutIndexes(db, 'wh_fee_bills', () =>
      db.query(
        `INSERT INTO wh_fee_bills (main_id, wws_id, key, warehouse_id, ds_code, ft_code, reference_no, order_code,
                                   refer_code, platform_shop, amount, org_amount, status, writeoff, chargeable_at)
         SELECT tp.main_id, tp.id, 'bench:' || g,
                CASE WHEN g <= $2 AND cardinality($9::bigint[]) > 0
                     THEN ($9::bigint[])[1 + g % cardinality($9::bigint[])] END,
                ($8::text[])[1 + g % cardinality($8::text[])], ($7::text[])[1 + g % cardinality($7::text[])],
                'BENCHR' || g, 'BENCHSO' || g, 'BENCHB' || g, 'shop ' || g % 50,
                100 + g % 10000, 100 + g % 10000, 2 + g % 2, (ARRAY['n', 'p', 'y'])[1 + g % 3],
                now() - ${age}
           FROM generate_series(1, $5::int) g
           JOIN wh_tenant_providers tp ON tp.id = ${owner}`,
        [...params, FEE_TYPES, BUSINESS_TYPES, warehouseIds],
      ),
    );
    return demoWws;
  } finally {
    await db.end();
  }
}

let demoWwsId = 0;

const warehouseLists: Scenario = {
  name: 'warehouse-lists',
  databases: ['postgres'],
  async prepare({ options, store }) {
    demoWwsId = await generate(store.env.DATABASE_URL!, options.smoke ? SIZES.smoke : SIZES.full);
  },
  async run({ product, token, options, database }) {
    const size = options.smoke ? SIZES.smoke : SIZES.full;
    const requests = options.smoke ? 20 : 300;
    const url = `${product.baseURL}${warehousePaths.wmsUnit}`;
    const rows = `${size.tenant.toLocaleString('en')} of ${size.total.toLocaleString('en')} rows`;
    const body = (service: string, params: Record<string, unknown>) => ({ service, wws_id: demoWwsId, params });
    const pages = (service: string, extra: Record<string, unknown> = {}) =>
      Array.from({ length: 10 }, (_, i) => body(service, { ...extra, page: i + 1, pageSize: 20 }));
    // The demo's rows are numbered 1..tenant; pick ones spread over its year.
    const picks = (prefix: string) =>
      Array.from({ length: 10 }, (_, i) => `${prefix}${1 + i * Math.floor(size.tenant / 10)}`);
    await measureList(url, token, [body('getCostWaterAndOrder', {})], 10);
    const shapes: { name: string; bodies: unknown[]; budget: number }[] = [
      { name: 'fee flow, pages 1-10 (total counted)', bodies: pages('getCostWaterAndOrder'), budget: 100 },
      {
        name: 'fee flow, one direction, pages 1-10 (total counted)',
        bodies: pages('getCostWaterAndOrder', { cbl_type: 2 }),
        budget: 100,
      },
      {
        name: 'fee flow, one serial number',
        bodies: picks('BENCHR').map((code) => body('getCostWaterAndOrder', { search_type: 1, search_code: code })),
        budget: 20,
      },
      {
        name: 'fee flow, one system order number',
        bodies: picks('BENCHSO').map((code) => body('getCostWaterAndOrder', { search_type: 2, search_code: code })),
        budget: 20,
      },
      { name: 'fee bill, pages 1-10 (total counted)', bodies: pages('getCostBillAndOrder'), budget: 100 },
      {
        name: 'fee bill, one reference number',
        bodies: picks('BENCHR').map((code) => body('getCostBillAndOrder', { search_type: 1, search_code: code })),
        budget: 20,
      },
      {
        name: 'fee bill, one order code',
        bodies: picks('BENCHSO').map((code) => body('getCostBillAndOrder', { search_type: 2, search_code: code })),
        budget: 20,
      },
    ];
    const figures: Figure[] = [];
    for (const shape of shapes) {
      const result = await measureList(url, token, shape.bodies, requests);
      figures.push({
        scenario: `cloud warehouse ${shape.name}`,
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

export default warehouseLists;
