import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { inject } from 'vitest';
import app, { serverOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { sql } from 'kysely';
import {
  openPglite,
  openPostgres,
  type Db,
  type DbHandle,
  type PostgresOptions,
  type StatementLog,
} from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import type { Providers } from '../providers/plugin.ts';
import { checkAnswersAgainstDocument } from './openapi-check.ts';
import { adminQuery, databaseUrl } from './postgres-admin.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function openTestDb(options: Partial<PostgresOptions> = {}): Promise<DbHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = inject('pgliteTemplate');
    const handle = await openPglite(undefined, {
      ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
      ...(options.log ? { log: options.log } : {}),
    });
    await migrate(handle);
    return handle;
  }
  const name = `sc_test_${randomBytes(6).toString('hex')}`;
  // A copy of the suite's migrated template (api-global-setup.ts); the migrator below then finds
  // nothing to apply. Without one (a file run outside the suite's setup), an empty database.
  const template = inject('postgresTemplate');
  await adminQuery(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const handle = await openPostgres(databaseUrl(adminUrl, name), {
    poolSize: 5,
    statementTimeoutMs: 15_000,
    idleInTransactionTimeoutMs: 30_000,
    ...options,
  });
  await migrate(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** The name of the test database on the PostgreSQL server (TEST_DATABASE_URL only). */
export async function currentDatabaseName(db: Db): Promise<string> {
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(db);
  return rows[0]!.name;
}

export type TestApp = FastifyInstance & { db: Db; config: Config };

export type TestAppOptions = {
  /** Outside services to use instead of the configured ones: the one place tests swap them. */
  providers?: Partial<Providers>;
  /** Plugins registered after the app, e.g. probe routes that exist only in a test. */
  plugins?: FastifyPluginAsync[];
  /**
   * Another instance on the database of this one (PostgreSQL only: TEST_DATABASE_URL), with
   * pools and a change feed of its own, as a second server would be. Closing it leaves the
   * database to the first.
   */
  sameDatabaseAs?: TestApp;
  /** Sees every statement the app sends (transaction control included), to count them. */
  log?: StatementLog;
};

/** Whether the API tests run on a PostgreSQL server, where several instances can share one. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

async function openSameDb(first: TestApp, options: Partial<PostgresOptions>): Promise<DbHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('a second instance needs a PostgreSQL server (TEST_DATABASE_URL)');
  const url = new URL(adminUrl);
  url.pathname = `/${await currentDatabaseName(first.db)}`;
  return openPostgres(url.toString(), {
    poolSize: 5,
    statementTimeoutMs: 15_000,
    idleInTransactionTimeoutMs: 30_000,
    ...options,
  });
}

/** The real app, as production registers it, on a fresh database. Close it after the file. */
export async function buildTestApp(
  overrides: Partial<Record<string, string>> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: '/nonexistent',
    // The pace keys on the event loop's load, and here the loop also runs the test's own client
    // and the other tests of the file: a sign-in's speed would follow the test run, not the
    // server. passwords.test.ts decides the load itself to test the pace.
    PASSWORD_HASH_PACE_MS: '0',
    // The suites beside this one keep both cores of a CI machine busy; at idle priority a hash
    // waits seconds for them, and a sign-in's test times out (docs/decisions.md, "CI time").
    PASSWORD_HASH_PRIORITY: 'normal',
    ...overrides,
  });
  const dbOptions = {
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    ...(options.log ? { log: options.log } : {}),
  };
  const handle = options.sameDatabaseAs
    ? await openSameDb(options.sameDatabaseAs, dbOptions)
    : await openTestDb(dbOptions);
  const instance = Fastify({ ...serverOptions(config), logger: false });
  // Every answer a test gets is checked against the OpenAPI document (test/openapi-check.ts).
  checkAnswersAgainstDocument(instance);
  // The app's database plugin closes (and on PostgreSQL drops) this database with the app.
  await instance.register(app, { config, db: handle, providers: options.providers });
  for (const plugin of options.plugins ?? []) await instance.register(plugin);
  await instance.ready();
  return instance as TestApp;
}
