import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import app, { serverOptions } from '../app.ts';
import { loadConfig } from '../config.ts';
import { restore } from './backup.ts';
import { openPglite } from './client.ts';
import { transfer, freeze } from '../platform/ledger/index.ts';
import { verifyLedger } from '../platform/ledger/verify.ts';
import type { TestApp } from '../test/build-app.ts';
import { createMainAccount, DEFAULT_PASSWORD, signIn } from '../test/factories.ts';
import { generateOrder, notify, sandboxNotification } from '../test/order-factories.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const adminUrl = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(path.join(tmpdir(), 'sc-backup-test-'));
const databases: string[] = [];

afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  if (!adminUrl) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

/** A new, empty database on the test server (PostgreSQL runs only). */
async function newDatabase(): Promise<string> {
  const name = `sc_backup_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Where an instance keeps its data: a data directory, and on PostgreSQL runs a database too. */
async function newPlace(name: string): Promise<Record<string, string>> {
  const place: Record<string, string> = { DATA_DIR: path.join(work, name) };
  if (adminUrl) place.DATABASE_URL = await newDatabase();
  return place;
}

/**
 * The source starts from the suite's migrated template instead of running every migration on a
 * fresh embedded database with a commit fsynced each (most of a minute on a busy machine).
 */
async function fromTemplate(place: Record<string, string>): Promise<void> {
  const template = inject('pgliteTemplate');
  if (adminUrl || !template) return;
  const dir = path.join(place.DATA_DIR!, 'pglite');
  mkdirSync(dir, { recursive: true });
  const handle = await openPglite(dir, { loadDataDir: new Blob([readFileSync(template)]) });
  await handle.close();
}

/** The product as `npm start` assembles it, on the configured database (not a test database). */
async function start(place: Record<string, string>): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: '/nonexistent',
    PASSWORD_HASH_PACE_MS: '0',
    ...place,
  });
  const instance = Fastify({ ...serverOptions(config), logger: false });
  await instance.register(app, { config });
  await instance.ready();
  return instance as TestApp;
}

/** `npm run <script> -- <args>` as an operator would type it, with the place's settings. */
async function npmRun(script: string, args: string[], place: Record<string, string>) {
  const env = { ...process.env, ...place };
  if (!place.DATABASE_URL) delete env.DATABASE_URL;
  return run('npm', ['run', '--silent', script, '--', ...args], { cwd: root, env });
}

async function balances(instance: TestApp) {
  const { rows } = await sql<{
    tenant_id: number | null;
    kind: string;
    provider: string;
    balance: number;
    pending: number;
  }>`
    SELECT tenant_id, kind, provider, balance, pending FROM ledger_accounts ORDER BY tenant_id NULLS FIRST, kind, provider
  `.execute(instance.db);
  return rows;
}

// Two commands, three database opens and two app starts: seconds on a quiet machine, minutes on
// one shared by many test runs (load 27 on two cores measured 234 s), hence the long timeout.
it('restores a used database and its files elsewhere, where the product starts, signs in and finds every balance', async () => {
  // A database the product has used: an account, a paid order, money moved and frozen, an upload.
  const source = await newPlace('source');
  await fromTemplate(source);
  const before = await start(source);
  const { user, token } = await createMainAccount(before);
  const { order_code } = (await generateOrder(before, token, { pay_type: 2, package_id: 3 })).json().data;
  expect((await notify(before, sandboxNotification(order_code, '99.00'))).body).toBe('success');
  const tenant = { tenantId: user.id, kind: 'third_party' as const };
  const clearing = { operator: 'clearing' as const, provider: 'sandbox' };
  await transfer(before.db, { key: 'backup-test-in', from: clearing, to: tenant, amount: 12_345, memo: 'top-up' });
  await freeze(before.db, {
    key: 'backup-test-hold',
    from: tenant,
    to: { operator: 'revenue' },
    amount: 345,
    memo: 'hold',
  });
  const image = randomBytes(2048);
  const uploadKey = `${user.id}/${randomBytes(16).toString('hex')}`;
  await before.files.uploads.put(uploadKey, image, 'image/png');
  const expected = await balances(before);
  expect(expected.some((b) => b.balance === 12_345 && b.pending === 345)).toBe(true);
  // Embedded PGlite is one process's: the server stops before the backup (docs/operations.md).
  await before.close();

  const file = path.join(work, 'backup.tar.gz');
  const backedUp = await npmRun('db:backup', ['--out', file], source);
  expect(backedUp.stdout).toContain('uploads');
  expect(existsSync(file)).toBe(true);

  const target = await newPlace('target');
  await npmRun('db:restore', ['--in', file], target);
  // A second restore into the same place is refused: it is no longer empty. (In-process: each
  // command is a TypeScript start of its own, tens of seconds on a busy machine.)
  await expect(restore(loadConfig({ NODE_ENV: 'test', ...target }), file)).rejects.toThrow(/not empty/);

  const after = await start(target);
  try {
    const signedIn = await signIn(after, { account_name: user.userName!, password: DEFAULT_PASSWORD });
    expect(signedIn.authorization).toBeTruthy();
    expect(await balances(after)).toEqual(expected);
    expect(await verifyLedger(after.db)).toEqual([]);
    const order = await after.db
      .selectFrom('orders')
      .select('state')
      .where('order_code', '=', order_code)
      .executeTakeFirst();
    expect(order?.state).toBe('paid');
    const { stream } = await after.files.uploads.open(uploadKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(image)).toBe(true);
  } finally {
    await after.close();
  }
}, 300_000);
