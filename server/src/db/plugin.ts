import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { openDb, type Db, type DbHandle } from './client.ts';
import { migrate } from './migrate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Which database it is, for what needs a connection of its own (the change feed). */
    dbInfo: Pick<DbHandle, 'kind' | 'connectionString' | 'execScript' | 'poolStats'>;
  }
}

export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
}

/**
 * Opens the configured database (a PostgreSQL server, or embedded PGlite under DATA_DIR) and
 * migrates it. `onConnectionError` hears of a pooled PostgreSQL connection that broke (restart,
 * failover); the request using it gets a 503.
 */
export async function openConfiguredDb(config: Config, onConnectionError?: (error: Error) => void): Promise<DbHandle> {
  let handle: DbHandle;
  try {
    if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
    handle = await openDb({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
      poolSize: config.DATABASE_POOL_SIZE,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      onConnectionError,
    });
  } catch (error) {
    const where = config.DATABASE_URL ? new URL(config.DATABASE_URL).host : config.DATA_DIR;
    throw new DatabaseOpenError(`cannot open the database at ${where}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  await migrate(handle);
  return handle;
}

/**
 * The database as `app.db`, closed with the app. Production opens the configured one; tests
 * hand in a fresh, migrated database of their own.
 */
export default fp(
  async function database(app: FastifyInstance, options: { db?: DbHandle }) {
    const handle =
      options.db ?? (await openConfiguredDb(app.config, (err) => app.log.warn({ err }, 'database connection lost')));
    app.decorate('db', handle.db);
    app.decorate('dbInfo', {
      kind: handle.kind,
      connectionString: handle.connectionString,
      execScript: (tx: Db, script: string) => handle.execScript(tx, script),
      ...(handle.poolStats ? { poolStats: () => handle.poolStats!() } : {}),
    });
    app.addHook('onClose', async () => handle.close());
  },
  { name: 'database', dependencies: ['config'] },
);
