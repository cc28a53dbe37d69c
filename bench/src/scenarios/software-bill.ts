import pg from 'pg';
import { percentile, type Scenario } from '../lib/scenario.ts';

/**
 * The software bill at volume: one tenant (the demo) with 1 million orders among 5 million, made
 * by generate_series straight in the store (smoke: 10 thousand among 50 thousand). Each page is
 * asked for one after another, as a user pages: POST /api/v1/pay/package/list, page 1 and a
 * filtered page, each answer with its total. Budgets (PostgreSQL): the page query alone p95 at
 * most 20 ms, the whole call with the total p95 at most 100 ms.
 */

let databaseUrl: string | undefined;
let tenantRows = 0;

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function timed(fn: () => Promise<unknown>, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times;
}

const softwareBill: Scenario = {
  name: 'software-bill',
  databases: ['postgres'],
  async prepare({ options, store }) {
    databaseUrl = store.env.DATABASE_URL!;
    const perTenant = options.smoke ? 10_000 : 1_000_000;
    const others = 4;
    tenantRows = perTenant;
    await withClient(databaseUrl, async (client) => {
      const { rows } = await client.query<{ id: string }>(`SELECT id FROM users WHERE user_name = 'demo'`);
      const demo = Number(rows[0]!.id);
      const tenants = [demo];
      for (let i = 0; i < others; i++) {
        const made = await client.query<{ id: string }>(
          `INSERT INTO users (main_id, user_type, phone_number, user_name)
           VALUES ((SELECT max(id) + 1 FROM users), 1, $1, $2) RETURNING id`,
          [`1990000000${i}`, `software-bill-${i}`],
        );
        tenants.push(Number(made.rows[0]!.id));
      }
      // Bulk load without the indexes, then build them once: many times faster than keeping them
      // up row by row.
      await client.query('SET synchronous_commit = off');
      await client.query("SET maintenance_work_mem = '256MB'");
      await client.query('ALTER TABLE orders DROP CONSTRAINT orders_order_code_key');
      await client.query('DROP INDEX orders_main_created_idx');
      await client.query('DROP INDEX orders_unpaid_expiry_idx');
      for (const tenant of tenants) {
        // Most orders paid, some closed, a few unpaid; spread over two years, newest last.
        await client.query(
          `INSERT INTO orders (order_code, main_id, user_id, user_name, pay_type, package_pay_type, title, item,
                               original_fen, discount_fen, amount_fen, provider, state, expires_at, created_at, updated_at)
           SELECT 'B' || $1::bigint || '-' || g, $1, $1, 'bench', 1 + g % 3, (ARRAY[1,2,3,4,5,0,11])[1 + g % 7],
                  'Bench order ' || g, '{"kind":"topUp","amount_fen":5000}', 5000 + g % 1000, g % 3 * 100,
                  5000 + g % 1000 - g % 3 * 100, 'sandbox',
                  CASE WHEN g % 10 = 0 THEN 'expired' WHEN g % 97 = 0 THEN 'unpaid' ELSE 'paid' END,
                  t + interval '15 minutes', t, t
           FROM generate_series(1, $2::int) AS g,
                LATERAL (SELECT now() - interval '730 days' + g * (interval '730 days' / $2::int) AS t) AS at`,
          [tenant, perTenant],
        );
      }
      await client.query('ALTER TABLE orders ADD CONSTRAINT orders_order_code_key UNIQUE (order_code)');
      await client.query('CREATE INDEX orders_main_created_idx ON orders (main_id, created_at DESC, id DESC)');
      await client.query("CREATE INDEX orders_unpaid_expiry_idx ON orders (expires_at) WHERE state = 'unpaid'");
      await client.query('VACUUM ANALYZE orders');
    });
  },
  async run({ product, token, options, database }) {
    const runs = options.smoke ? 20 : 200;
    const call = (body: Record<string, unknown>) =>
      fetch(`${product.baseURL}/api/v1/pay/package/list`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ page: 1, page_size: 20, ...body }),
      }).then(async (res) => {
        if (res.status !== 200) throw new Error(`software bill answered ${res.status}`);
        return (await res.json()) as { data: { total_count: number } };
      });
    const first = await call({});
    const withTotal = await timed(() => call({}), runs);
    const filtered = await timed(() => call({ pay_state: 1, page: 3 }), runs);
    // The page query alone, as the server sends it (no total), on the same data.
    const pageOnly = await withClient(databaseUrl!, async (client) => {
      const { rows } = await client.query<{ id: string }>(`SELECT id FROM users WHERE user_name = 'demo'`);
      const demo = Number(rows[0]!.id);
      return timed(
        () =>
          client.query(
            `SELECT order_code, pay_type, package_pay_type, title, amount_fen, discount_fen, state, user_name, created_at
             FROM orders o WHERE o.main_id = $1 AND TRUE ORDER BY o.created_at DESC, o.id DESC LIMIT 20 OFFSET 0`,
            [demo],
          ),
        runs,
      );
    });
    const scenario = `software bill, ${tenantRows.toLocaleString('en')} rows of ${(tenantRows * 5).toLocaleString('en')}`;
    return [
      {
        scenario,
        database,
        name: 'page query p95 (SQL)',
        value: percentile(pageOnly, 95),
        unit: 'ms',
        budget: { op: '<=', value: 20 },
      },
      {
        scenario,
        database,
        name: 'call with total p95',
        value: percentile(withTotal, 95),
        unit: 'ms',
        budget: { op: '<=', value: 100 },
        note: `total_count ${first.data.total_count}`,
      },
      {
        scenario,
        database,
        name: 'filtered call with total p95',
        value: percentile(filtered, 95),
        unit: 'ms',
        budget: { op: '<=', value: 100 },
      },
    ];
  },
};

export default softwareBill;
