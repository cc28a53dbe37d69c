import pg from 'pg';
import { load } from '../lib/load.ts';
import type { Scenario } from '../lib/scenario.ts';

/** Statements committed in the product's database so far (each poll's query would be one). */
async function committed(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/**
 * The browser polls an unpaid order every 3 s for 5 minutes: POST /api/v1/order/checkOrderState
 * for one unpaid order, 50 connections in a closed loop. Budgets (PostgreSQL): at least 3,000
 * requests/s, p99 at most 25 ms, and far less than one database query per poll (counted as the
 * database's committed statements during the run, over the polls answered).
 */
let databaseUrl: string | undefined;

const orderState: Scenario = {
  name: 'order-state',
  databases: ['pglite', 'postgres'],
  // Nothing to load: this only notes where the store is, to count its statements.
  async prepare({ store }) {
    databaseUrl = store.env.DATABASE_URL;
  },
  async run({ product, token, options, database }) {
    const made = await fetch(`${product.baseURL}/api/v2/order/generateOrder`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ pay_type: 3, amount: '50.00' }),
    });
    const { data } = (await made.json()) as { data: { order_code: string } };
    const url = database === 'postgres' ? databaseUrl : undefined;
    const poll = { url: `${product.baseURL}/api/v1/order/checkOrderState`, headers: { authorization: token } };
    const json = { order_code: data.order_code, pay_type: 3 };
    // Warm up first (caches filled, routes compiled), then count statements over the measured run only.
    await load({ ...poll, json, connections: options.connections, seconds: 1, warmup: false });
    const before = url ? await committed(url) : 0;
    const result = await load({ ...poll, json, connections: options.connections, seconds: options.seconds, warmup: false });
    // Statistics reach pg_stat_database within a second of each commit.
    await new Promise((r) => setTimeout(r, 1500));
    const queries = url ? (await committed(url)) - before : Number.NaN;
    const scenario = `checkOrderState x${options.connections}`;
    const figures = [
      {
        scenario,
        database,
        name: 'requests/s',
        value: result.requestsPerSecond,
        unit: 'req/s',
        ...(database === 'postgres' ? { budget: { op: '>=' as const, value: 3000 } } : {}),
      },
      {
        scenario,
        database,
        name: 'p99 latency',
        value: result.p99,
        unit: 'ms',
        ...(database === 'postgres' ? { budget: { op: '<=' as const, value: 25 } } : {}),
      },
      {
        scenario,
        database,
        name: 'failed answers',
        value: result.errors + result.non2xx,
        unit: '',
        budget: { op: '<=' as const, value: 0 },
        note: `${result.requests} requests`,
      },
    ];
    if (url) {
      figures.push({
        scenario,
        database,
        name: 'database queries per poll',
        value: queries / Math.max(1, result.requests),
        unit: '',
        budget: { op: '<=' as const, value: 0.05 },
        note: `${queries} statements for ${result.requests} polls`,
      });
    }
    return figures;
  },
};

export default orderState;
