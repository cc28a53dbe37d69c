import { fsyncSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import {
  Kysely,
  PostgresDialect,
  sql,
  type LogEvent,
  type PostgresPool,
  type PostgresPoolClient,
  type RawBuilder,
} from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type pg from 'pg';
import { isDatabaseUnavailable } from './errors.ts';
import { keptStatements } from './pglite-statements.ts';
import type { Database } from './schema.ts';

/**
 * The typed query builder every repository takes. A transaction (`Transaction<Database>`) is a
 * `Db` too, so a repository function works the same inside and outside one.
 */
export type Db = Kysely<Database>;

/** An open database: the query builder plus what only its owner (server, tests) needs. */
export interface DbHandle {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** PostgreSQL server only: where it is, for connections of its own (the change feed's listener). */
  readonly connectionString?: string;
  /** Runs a script of several statements without parameters (migrations), inside `tx`. */
  execScript(tx: Db, script: string): Promise<void>;
  /** PostgreSQL server only: the pool's connections now (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /** PGlite only: the whole database as a tarball, to start other instances from. */
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

/** What runs once a transaction has committed, and the database it was opened on. */
const openTransactions = new WeakMap<Db, { root: Db; afterCommit: (() => Promise<void>)[] }>();

/** Flushes the write-ahead log of a database soon (embedded PGlite only: nothing else would). */
const walFlushers = new WeakMap<Db, () => void>();

export type TransactionOptions = {
  /**
   * false: the commit returns before its write-ahead log reaches the disk (PostgreSQL's
   * `synchronous_commit = off`); the disk gets it within a fraction of a second, and with any
   * durable commit after it. A crash in between loses this transaction and nothing else: the
   * database stays consistent, every durable commit before or after is kept. Only for writes
   * whose loss nobody would miss: sign-in attempt counters, a session (its owner signs in
   * again). Never for money, a password, a revocation or a permission.
   */
  durable?: boolean;
};

/**
 * Runs fn in one transaction: it commits when fn resolves and rolls back when it throws. Called
 * with a transaction already open, fn joins it (no savepoint): the outer caller decides. Work
 * queued with `afterCommit` runs (and is awaited) once the commit is through; nothing of it runs
 * on a rollback.
 */
export async function transaction<T>(db: Db, fn: (tx: Db) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  if (db.isTransaction) return fn(db);
  const durable = options.durable ?? true;
  const afterCommit: (() => Promise<void>)[] = [];
  const result = await db.transaction().execute(async (tx) => {
    openTransactions.set(tx, { root: db, afterCommit });
    if (!durable) await sql`SET LOCAL synchronous_commit = off`.execute(tx);
    return fn(tx);
  });
  if (!durable) walFlushers.get(db)?.();
  for (const work of afterCommit) await work();
  return result;
}

/**
 * One statement committed on its own and not durably: what `transaction(db, ..., { durable: false })`
 * around it would do, without the BEGIN, SET LOCAL and COMMIT around it (on the embedded database
 * each of those is a statement holding the one thread every request needs). `run` executes the
 * statement and must select `asynchronousCommit` in its top-level SELECT, a SELECT without FROM
 * (so it answers one row and the expression is always evaluated): it turns `synchronous_commit`
 * off for the statement's own transaction. Data-modifying CTEs under that SELECT do the writing.
 * Inside an open transaction the expression is a plain NULL: the transaction decides.
 */
export async function nonDurableStatement<T>(
  db: Db,
  run: (asynchronousCommit: RawBuilder<string | null>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return run(sql<null>`NULL`);
  const result = await run(sql<string>`set_config('synchronous_commit', 'off', true)`);
  walFlushers.get(db)?.();
  return result;
}

/**
 * Runs `work` once what `db` has written is committed: at once outside a transaction (a single
 * statement commits on its own), after the commit inside one opened by `transaction`. Telling
 * other instances about a change must wait for this, or they could reload the old state.
 */
export async function afterCommit(db: Db, work: () => Promise<void>): Promise<void> {
  if (!db.isTransaction) return work();
  const open = openTransactions.get(db);
  // A transaction opened by hand would drop the work silently: refuse it loudly instead.
  if (!open) throw new Error('afterCommit needs a transaction opened with transaction() (db/client.ts)');
  open.afterCommit.push(work);
}

/** The database a transaction was opened on (a `Db` that is no transaction is its own). */
export function rootOf(db: Db): Db {
  return openTransactions.get(db)?.root ?? db;
}

/** A value for a jsonb column: written as JSON text, which both drivers pass through as is. */
export function toJsonb(value: unknown): string {
  return JSON.stringify(value ?? null);
}

/** `now() + <seconds>` on the database's clock (windows, expiries), with the seconds bound. */
export function nowPlusSeconds(seconds: number): RawBuilder<Date> {
  return sql<Date>`now() + make_interval(secs => ${seconds})`;
}

// ---- numbers, converted in one place ---------------------------------------------------------

/**
 * bigint (int8) as a JS number. Ids, counts and money in integer fen all fit in 2^53; a value
 * that does not is refused loudly rather than rounded, so money never passes through a float.
 * numeric is left as the driver's decimal string.
 */
export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`bigint ${text} is beyond a safe JS integer`);
  return value;
}

/** int8[] in text form, `{1,2,3}`: one dimension is all the schema uses; NULL stays null. */
function parseInt8Array(text: string): (number | null)[] {
  const inner = text.slice(1, -1);
  if (!inner) return [];
  return inner.split(',').map((item) => (item === 'NULL' ? null : parseInt8(item)));
}

/** int8 as a safe number, int8[] as numbers; every other type as pg parses it. */
function pgTypesOf(types: typeof pg.types): pg.CustomTypesConfig {
  return {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === types.builtins.INT8) return parseInt8;
      if (oid === 1016) return parseInt8Array; // int8[]
      return types.getTypeParser(oid, format);
    },
  } as pg.CustomTypesConfig;
}

// ---- PGlite ----------------------------------------------------------------------------------

type EmscriptenStream = { nfd: number };
type EmscriptenModule = { NODEFS: { stream_ops: { fsync?: (stream: EmscriptenStream) => number } } };

/**
 * PGlite's files on disk, with fsync that reaches the disk. PGlite starts PostgreSQL with fsync
 * off (`-F`), and its Node file system has no fsync at all, so a committed write could sit in
 * the OS cache when the power goes. With this file system and `DURABLE_START_PARAMS`, every
 * commit fsyncs the WAL before it returns.
 */
export class DurableNodeFS extends NodeFS {
  /** fsync calls so far (a test checks that a commit makes one). */
  syncs = 0;

  override async init(...args: Parameters<NodeFS['init']>) {
    const { emscriptenOpts } = await super.init(...args);
    const preRun = [
      ...((emscriptenOpts.preRun as unknown[] | undefined) ?? []),
      (mod: EmscriptenModule) => {
        mod.NODEFS.stream_ops.fsync = (stream) => {
          fsyncSync(stream.nfd);
          this.syncs += 1;
          return 0;
        };
      },
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as typeof emscriptenOpts };
  }
}

/** How long an asynchronous commit on PGlite may wait for its flush (PostgreSQL's WAL writer: 200 ms). */
export const WAL_FLUSH_DELAY_MS = 100;

/**
 * PGlite's defaults without `-F` (fsync off), syncing the WAL with fsync(), which we provide.
 * Shared buffers of 32 MB instead of PostgreSQL's 128 MB: PGlite sets the whole pool up inside
 * its WebAssembly memory on every start, about a third of opening the database, and a page
 * missing from the pool is one read from the OS's file cache away.
 */
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  '-c',
  'wal_sync_method=fsync',
  '-c',
  'shared_buffers=32MB',
];

/** Called with every statement sent, transaction control included (tests count a request's statements). */
export type StatementLog = (event: LogEvent) => void;

export async function openPglite(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob; fs?: NodeFS; log?: StatementLog } = {},
): Promise<DbHandle> {
  // In memory (tests) nothing is durable anyway; on disk, commits are fsynced.
  const fs = options.fs ?? (dataDir ? new DurableNodeFS(dataDir) : undefined);
  const lite = new PGlite({
    ...(fs ? { fs, startParams: DURABLE_START_PARAMS } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: { [pgliteTypes.INT8]: parseInt8, 1016: parseInt8Array },
  });
  await lite.waitReady;
  const client = keptStatements(lite);
  // The dialect asks its client for `query` and `close` alone.
  const dialect = new PGliteDialect(client as unknown as PGlite);
  const db = new Kysely<Database>({ dialect, ...(options.log ? { log: options.log } : {}) });
  // PostgreSQL's WAL writer, which puts asynchronous commits on the disk on its own, does not run
  // inside PGlite: a log record written with `flush` puts the log up to it on the disk, every
  // asynchronous commit before it included, one fsync for all those of the last moment.
  let flushing: NodeJS.Timeout | undefined;
  let closed = false;
  walFlushers.set(db, () => {
    if (!dataDir || closed) return;
    flushing ??= setTimeout(() => {
      flushing = undefined;
      if (closed) return;
      sql`SELECT pg_logical_emit_message(false, 'wal-flush', '', true)`.execute(db).catch(() => {
        // Closed meanwhile (its shutdown checkpoint flushes the log), or the next durable commit will.
      });
    }, WAL_FLUSH_DELAY_MS);
  });
  return {
    db,
    kind: 'pglite',
    // The dialect hands its one connection to one caller at a time, and `tx` holds it, so the
    // script runs inside that transaction. Statements kept prepared may read tables it changed.
    async execScript(_tx, script) {
      await lite.exec(script);
      await client.forgetStatements();
    },
    async dump() {
      return lite.dumpDataDir('none');
    },
    async close() {
      closed = true;
      clearTimeout(flushing);
      await db.destroy();
    },
  };
}

// ---- PostgreSQL server -----------------------------------------------------------------------

export type PostgresOptions = {
  poolSize: number;
  /** Longest a statement may run (ms); 0 for no limit. */
  statementTimeoutMs: number;
  /** Longest a caller waits for a pooled connection (ms); 5 s unless a test queues many more callers than connections. */
  connectionTimeoutMs?: number;
  /** Longest a transaction may sit idle before the server ends it (ms); 0 for no limit. */
  idleInTransactionTimeoutMs: number;
  /** A pooled connection broke (server restart, failover, terminated backend). */
  onConnectionError?: (error: Error) => void;
  log?: StatementLog;
};

/** How long after a broken connection pooled ones are checked before use. */
const SUSPECT_MS = 10_000;

const callbackClients = new WeakMap<pg.PoolClient, PostgresPoolClient>();

/**
 * The pooled client as Kysely uses it, but asking pg in its callback form. With pg's promise
 * form (`client.query(sql, params)` answering a promise) the rows of every result were promoted
 * to V8's old generation, where they wait for a major collection: about 500 MB promoted per
 * million exported rows, the old generation swelling by 60-80 MB between collections (measured
 * with --trace-gc-nvp). The callback form promotes about 30 MB for the same rows and costs less
 * CPU. One wrapper per pg client, so Kysely keeps one connection object per client.
 */
function callbackQueries(client: pg.PoolClient): PostgresPoolClient {
  let wrapped = callbackClients.get(client);
  if (!wrapped) {
    const query = (text: string, values: readonly unknown[]) =>
      new Promise<pg.QueryResult>((resolve, reject) => {
        client.query(text, values as unknown[], (error, result) => (error ? reject(error) : resolve(result)));
      });
    // Kysely asks only `query(sql, parameters)` and `release()` (no cursor is configured).
    wrapped = { query, release: () => client.release() } as unknown as PostgresPoolClient;
    callbackClients.set(client, wrapped);
  }
  return wrapped;
}

export async function openPostgres(connectionString: string, options: PostgresOptions): Promise<DbHandle> {
  // Loaded on use: the embedded default never needs the PostgreSQL client, and loading it is a start-up cost.
  const { default: Pg } = await import('pg');
  const pool = new Pg.Pool({
    connectionString,
    max: options.poolSize,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    types: pgTypesOf(Pg.types),
    statement_timeout: options.statementTimeoutMs,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs,
  });
  // After a connection broke, others may have broken with it (a restart, a failover) before
  // their goodbye was read: for a while, a pooled connection is tried with `SELECT 1` before a
  // request gets it, so the requests after an outage meet live connections only.
  let suspectUntil = 0;
  const report = (error: Error) => {
    suspectUntil = Date.now() + SUSPECT_MS;
    options.onConnectionError?.(error);
  };
  // An idle pooled connection that breaks is reported here; without a listener the process exits.
  pool.on('error', report);
  // A connection checked out by a request (say, in a transaction) has no pool listener while
  // it is out: its own listener keeps a server-side termination from killing the process. The
  // request's query fails instead (a 503), and pg drops the broken connection on release.
  pool.on('connect', (client) => client.on('error', report));
  const checkedPool: PostgresPool = {
    async connect() {
      for (let attempt = 0; ; attempt++) {
        const client = await pool.connect();
        if (Date.now() > suspectUntil || attempt > options.poolSize) return callbackQueries(client);
        try {
          await client.query('SELECT 1');
          return callbackQueries(client);
        } catch (error) {
          client.release(error as Error);
          if (!isDatabaseUnavailable(error)) throw error;
          report(error as Error);
        }
      }
    },
    end: () => pool.end(),
  };
  const client = await pool.connect();
  client.release();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: checkedPool }),
    ...(options.log ? { log: options.log } : {}),
  });
  return {
    db,
    kind: 'postgres',
    connectionString,
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: options.poolSize,
    }),
    async execScript(tx, script) {
      // Without parameters, pg sends the simple protocol, which takes several statements.
      await sql.raw(script).execute(tx);
    },
    async dump(): Promise<Blob> {
      throw new Error('dump is for PGlite; use pg_dump for a PostgreSQL server');
    },
    async close() {
      await db.destroy();
    },
  };
}

export async function openDb(
  options: { databaseUrl?: string | undefined; dataDir?: string | undefined } & Partial<PostgresOptions>,
): Promise<DbHandle> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, {
      poolSize: options.poolSize ?? 10,
      statementTimeoutMs: options.statementTimeoutMs ?? 0,
      idleInTransactionTimeoutMs: options.idleInTransactionTimeoutMs ?? 0,
      onConnectionError: options.onConnectionError,
    });
  }
  return openPglite(options.dataDir);
}
