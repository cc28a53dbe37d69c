import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import app from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openPglite, openPostgres, type Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import type { Providers } from '../providers/plugin.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function openTestDb(): Promise<Db> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = inject('pgliteTemplate');
    const db = await openPglite(undefined, template ? new Blob([readFileSync(template)]) : undefined);
    await migrate(db);
    return db;
  }
  const name = `sc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), 5);
  await migrate(db);
  return {
    ...db,
    async close() {
      await db.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export type TestApp = FastifyInstance & { db: Db; config: Config };

export type TestAppOptions = {
  /** Outside services to use instead of the configured ones: the one place tests swap them. */
  providers?: Partial<Providers>;
  /** Plugins registered after the app, e.g. probe routes that exist only in a test. */
  plugins?: FastifyPluginAsync[];
};

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
    ...overrides,
  });
  const db = await openTestDb();
  const instance = Fastify({ logger: false });
  await instance.register(app, { config, db, providers: options.providers });
  for (const plugin of options.plugins ?? []) await instance.register(plugin);
  await instance.ready();
  return instance as TestApp;
}
