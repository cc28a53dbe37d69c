import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction, type DbHandle } from '../db/client.ts';
import { currentDatabaseName, openTestDb } from '../test/build-app.ts';
import { createPostgresChangeFeed } from './change-feed.ts';

/**
 * Two instances on one PostgreSQL database: a change published in one's transaction reaches the
 * other only when that transaction commits, and never when it rolls back. (PGlite serves one
 * instance and has nobody to tell.)
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL change feed', () => {
  let handle: DbHandle;
  let url: string;
  beforeAll(async () => {
    handle = await openTestDb();
    const admin = new URL(process.env.TEST_DATABASE_URL!);
    admin.pathname = `/${await currentDatabaseName(handle.db)}`;
    url = admin.toString();
  });
  afterAll(async () => handle.close());

  it('delivers to another instance after commit, and nothing from a rolled-back transaction', async () => {
    const a = createPostgresChangeFeed(url);
    const b = createPostgresChangeFeed(url);
    await Promise.all([a.ready, b.ready]);
    const heard: string[] = [];
    b.subscribe('order', (key) => heard.push(key));
    b.subscribe('other', (key) => heard.push(`other:${key}`));
    try {
      await transaction(handle.db, async (tx) => {
        await a.publish(tx, 'order', 'SC1');
        await new Promise((r) => setTimeout(r, 200));
        expect(heard).toEqual([]);
      });
      await expect(
        transaction(handle.db, async (tx) => {
          await a.publish(tx, 'order', 'SC-rolled-back');
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await transaction(handle.db, (tx) => a.publish(tx, 'order', 'SC2'));
      await expect.poll(() => heard, { timeout: 5000 }).toEqual(['SC1', 'SC2']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('tells its subscribers to reset when its connection is lost, and listens again', async () => {
    const feed = createPostgresChangeFeed(url);
    await feed.ready;
    let resets = 0;
    const heard: string[] = [];
    feed.onReset(() => (resets += 1));
    feed.subscribe('order', (key) => heard.push(key));
    try {
      await handle.db.executeQuery(
        // end the feed's own connection, as a failover would
        (await import('kysely')).sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE 'LISTEN%'`.compile(handle.db),
      );
      await expect.poll(() => resets, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
      await transaction(handle.db, (tx) => feed.publish(tx, 'order', 'SC3'));
      await expect.poll(() => heard, { timeout: 5000 }).toEqual(['SC3']);
    } finally {
      await feed.close();
    }
  });
});
