import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { warehousePaths } from '@seller-centre/contract/warehouse';
import pg from 'pg';
import { assertLoopback } from '../lib/net.ts';
import type { Scenario } from '../lib/scenario.ts';
import type { Figure } from '../lib/types.ts';

/**
 * The cloud warehouse fee-flow export (asyncExport then getExportResults, through the one
 * warehouse-service route) at volume: the demo tenant's second provider holds 1 million fee-flow
 * rows spread over the last year (its first is the lists scenario's, which adds its own million). One export to CSV (budget 20 s) and one to XLSX (60 s), timed
 * from the request to the task reaching status 3 on the shared export queue, while the server's
 * resident memory is sampled: its growth over the figure before the exports is held to 100 MB
 * (the files are streamed, never held). The smoke run uses 10,000 rows.
 */

const ROWS = { full: 1_000_000, smoke: 10_000 } as const;
const SPAN_SECONDS = 365 * 24 * 60 * 60;

async function generate(url: string, rows: number): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query(`SET synchronous_commit = off`);
    await db.query(`SET maintenance_work_mem = '256MB'`);
    const link = await db.query<{ id: string; main_id: string }>(
      `SELECT l.id, l.main_id FROM wh_tenant_providers l JOIN users u ON u.id = l.main_id
        WHERE u.user_name = 'demo' AND u.user_type = 1 ORDER BY l.id DESC LIMIT 1`,
    );
    const { id: wwsId, main_id: tenantId } = link.rows[0]!;
    const feeType = await db.query<{ code: string }>(`SELECT code FROM wh_fee_types ORDER BY code LIMIT 1`);
    const indexes = await db.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'wh_fee_flows'
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = indexname)`,
    );
    for (const { indexname } of indexes.rows) await db.query(`DROP INDEX ${indexname}`);
    // Flow rows only (the bench measures reading them); the running balance is made up.
    await db.query(
      `INSERT INTO wh_fee_flows (main_id, wws_id, key, direction, amount, balance_after, ft_code, platform,
                                 reference_no, order_code, tracking_number, platform_shop, note, created_at)
       SELECT $1, $2, 'BENCHWX' || g, CASE WHEN g % 10 = 0 THEN 3 ELSE 2 END, 100 + g % 10000, g * 10, $3,
              'shopee', 'BENCHR' || g, 'BENCHO' || g, 'BENCHT' || g, 'shopee th', 'bench, "quoted" note',
              now() - make_interval(secs => (g::float8 / $4) * $5)
         FROM generate_series(1, $4::int) g`,
      [tenantId, wwsId, feeType.rows[0]!.code, rows, SPAN_SECONDS],
    );
    for (const { indexdef } of indexes.rows) await db.query(indexdef);
    await db.query(`VACUUM (ANALYZE) wh_fee_flows`);
  } finally {
    await db.end();
  }
}

/** The resident memory (bytes) of the largest process under `pid` (npm starts node, which is the server). */
function serverRss(pid: number): number {
  const rssOf = (p: number) => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      return match ? Number(match[1]) * 1024 : 0;
    } catch {
      return 0;
    }
  };
  const descendants = (p: number): number[] => {
    let children: number[] = [];
    try {
      children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(p)], { encoding: 'utf8' })
        .split('\n')
        .map((s) => Number(s.trim()))
        .filter((n) => n > 0);
    } catch {
      // no children
    }
    return children.flatMap((c) => [c, ...descendants(c)]);
  };
  return Math.max(rssOf(pid), ...descendants(pid).map(rssOf));
}

type Task = { aes_id: string; aes_status: number; aes_url: string; aes_note: string };

async function wms<T>(baseURL: string, token: string, service: string, wwsId: number, params: unknown): Promise<T> {
  const url = `${baseURL}${warehousePaths.wmsUnit}`;
  assertLoopback(url);
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ service, wws_id: wwsId, params }),
  });
  const json = (await res.json()) as { code: number; data: T; msg: string };
  if (res.status !== 200 || json.code !== 200) throw new Error(`${service} answered ${res.status}: ${json.msg}`);
  return json.data;
}

const warehouseExport: Scenario = {
  name: 'warehouse-export',
  databases: ['postgres'],
  async prepare({ options, store }) {
    await generate(store.env.DATABASE_URL!, options.smoke ? ROWS.smoke : ROWS.full);
  },
  async run({ product, token, options, database }) {
    const rows = options.smoke ? ROWS.smoke : ROWS.full;
    const pid = product.child.pid!;
    const providersRes = await fetch(`${product.baseURL}${warehousePaths.serverList}`, {
      headers: { authorization: token },
    });
    const providers = ((await providersRes.json()) as { data: { wws_id: number }[] }).data;
    const wwsId = Math.max(...providers.map((p) => p.wws_id));
    const baseline = serverRss(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, serverRss(pid));
    }, 250);
    const figures: Figure[] = [];
    const budgets = { csv: 20, xlsx: 60 } as const;
    try {
      for (const fileType of ['csv', 'xlsx'] as const) {
        const since = performance.now();
        const { aes_id } = await wms<{ aes_id: string }>(product.baseURL, token, 'asyncExport', wwsId, {
          exportType: 1,
          fileType,
        });
        let task: Task | undefined;
        const limit = budgets[fileType] * 5 * 1000;
        while (performance.now() - since < limit) {
          const list = await wms<{ data: Task[] }>(product.baseURL, token, 'getExportResults', wwsId, {
            exportType: 1,
          });
          task = list.data.find((t) => t.aes_id === aes_id);
          if (task && (task.aes_status === 3 || task.aes_status === 2)) break;
          await new Promise((r) => setTimeout(r, 250));
        }
        const seconds = (performance.now() - since) / 1000;
        let note = `${rows.toLocaleString('en')} rows; status ${task?.aes_status ?? '-'}`;
        if (task?.aes_status === 3 && fileType === 'csv') {
          // The file itself, read as it streams: every row is in it.
          const file = await fetch(`${product.baseURL}${task.aes_url}`);
          let lines = 0;
          const reader = file.body!.getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            for (const byte of value) if (byte === 10) lines += 1;
          }
          note += `; ${lines - 1} data lines`;
        }
        if (task?.aes_status === 2) note += `; FAILED: ${task.aes_note}`;
        figures.push({
          scenario: `warehouse fee flow, ${fileType.toUpperCase()} export of every row`,
          database,
          name: 'duration',
          value: task?.aes_status === 3 ? seconds : Number.POSITIVE_INFINITY,
          unit: 's',
          budget: { op: '<=', value: budgets[fileType] },
          note,
        });
      }
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, serverRss(pid));
    figures.push({
      scenario: 'warehouse fee flow, export (CSV then XLSX)',
      database,
      name: 'server memory growth',
      value: (peak - baseline) / 1024 / 1024,
      unit: 'MB',
      budget: { op: '<=', value: 100 },
      note: `resident ${(baseline / 1024 / 1024).toFixed(0)} MB before, peak ${(peak / 1024 / 1024).toFixed(0)} MB`,
    });
    return figures;
  },
};

export default warehouseExport;
