import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalChangeFeed, createPostgresChangeFeed, type ChangeFeed } from '../../platform/change-feed.ts';
import { expireDueOrders, ORDER_TOPIC, type OrderDeps } from './service.ts';
import { OrderStateCache } from './state-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the order routes and the expiry job share: the state cache, the change feed. */
    orders: OrderDeps;
  }
}

/**
 * The orders' running parts: the in-memory order-state cache (polling costs no query), the
 * change feed that empties it across instances (PostgreSQL LISTEN/NOTIFY with a PostgreSQL
 * server; nothing to hear with embedded PGlite, which serves one instance), and the expiry job,
 * which each instance runs every ORDER_EXPIRY_INTERVAL_SECONDS (tests run its rounds
 * themselves).
 */
async function ordersRuntime(app: FastifyInstance) {
  const { config } = app;
  const cache = new OrderStateCache();
  let feed: ChangeFeed;
  if (config.DATABASE_URL) {
    const pgFeed = createPostgresChangeFeed(config.DATABASE_URL, app.log);
    await pgFeed.ready;
    feed = pgFeed;
  } else {
    feed = createLocalChangeFeed();
  }
  feed.subscribe(ORDER_TOPIC, (orderCode) => cache.invalidate(orderCode));
  feed.onReset(() => cache.clear());

  const deps: OrderDeps = {
    db: app.db,
    payments: app.providers.payments,
    cache,
    feed,
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
    await feed.close();
  });
}

export default fp(ordersRuntime, { name: 'orders-runtime', dependencies: ['config', 'database', 'providers'] });
