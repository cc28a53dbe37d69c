import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { expireDueCreditLines } from './credit-line-service.ts';

/** The recurring job that expires credit lines past their effective time. */
const CREDIT_EXPIRY_JOB = 'warehouse-credit-expiry';

/**
 * The credit-line job: once every WAREHOUSE_CREDIT_INTERVAL_SECONDS, on one worker instance of
 * the cluster, expires approved lines past their effective time and moves their accounts' floors
 * back (tests run rounds themselves). A round is safe beside anything else: every change is a
 * guarded update under the account's lock.
 */
async function warehouseCreditRuntime(app: FastifyInstance) {
  app.workers.start('warehouse credit expiry', () =>
    app.jobs.every(CREDIT_EXPIRY_JOB, app.config.WAREHOUSE_CREDIT_INTERVAL_SECONDS, async () => {
      const { expired, tightened } = await expireDueCreditLines(app.db);
      if (expired + tightened > 0) app.log.info({ expired, tightened }, 'warehouse credit lines expired');
    }),
  );
}

export default fp(warehouseCreditRuntime, {
  name: 'warehouse-credit-runtime',
  dependencies: ['config', 'database', 'job-queue'],
});
