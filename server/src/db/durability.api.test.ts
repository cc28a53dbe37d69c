import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { DurableNodeFS, nonDurableStatement, openPglite, transaction, WAL_FLUSH_DELAY_MS } from './client.ts';
import { migrate } from './migrate.ts';

/**
 * Embedded PGlite on disk (what `npm start` uses): a committed write must survive a power cut,
 * so PostgreSQL runs with fsync on and each commit's WAL reaches fsync() before it returns.
 */
describe('PGlite on disk', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'seller-centre-durable-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('runs PostgreSQL with fsync on, syncing the WAL with fsync()', async () => {
    const handle = await openPglite(dataDir());
    try {
      const setting = async (name: 'fsync' | 'wal_sync_method' | 'synchronous_commit') =>
        (await sql<Record<string, string>>`SHOW ${sql.raw(name)}`.execute(handle.db)).rows[0]![name];
      expect(await setting('fsync')).toBe('on');
      expect(await setting('synchronous_commit')).toBe('on');
      expect(await setting('wal_sync_method')).toBe('fsync');
    } finally {
      await handle.close();
    }
  });

  it('fsyncs every commit before it returns, and finds the rows again after a restart', async () => {
    const dir = dataDir();
    const fs = new DurableNodeFS(dir);
    const handle = await openPglite(dir, { fs });
    await migrate(handle);
    for (let i = 0; i < 5; i++) {
      const before = fs.syncs;
      await transaction(handle.db, (tx) =>
        tx
          .insertInto('rate_limits')
          .values({ key: `durable:${i}`, hits: 1, reset_at: new Date() })
          .execute(),
      );
      expect(fs.syncs).toBeGreaterThan(before);
    }
    await handle.close();

    const reopened = await openPglite(dir);
    try {
      const keys = await reopened.db
        .selectFrom('rate_limits')
        .select('key')
        .where('key', 'like', 'durable:%')
        .execute();
      expect(keys).toHaveLength(5);
    } finally {
      await reopened.close();
    }
  });

  it('commits a non-durable transaction without a sync, and syncs it on its own shortly after', async () => {
    const dir = dataDir();
    const fs = new DurableNodeFS(dir);
    const handle = await openPglite(dir, { fs });
    try {
      await migrate(handle);
      const before = fs.syncs;
      await transaction(
        handle.db,
        (tx) => tx.insertInto('rate_limits').values({ key: 'light', hits: 1, reset_at: new Date() }).execute(),
        { durable: false },
      );
      // No disk sync on the caller's way...
      expect(fs.syncs).toBe(before);
      // ...but one shortly after, with nothing else written meanwhile.
      await expect.poll(() => fs.syncs, { timeout: WAL_FLUSH_DELAY_MS * 50 }).toBeGreaterThan(before);
      // A durable commit is unaffected: synced before it returns.
      const beforeDurable = fs.syncs;
      await transaction(handle.db, (tx) =>
        tx.insertInto('rate_limits').values({ key: 'durable', hits: 1, reset_at: new Date() }).execute(),
      );
      expect(fs.syncs).toBeGreaterThan(beforeDurable);
    } finally {
      await handle.close();
    }
  });

  it('commits a non-durable statement of its own without a sync, and syncs it shortly after', async () => {
    const dir = dataDir();
    const fs = new DurableNodeFS(dir);
    const handle = await openPglite(dir, { fs });
    try {
      await migrate(handle);
      const { db } = handle;
      const before = fs.syncs;
      await nonDurableStatement(db, (light) =>
        sql`WITH counted AS (INSERT INTO rate_limits (key, hits, reset_at) VALUES ('light-one', 1, now()))
            SELECT ${light} AS light`.execute(db),
      );
      expect(fs.syncs).toBe(before);
      await expect.poll(() => fs.syncs, { timeout: WAL_FLUSH_DELAY_MS * 50 }).toBeGreaterThan(before);
      // The setting went with that statement's transaction: the next commit is durable again.
      const beforeDurable = fs.syncs;
      await db.insertInto('rate_limits').values({ key: 'durable-one', hits: 1, reset_at: new Date() }).execute();
      expect(fs.syncs).toBeGreaterThan(beforeDurable);
      await handle.close();
      const reopened = await openPglite(dir);
      try {
        const keys = await reopened.db.selectFrom('rate_limits').select('key').where('key', 'like', '%-one').execute();
        expect(keys.map((k) => k.key).sort()).toEqual(['durable-one', 'light-one']);
      } finally {
        await reopened.close();
      }
    } finally {
      await handle.close().catch(() => {});
    }
  });
});
