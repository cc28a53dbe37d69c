import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterCommit, rootOf, type Db } from '../../db/client.ts';
import { InProcessFeed, WireFeed, type ChangeFeed } from './change-feed.ts';
import { PostgresTransport } from './postgres.ts';

export type { ChangeFeed } from './change-feed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    changeFeed: ChangeFeed;
  }
}

/** The feed of the app a database belongs to, so a service holding only `db` can publish. */
const feeds = new WeakMap<Db, ChangeFeed>();

/**
 * Tells every instance that `topic` changed, once what `db` wrote is committed (see
 * `afterCommit`): inside a transaction the message goes after the commit and the transaction's
 * caller waits for it, so a request answers only when every instance has heard. A database
 * opened outside the app (seeds, command-line tools) has no feed: nothing is sent.
 */
export function publishAfterCommit(db: Db, topic: string, message: unknown): Promise<void> {
  const feed = feeds.get(rootOf(db));
  if (!feed) return Promise.resolve();
  return afterCommit(db, () => feed.publish(topic, message));
}

/**
 * The change feed: Redis pub/sub when REDIS_URL is set, else LISTEN/NOTIFY on a PostgreSQL
 * server, and in-process on embedded PGlite (one process holds it, so there is nobody to tell).
 */
export default fp(
  async function changeFeed(app: FastifyInstance) {
    const { config } = app;
    const log = app.log;
    const channel = config.CHANGE_FEED_CHANNEL;
    let feed: ChangeFeed;
    if (app.dbInfo.kind === 'pglite') {
      if (config.REDIS_URL) log.info('REDIS_URL is not used with embedded PGlite: one process, nobody to tell');
      feed = new InProcessFeed(log);
    } else {
      // Loaded only when used: the Redis client is a start-up cost every other start would pay.
      const transport = config.REDIS_URL
        ? new (await import('./redis.ts')).RedisTransport(config.REDIS_URL, channel)
        : new PostgresTransport(app.dbInfo.connectionString!, channel, app.db);
      const wire = new WireFeed(transport, log);
      await wire.start();
      feed = wire;
    }
    feeds.set(app.db, feed);
    app.decorate('changeFeed', feed);
    // Before the database closes: the goodbye goes through it.
    app.addHook('preClose', async () => feed.close());
  },
  { name: 'change-feed', dependencies: ['config', 'database'] },
);
