import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics (prom-client), served on a listener of their own (METRICS_HOST and
 * METRICS_PORT), never on the public port: what the instance counts is for whoever runs it,
 * not for a visitor.
 *
 * Two registries. The business counters (payment notifications, ledger transfers, failed jobs) are counted
 * where the business happens, by code that holds a database and no app, so they live in one
 * registry for the process, counted whether or not anyone scrapes (an increment). Everything
 * about one app (its requests, pool, queue, the event loop) is in the app's own registry, made
 * only when METRICS_PORT is set: with metrics off, a request pays nothing for them.
 */
const businessRegistry = new Registry();

const paymentNotifications = new Counter({
  name: 'seller_centre_payment_notifications_total',
  help: "Payment providers' notifications received, by provider and outcome (fulfilled, late_fulfilled, duplicate, ignored, rejected, error)",
  labelNames: ['provider', 'outcome'] as const,
  registers: [businessRegistry],
});

const ledgerTransfers = new Counter({
  name: 'seller_centre_ledger_transfers_total',
  help: 'Ledger transfers committed, by kind (transfer, pending, post, void); replays of a key are not counted',
  labelNames: ['kind'] as const,
  registers: [businessRegistry],
});

const jobFailures = new Counter({
  name: 'seller_centre_job_failures_total',
  help: 'Background jobs whose handler failed in this process, by queue (pg-boss retries them up to its limit)',
  labelNames: ['queue'] as const,
  registers: [businessRegistry],
});

export function countJobFailure(queue: string): void {
  jobFailures.inc({ queue });
}

export function countPaymentNotification(provider: string, outcome: string): void {
  paymentNotifications.inc({ provider, outcome });
}

export function countLedgerTransfer(kind: string): void {
  ledgerTransfers.inc({ kind });
}

/** What the metrics plugin asks the app's parts for at each scrape. */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener's address while it listens (METRICS_PORT set), else null. */
    metricsAddress(): AddressInfo | null;
  }
}

/** Seconds: from a fast cached read to a slow export request. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export default fp(
  async function metrics(app: FastifyInstance) {
    const { METRICS_PORT: port, METRICS_HOST: host } = app.config;
    if (port === undefined) {
      app.decorate('metricsAddress', () => null);
      return;
    }

    const registry = new Registry();
    // Node's own: CPU, memory, GC, handles and the event loop's lag (nodejs_eventloop_lag_*).
    collectDefaultMetrics({ register: registry });

    const labelNames = ['method', 'route', 'status_code'] as const;
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by method, route (its pattern) and status',
      labelNames,
      registers: [registry],
    });
    const durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route (its pattern) and status',
      labelNames,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern, not the URL: one series per route whatever its ids. Requests that
      // match no route share one label, so a scan of random paths adds no series.
      const route = request.routeOptions.url ?? 'unmatched';
      const labels = { method: request.method, route, status_code: String(reply.statusCode) };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
    });

    new Gauge({
      name: 'seller_centre_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting requests, max); embedded PGlite has one connection and reports none',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = app.dbInfo.poolStats?.();
        if (!stats) return;
        for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
      },
    });
    new Gauge({
      name: 'seller_centre_job_queue_depth',
      help: 'Jobs waiting or running in the background queue, by queue (only once this instance has started the queue)',
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        const depths = await app.jobs.depths().catch(() => ({}));
        for (const [queue, depth] of Object.entries(depths)) this.set({ queue }, depth);
      },
    });
    const listener = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('metrics are at /metrics\n');
        return;
      }
      Promise.all([registry.metrics(), businessRegistry.metrics()]).then(
        ([own, business]) => res.writeHead(200, { 'content-type': registry.contentType }).end(`${own}\n${business}`),
        (error: unknown) => {
          app.log.warn({ err: error }, 'metrics scrape failed');
          res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
        },
      );
    });
    app.decorate('metricsAddress', () => (listener.listening ? (listener.address() as AddressInfo) : null));
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        listener.once('error', reject);
        listener.listen({ host, port }, () => {
          listener.off('error', reject);
          resolve();
        });
      });
      const address = listener.address() as AddressInfo;
      app.log.info(`metrics at http://${address.address}:${address.port}/metrics`);
    });
    app.addHook('onClose', async () => {
      if (!listener.listening) return;
      listener.closeAllConnections();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    });
  },
  { name: 'metrics', dependencies: ['config', 'database', 'job-queue'] },
);
