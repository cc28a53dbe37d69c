import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { previousBusinessDay, reconcilePayments } from './reconcile.ts';
import { expireDueOrders, ORDER_TOPIC, type OrderDeps } from './service.ts';
import { OrderStateCache } from './state-cache.ts';

/** The recurring job that closes unpaid orders past their time. */
const ORDER_EXPIRY_JOB = 'order-expiry';
/** The daily payment reconciliation of the day before (its statement complete by then). */
const PAYMENT_RECONCILE_JOB = 'payments-reconcile';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the order routes and the expiry job share: the database, the provider, the state cache. */
    orders: OrderDeps;
  }
}

/**
 * The orders' running parts: the in-memory order-state cache (polling costs no query), emptied
 * across instances by the change feed (platform/change-feed), and the expiry job, which the
 * cluster runs once every ORDER_EXPIRY_INTERVAL_SECONDS on one of its worker instances (tests run
 * its rounds themselves).
 */
async function ordersRuntime(app: FastifyInstance) {
  const { config } = app;
  const cache = new OrderStateCache();
  // Every instance hears every order change after its commit; a gap in the feed (lost
  // connection) may hide some, so everything is read again.
  const unsubscribe = app.changeFeed.subscribe(ORDER_TOPIC, (orderCode) => {
    if (typeof orderCode === 'string') cache.invalidate(orderCode);
  });
  const stopGaps = app.changeFeed.onGap(() => cache.clear());

  const deps: OrderDeps = {
    db: app.db,
    payments: app.providers.payments,
    cache,
    expireSeconds: config.ORDER_EXPIRE_SECONDS,
    defaultCompanyName: config.DEFAULT_COMPANY_NAME,
    log: app.log,
  };
  app.decorate('orders', deps);

  app.workers.start('order-expiry', () =>
    app.jobs.every(ORDER_EXPIRY_JOB, config.ORDER_EXPIRY_INTERVAL_SECONDS, async () => {
      await expireDueOrders(deps);
    }),
  );
  app.workers.start('payments-reconcile', () =>
    app.jobs.every(PAYMENT_RECONCILE_JOB, 86_400, async () => {
      const run = await reconcilePayments(deps, previousBusinessDay(), 'job');
      if (run.difference_count > 0) {
        app.log.warn(
          { date: run.business_date, differences: run.difference_count, run: run.id },
          'payment reconciliation found differences',
        );
      }
    }),
  );
  app.addHook('onClose', async () => {
    unsubscribe();
    stopGaps();
  });
}

export default fp(ordersRuntime, {
  name: 'orders-runtime',
  dependencies: ['config', 'database', 'providers', 'change-feed', 'job-queue'],
});
