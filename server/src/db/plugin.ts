import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { openDb, type Db } from './client.ts';
import { migrate } from './migrate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
}

/** Opens the configured database (a PostgreSQL server, or embedded PGlite under DATA_DIR) and migrates it. */
export async function openConfiguredDb(config: Config): Promise<Db> {
  let db: Db;
  try {
    if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
    db = await openDb({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
      poolSize: config.DATABASE_POOL_SIZE,
    });
  } catch (error) {
    const where = config.DATABASE_URL ? new URL(config.DATABASE_URL).host : config.DATA_DIR;
    throw new DatabaseOpenError(`cannot open the database at ${where}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  await migrate(db);
  return db;
}

/**
 * The database as `app.db`, closed with the app. Production opens the configured one; tests
 * hand in a fresh, migrated database of their own.
 */
export default fp(
  async function database(app: FastifyInstance, options: { db?: Db }) {
    const db = options.db ?? (await openConfiguredDb(app.config));
    app.decorate('db', db);
    app.addHook('onClose', async () => db.close());
  },
  { name: 'database', dependencies: ['config'] },
);
