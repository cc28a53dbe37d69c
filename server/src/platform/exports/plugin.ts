import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobQueue, type JobQueue } from '../jobs/queue.ts';
import { EXPORT_QUEUE, removeStaleWorkFiles, requeueStaleExports, runExportTask, type ExportDeps } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue (pg-boss in the product's database). */
    jobs: JobQueue;
    /** What export routes and the export worker share. */
    exports: ExportDeps;
  }
}

/** How long after the instance is ready its export worker starts. */
const WORKER_START_DELAY_MS = 1_000;
/** How long after a start that failed (the database away for a moment) the worker tries again. */
const WORKER_RETRY_DELAY_MS = 5_000;

/**
 * The job queue and the export worker. Every instance can queue; instances with JOB_WORKER on
 * (the default outside tests) also work the queue, one export at a time each, and look every
 * so often for exports a stopped instance left running.
 */
async function exportsRuntime(app: FastifyInstance) {
  const { config } = app;
  const worker = config.JOB_WORKER === 'true' || (config.JOB_WORKER === 'auto' && config.NODE_ENV !== 'test');
  const jobs = createJobQueue(app.db, app.dbInfo.execScript, {
    pollSeconds: config.JOB_POLL_SECONDS,
    supervise: worker,
    onError: (error) => app.log.warn({ err: error }, 'job queue error'),
  });
  const deps: ExportDeps = {
    db: app.db,
    jobs,
    store: app.files.exports,
    workDir: path.join(config.DATA_DIR, 'tmp', 'exports'),
    workerId: `${process.pid}-${randomBytes(4).toString('hex')}`,
    staleSeconds: config.EXPORT_STALE_SECONDS,
    linkTtlSeconds: config.DOWNLOAD_LINK_TTL_SECONDS,
    configuredSecret: config.DOWNLOAD_LINK_SECRET,
    log: app.log,
  };
  app.decorate('jobs', jobs);
  app.decorate('exports', deps);

  let starter: NodeJS.Timeout | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let closing = false;
  if (worker) {
    const startWorker = async () => {
      if (closing) return;
      const removed = await removeStaleWorkFiles(deps).catch((error: unknown) => {
        app.log.warn({ err: error }, 'removing stale export working files failed');
        return [];
      });
      if (removed.length > 0) app.log.info({ files: removed.length }, 'stale export working files removed');
      await jobs.work<{ taskId: number }>(EXPORT_QUEUE, async ({ taskId }) => {
        if (!closing) await runExportTask(deps, taskId);
      });
      const sweep = () =>
        requeueStaleExports(deps).catch((error: unknown) => app.log.warn({ err: error }, 'stale export sweep failed'));
      void sweep();
      sweeper = setInterval(sweep, Math.max(1000, (config.EXPORT_STALE_SECONDS * 1000) / 2));
      sweeper.unref();
    };
    // The worker waits until the instance has answered its first requests: starting the queue
    // loads pg-boss and the PostgreSQL client and runs a dozen statements on the database (on
    // PGlite, its one connection), about a tenth of a start's CPU, and no answer needs it.
    // Exports queued meanwhile wait in the queue.
    // A start that fails is tried again until it works: an instance whose worker gave up would
    // leave every export it is handed waiting for good.
    const scheduleStart = (delay: number) => {
      starter = setTimeout(() => {
        startWorker().catch((error: unknown) => {
          if (closing) return;
          app.log.error({ err: error }, 'export worker did not start; trying again');
          scheduleStart(WORKER_RETRY_DELAY_MS);
        });
      }, delay);
    };
    app.addHook('onReady', async () => scheduleStart(WORKER_START_DELAY_MS));
  }
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(starter);
    clearInterval(sweeper);
    await jobs.stop();
  });
}

export default fp(exportsRuntime, { name: 'exports-runtime', dependencies: ['config', 'database', 'file-storage'] });
