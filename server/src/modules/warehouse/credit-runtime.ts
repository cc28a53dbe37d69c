import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { expireDueCreditLines } from './credit-line-service.ts';

/**
 * The credit-line job: each instance, every WAREHOUSE_CREDIT_INTERVAL_SECONDS, expires approved
 * lines past their effective time and moves their accounts' floors back (the same shape as the
 * orders' expiry job; tests run rounds themselves). Rounds never overlap on one instance, and
 * instances are safe together: every change is a guarded update under the account's lock.
 */
async function warehouseCreditRuntime(app: FastifyInstance) {
  const { config } = app;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  if (config.NODE_ENV !== 'test') {
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        if (running) return;
        running = true;
        expireDueCreditLines(app.db)
          .then(({ expired, tightened }) => {
            if (expired + tightened > 0) app.log.info({ expired, tightened }, 'warehouse credit lines expired');
          })
          .catch((error: unknown) => app.log.warn({ err: error }, 'warehouse credit expiry round failed'))
          .finally(() => {
            running = false;
          });
      }, config.WAREHOUSE_CREDIT_INTERVAL_SECONDS * 1000);
      timer.unref();
    });
  }
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
}

export default fp(warehouseCreditRuntime, { name: 'warehouse-credit-runtime', dependencies: ['config', 'database'] });
