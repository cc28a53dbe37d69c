import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

type Row = Record<string, unknown>;

/**
 * The one database interface the repositories use. PostgreSQL is the only dialect: the same
 * SQL runs on embedded PGlite and on a PostgreSQL server.
 */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** PGlite only: the whole database as a tarball, to start other instances from. */
  dump(): Promise<Blob>;
  /** Runs fn in one transaction; it commits when fn resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// bigint and numeric come back as strings from both drivers; callers convert explicitly so
// money never passes through a float by accident.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Db> {
  const lite = new PGlite(dataDir, loadDataDir ? { loadDataDir } : {});
  await lite.waitReady;
  return {
    kind: 'pglite',
    async dump() {
      return lite.dumpDataDir('none');
    },
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await lite.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await lite.exec(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return lite.transaction(async (tx) =>
        fn({
          async query<R extends Row>(sql: string, params: readonly unknown[] = []) {
            const result = await tx.query<R>(sql, params as unknown[]);
            return result.rows;
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    async close() {
      await lite.close();
    },
  };
}

export async function openPostgres(connectionString: string, max: number): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5_000 });
  // A pooled client that loses its server must not crash the process.
  pool.on('error', () => undefined);
  const client = await pool.connect();
  client.release();
  return {
    kind: 'postgres',
    async dump(): Promise<Blob> {
      throw new Error('dump is for PGlite; use pg_dump for a PostgreSQL server');
    },
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await pool.query(sql, params as unknown[]);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        const value = await fn({
          async query<R extends Row>(sql: string, params: readonly unknown[] = []) {
            const result = await conn.query(sql, params as unknown[]);
            return result.rows as R[];
          },
          async exec(sql: string) {
            await conn.query(sql);
          },
        });
        await conn.query('COMMIT');
        return value;
      } catch (error) {
        await conn.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        conn.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

export async function openDb(options: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  poolSize?: number;
}): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir);
}
