import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite, type Db, type DbHandle } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { openTestDb } from '../../test/build-app.ts';
import { freeze, post, transfer, type AccountRef } from './index.ts';
import { verifyLedger } from './verify.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

async function newTenant(db: Db, phone: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO users (id, main_id, user_type, phone_number)
    SELECT n, n, 1, ${phone} FROM (SELECT nextval(pg_get_serial_sequence('users', 'id')) AS n) s
    RETURNING id`.execute(db);
  return rows[0]!.id;
}

/** A small ledger with a posted transfer, a posted freeze and an open one. */
async function fillLedger(db: Db, tenantId: number) {
  const wallet: AccountRef = { tenantId, kind: 'third_party' };
  await transfer(db, {
    key: `${tenantId}-in`,
    from: { operator: 'clearing', provider: 'sandbox' },
    to: wallet,
    amount: 1_000,
    memo: '',
  });
  await freeze(db, { key: `${tenantId}-f1`, from: wallet, to: { operator: 'revenue' }, amount: 300, memo: '' });
  await post(db, { key: `${tenantId}-p1`, pendingKey: `${tenantId}-f1` });
  await freeze(db, { key: `${tenantId}-f2`, from: wallet, to: { operator: 'revenue' }, amount: 200, memo: '' });
}

async function walletId(db: Db, tenantId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('ledger:verify', () => {
  let handle: DbHandle;
  let db: Db;
  beforeAll(async () => {
    handle = await openTestDb();
    db = handle.db;
  });
  afterAll(() => handle.close());

  it('finds nothing wrong with a ledger the ledger functions wrote', async () => {
    await fillLedger(db, await newTenant(db, '13911110001'));
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('names the account whose balance no longer equals its entries', async () => {
    const tenantId = await newTenant(db, '13911110002');
    await fillLedger(db, tenantId);
    const id = await walletId(db, tenantId);
    await sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE id = ${id}`.execute(db);
    expect(await verifyLedger(db)).toEqual([
      {
        check: 'balance',
        subject: `account ${id} (tenant ${tenantId} third_party)`,
        detail: 'balance 701 fen, its entries sum to 700 fen',
      },
    ]);
    await sql`UPDATE ledger_accounts SET balance = balance - 1 WHERE id = ${id}`.execute(db);
  });

  it('catches unbalanced entries, a balance below its floor, and a freeze resolved twice', async () => {
    const tenantId = await newTenant(db, '13911110003');
    await fillLedger(db, tenantId);
    const id = await walletId(db, tenantId);
    // An entry of 1 fen more than its transfer on the credit side: debits and credits differ.
    const { rows } = await sql<{ id: number }>`SELECT id FROM ledger_transfers WHERE key = ${`${tenantId}-in`}`.execute(
      db,
    );
    const transferId = rows[0]!.id;
    await sql`UPDATE ledger_entries SET amount = amount + 1 WHERE transfer_id = ${transferId} AND amount > 0`.execute(
      db,
    );
    await sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE id = ${id}`.execute(db);
    // A floor above what it holds.
    await sql`UPDATE ledger_accounts SET floor = 1000 WHERE id = ${id}`.execute(db);
    // The open freeze posted twice, past the unique index that normally stops it.
    await sql`DROP INDEX ledger_transfers_resolves`.execute(db);
    const f2 = await sql<{ id: number }>`SELECT id FROM ledger_transfers WHERE key = ${`${tenantId}-f2`}`.execute(db);
    await sql`INSERT INTO ledger_transfers (key, kind, debit_account_id, credit_account_id, amount, pending_id)
              SELECT ${`${tenantId}-p1-again`}, 'post', debit_account_id, credit_account_id, amount, pending_id
                FROM ledger_transfers WHERE key = ${`${tenantId}-p1`}`.execute(db);

    const breaches = await verifyLedger(db);
    const checks = breaches.map((b) => `${b.check}: ${b.subject}`);
    expect(checks).toContain('debits-credits: all entries');
    expect(checks).toContain(`debits-credits: transfer ${transferId} (transfer ${tenantId}-in)`);
    expect(checks).toContain(`floor: account ${id} (tenant ${tenantId} third_party)`);
    expect(breaches.find((b) => b.check === 'resolution')?.detail).toMatch(/^resolved twice/);
    expect(f2.rows).toHaveLength(1);
  });

  it('exits 1 from `npm run ledger:verify` and names the account', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ledger-verify-'));
    try {
      // The command's own database: PGlite on disk, as a server without DATABASE_URL keeps it,
      // started from the suite's migrated template when there is one (initdb takes long).
      const template = inject('pgliteTemplate');
      // Written without fsync (nothing here needs to survive a power cut), which is much faster.
      const lite = await openPglite(path.join(dataDir, 'pglite'), {
        fs: new NodeFS(path.join(dataDir, 'pglite')),
        ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
      });
      await migrate(lite);
      const tenantId = await newTenant(lite.db, '13911110004');
      await fillLedger(lite.db, tenantId);
      const id = await walletId(lite.db, tenantId);
      await sql`UPDATE ledger_accounts SET balance = 5 WHERE id = ${id}`.execute(lite.db);
      await lite.close();

      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
      delete env.DATABASE_URL;
      const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/ledger-verify.ts'], {
        cwd: root,
        env,
      });
      const failure = await run.then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain(
        `BREACH balance: account ${id} (tenant ${tenantId} third_party): balance 5 fen`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
