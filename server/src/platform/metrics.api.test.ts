import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../db/client.ts';
import { buildTestApp, onPostgres, type TestApp } from '../test/build-app.ts';
import { createMainAccount } from '../test/factories.ts';
import { generateOrder, notify, sandboxNotification } from '../test/order-factories.ts';
import { transfer } from './ledger/index.ts';

let app: TestApp;
let plain: TestApp;
beforeAll(async () => {
  // Port 0: a free one, as a test needs; METRICS_HOST stays the default.
  app = await buildTestApp({ METRICS_PORT: '0' });
  plain = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
  await plain?.close();
});

async function scrape(path = '/metrics'): Promise<{ status: number; type: string | null; text: string }> {
  const address = app.metricsAddress()!;
  const res = await fetch(`http://${address.address}:${address.port}${path}`);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** The value of one series in Prometheus' text format, 0 when it is not there yet. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('metrics', () => {
  it('listen on loopback, on a port of their own, and only when METRICS_PORT is set', async () => {
    const address = app.metricsAddress()!;
    expect(address.address).toBe('127.0.0.1');
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/plain');
    // The public port serves no metrics.
    expect((await app.inject({ method: 'GET', url: '/metrics' })).body).not.toContain('http_requests_total');
    expect((await scrape('/other')).status).toBe(404);
    expect(plain.metricsAddress()).toBeNull();
  });

  it('count requests and their durations by route pattern and status', async () => {
    const series = 'http_requests_total{method="GET",route="/api/health",status_code="200"}';
    const before = valueOf((await scrape()).text, series);
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/health' });
    // A route with a parameter is counted under its pattern, not each URL.
    await app.inject({ method: 'GET', url: '/locales/zz.json' });
    const text = (await scrape()).text;
    expect(valueOf(text, series)).toBe(before + 2);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/locales\/:file",status_code="\d{3}"\} 1/);
    expect(
      valueOf(text, 'http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}'),
    ).toBe(before + 2);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/health"');
    expect(text).not.toContain('route="/locales/zz.json"');
  });

  it("report the event loop's lag", async () => {
    const text = (await scrape()).text;
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  });

  it('report the database pool on a PostgreSQL server', async () => {
    const text = (await scrape()).text;
    if (onPostgres) {
      expect(valueOf(text, 'seller_centre_db_pool_connections{state="max"}')).toBeGreaterThan(0);
      expect(text).toMatch(/seller_centre_db_pool_connections\{state="idle"\} \d/);
      expect(text).toMatch(/seller_centre_db_pool_connections\{state="waiting"\} \d/);
    } else {
      expect(text).not.toContain('seller_centre_db_pool_connections{');
    }
  });

  it('count committed ledger transfers by kind, not replays or rolled-back ones', async () => {
    const series = 'seller_centre_ledger_transfers_total{kind="transfer"}';
    const before = valueOf((await scrape()).text, series);
    const move = {
      from: { operator: 'clearing' as const, provider: 'sandbox' },
      to: { operator: 'revenue' as const },
      amount: 100,
      memo: 'metrics test',
    };
    await transfer(app.db, { key: 'metrics-test-1', ...move });
    await transfer(app.db, { key: 'metrics-test-1', ...move });
    await expect(
      transaction(app.db, async (tx) => {
        await transfer(tx, { key: 'metrics-test-2', ...move });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(valueOf((await scrape()).text, series)).toBe(before + 1);
  });

  it('count payment notifications by outcome', async () => {
    const buyer = await createMainAccount(app);
    const { order_code } = (await generateOrder(app, buyer.token, { pay_type: 2, package_id: 3 })).json().data;
    const series = (outcome: string) =>
      `seller_centre_payment_notifications_total{provider="sandbox",outcome="${outcome}"}`;
    const before = (await scrape()).text;
    await notify(app, sandboxNotification(order_code, '99.00'));
    await notify(app, sandboxNotification(order_code, '99.00'));
    await notify(app, sandboxNotification(order_code, '99.00', { forge: { total_amount: '0.01' } }));
    const after = (await scrape()).text;
    expect(valueOf(after, series('fulfilled'))).toBe(valueOf(before, series('fulfilled')) + 1);
    expect(valueOf(after, series('duplicate'))).toBe(valueOf(before, series('duplicate')) + 1);
    expect(valueOf(after, series('rejected'))).toBe(valueOf(before, series('rejected')) + 1);
  });

  it("count the job queue's depth and its failed jobs", async () => {
    await app.jobs.prepare('metrics-probe');
    await app.jobs.send('metrics-probe', { n: 1 });
    await app.jobs.send('metrics-probe', { n: 2 });
    expect(valueOf((await scrape()).text, 'seller_centre_job_queue_depth{queue="metrics-probe"}')).toBe(2);
    await app.jobs.work('metrics-probe', async () => {
      throw new Error('this job fails');
    });
    await expect
      .poll(async () => valueOf((await scrape()).text, 'seller_centre_job_failures_total{queue="metrics-probe"}'), {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(1);
  });
});
