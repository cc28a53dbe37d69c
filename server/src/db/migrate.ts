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
export async function migrate({ db, execScript }: DbHandle): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
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
      await execScript(tx, await readFile(path.join(migrationsDir, file), 'utf8'));
      await tx.insertInto('schema_migrations').values({ name: file }).execute();
      applied.push(file);
    }
    return applied;
  });
}
