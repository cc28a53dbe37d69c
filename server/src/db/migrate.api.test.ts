import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb } from '../test/build-app.ts';
import { openPglite, type DbHandle } from './client.ts';
import { migrate } from './migrate.ts';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * A start on an up-to-date database skips the migration transaction after one read; a start
 * after a new migration file arrived must still apply it.
 */
describe('migrate on an existing database', () => {
  let handle: DbHandle | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await handle?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('applies nothing when every file is recorded, and a file added later on the next run', async () => {
    handle = await openTestDb();
    dir = mkdtempSync(path.join(tmpdir(), 'sc-migrations-'));
    cpSync(migrationsDir, dir, { recursive: true });

    expect(await migrate(handle, dir)).toEqual([]);

    writeFileSync(path.join(dir, '9999_probe.sql'), 'CREATE TABLE migrate_probe (id int PRIMARY KEY);');
    expect(await migrate(handle, dir)).toEqual(['9999_probe.sql']);
    const probe = await sql<{ n: number }>`SELECT count(*)::int AS n FROM migrate_probe`.execute(handle.db);
    expect(probe.rows[0]!.n).toBe(0);

    expect(await migrate(handle, dir)).toEqual([]);
  });
});

describe('0860_operator_roles on an install that has operators', () => {
  let handle: DbHandle | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await handle?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('makes the operators already there admins (they could do everything before), and new ones support', async () => {
    handle = await openPglite(undefined);
    dir = mkdtempSync(path.join(tmpdir(), 'sc-migrations-'));
    for (const file of readdirSync(migrationsDir).filter((f) => f < '0860')) {
      cpSync(path.join(migrationsDir, file), path.join(dir, file));
    }
    await migrate(handle, dir);
    await sql`INSERT INTO operators (account_name, password_hash) VALUES ('ops.before', 'x')`.execute(handle.db);

    expect(await migrate(handle)).toContain('0860_operator_roles.sql');
    await sql`INSERT INTO operators (account_name, password_hash) VALUES ('ops.after', 'x')`.execute(handle.db);
    const roles = await sql<{ account_name: string; role: string }>`
      SELECT account_name, role FROM operators ORDER BY id`.execute(handle.db);
    expect(roles.rows).toEqual([
      { account_name: 'ops.before', role: 'admin' },
      { account_name: 'ops.after', role: 'support' },
    ]);
    await expect(sql`UPDATE operators SET role = 'owner'`.execute(handle.db)).rejects.toThrow(/check constraint/);
  }, 120_000);
});
