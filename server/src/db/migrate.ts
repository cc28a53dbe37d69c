import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { transaction, type DbHandle } from './client.ts';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Any fixed number; several instances starting at once take turns on it.
const MIGRATION_LOCK = 7_310_001;

/**
 * Applies every `NNNN_name.sql` in migrations/ not yet recorded, in order, all in one
 * transaction: either every pending file is applied or none is. Safe to run from several
 * instances at once: the transaction holds an advisory lock, so a second instance waits and then
 * finds nothing left to do. Answers the names applied.
 */
export async function migrate({ db, execScript }: DbHandle, dir = migrationsDir): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  // Most starts have nothing to apply: one read says so, without the lock and the DDL below
  // (a write and a disk sync each). Anything pending, or no table yet, takes the locked path.
  if (await allApplied(db, files)) return [];
  return transaction(db, async (tx) => {
    // A migration may rewrite a big table: the request statement timeout does not apply.
    await sql`SET LOCAL statement_timeout = 0`.execute(tx);
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(tx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
                name text PRIMARY KEY,
                applied_at timestamptz NOT NULL DEFAULT now()
              )`.execute(tx);
    const done = new Set((await tx.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await execScript(tx, await readFile(path.join(dir, file), 'utf8'));
      await tx.insertInto('schema_migrations').values({ name: file }).execute();
      applied.push(file);
    }
    return applied;
  });
}

async function allApplied(db: DbHandle['db'], files: string[]): Promise<boolean> {
  // No table yet (an empty database) fails the read: not all applied.
  const rows = await db
    .selectFrom('schema_migrations')
    .select('name')
    .execute()
    .catch(() => []);
  const done = new Set(rows.map((r) => r.name));
  return files.every((f) => done.has(f));
}
