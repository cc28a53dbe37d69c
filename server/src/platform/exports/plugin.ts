import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EXPORT_QUEUE, removeStaleWorkFiles, requeueStaleExports, runExportTask, type ExportDeps } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What export routes and the export worker share. */
    exports: ExportDeps;
  }
}

/**
 * The export worker. Every instance can queue an export; worker instances (platform/jobs) also
 * work the queue, one export at a time each, and look every so often for exports a stopped
 * instance left running. Exports queued before the worker starts wait in the queue.
 */
async function exportsRuntime(app: FastifyInstance) {
  const { config, jobs } = app;
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
  app.decorate('exports', deps);

  let sweeper: NodeJS.Timeout | undefined;
  let closing = false;
  app.workers.start('export', async () => {
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
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(sweeper);
  });
}

export default fp(exportsRuntime, {
  name: 'exports-runtime',
  dependencies: ['config', 'database', 'file-storage', 'job-queue'],
});
