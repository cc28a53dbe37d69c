import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobQueue, type JobQueue } from './queue.ts';

/** What a module hands the job plugin to run on instances that work the queue. */
export type WorkerStart = () => Promise<void>;

export type Workers = {
  /** Whether this instance works the queue (JOB_WORKER; off in tests, which run rounds themselves). */
  readonly enabled: boolean;
  /**
   * Runs `start` after the instance is ready, on worker instances only, and again until it works.
   * Modules start their queue workers and recurring jobs through it.
   */
  start(name: string, start: WorkerStart): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue (pg-boss in the product's database). */
    jobs: JobQueue;
    workers: Workers;
  }
}

/** How long after the instance is ready its workers start. */
const WORKER_START_DELAY_MS = 1_000;
/** How long after a start that failed (the database away for a moment) a worker tries again. */
const WORKER_RETRY_DELAY_MS = 5_000;

/**
 * The job queue, and the workers that run on it. Every instance can queue; instances with
 * JOB_WORKER on (the default outside tests) also work the queues and take their turn at the
 * recurring jobs (order expiry, credit-line expiry), which pg-boss hands to one instance of the
 * cluster per period.
 */
async function jobQueue(app: FastifyInstance) {
  const { config } = app;
  const enabled = config.JOB_WORKER === 'true' || (config.JOB_WORKER === 'auto' && config.NODE_ENV !== 'test');
  const jobs = createJobQueue(app.db, app.dbInfo.execScript, {
    pollSeconds: config.JOB_POLL_SECONDS,
    supervise: enabled,
    onError: (error) => app.log.warn({ err: error }, 'job queue error'),
  });
  const starts: Array<{ name: string; start: WorkerStart }> = [];
  const timers = new Set<NodeJS.Timeout>();
  let closing = false;

  app.decorate('jobs', jobs);
  app.decorate('workers', {
    enabled,
    start(name, start) {
      if (enabled) starts.push({ name, start });
    },
  } satisfies Workers);

  // Workers wait until the instance has answered its first requests: starting the queue loads
  // pg-boss and the PostgreSQL client and runs a dozen statements on the database (on PGlite, its
  // one connection), about a tenth of a start's CPU, and no answer needs it. A start that fails
  // is tried again until it works: an instance whose worker gave up would leave every job it is
  // handed waiting for good.
  const schedule = (name: string, start: WorkerStart, delay: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (closing) return;
      start().catch((error: unknown) => {
        if (closing) return;
        app.log.error({ err: error }, `${name} worker did not start; trying again`);
        schedule(name, start, WORKER_RETRY_DELAY_MS);
      });
    }, delay);
    timers.add(timer);
  };
  app.addHook('onReady', async () => {
    for (const { name, start } of starts) schedule(name, start, WORKER_START_DELAY_MS);
  });
  app.addHook('onClose', async () => {
    closing = true;
    for (const timer of timers) clearTimeout(timer);
    await jobs.stop();
  });
}

export default fp(jobQueue, { name: 'job-queue', dependencies: ['config', 'database'] });
