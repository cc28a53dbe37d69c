import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { expireDueOrders, ORDER_TOPIC, type OrderDeps } from './service.ts';
import { OrderStateCache } from './state-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the order routes and the expiry job share: the database, the provider, the state cache. */
    orders: OrderDeps;
  }
}

/**
 * The orders' running parts: the in-memory order-state cache (polling costs no query), emptied
 * across instances by the change feed (platform/change-feed), and the expiry job,
 * which each instance runs every ORDER_EXPIRY_INTERVAL_SECONDS (tests run its rounds
 * themselves).
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

  let timer: NodeJS.Timeout | undefined;
  let running = false;
  if (config.NODE_ENV !== 'test') {
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        if (running) return;
        running = true;
        expireDueOrders(deps)
          .catch((error: unknown) => app.log.warn({ err: error }, 'order expiry round failed'))
          .finally(() => {
            running = false;
          });
      }, config.ORDER_EXPIRY_INTERVAL_SECONDS * 1000);
      timer.unref();
    });
  }
  app.addHook('onClose', async () => {
    clearInterval(timer);
    unsubscribe();
    stopGaps();
  });
}

export default fp(ordersRuntime, { name: 'orders-runtime', dependencies: ['config', 'database', 'providers', 'change-feed'] });
