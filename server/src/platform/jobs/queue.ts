import { CompiledQuery, sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { transaction, type Db, type DbHandle } from '../../db/client.ts';
import { countJobFailure } from '../metrics.ts';

/** The longest a job may run before pg-boss gives it up: pg-boss refuses a queue asking 24 hours or more. */
const MAX_EXPIRY_SECONDS = 23 * 3600;
/** The longest period of a recurring job (`every`). */
const MAX_PERIOD_SECONDS = 86_400;

/**
 * The background job queue: pg-boss 10, kept in the product's own database (schema `pgboss`).
 * pg-boss runs its SQL through `executeSql`, which we hand it on top of Kysely, so it shares the
 * product's connections: the PostgreSQL pool, or PGlite's single connection, which the PGlite
 * dialect lends to one caller at a time (pg-boss's statements never land inside another
 * request's transaction). PGlite takes one statement per parameterised query; pg-boss's
 * schema scripts (several statements, no parameters) go through `execScript` while the
 * connection is held.
 */
export type JobQueue = {
  /**
   * Starts the queue and creates `name`: call before opening a transaction that sends to it
   * (on PGlite the transaction holds the one connection the start would need).
   */
  prepare(name: string): Promise<void>;
  /** Enqueues a job; with `db` a transaction, the job exists only if that transaction commits. */
  send(name: string, data: object, options?: { db?: Db; singletonKey?: string }): Promise<string | null>;
  /** Works the queue `name` on this instance, one job at a time. */
  work<T extends object>(name: string, handler: (data: T) => Promise<void>): Promise<void>;
  /**
   * Runs `handler` once every `seconds` across every instance that calls this with the same
   * name: each offers a job per period, pg-boss keeps one per period (a throttled send) and
   * hands it to one worker; the queue's `singleton` policy keeps two rounds from running at once.
   * A round that fails is not retried: the next period's round does the same work. The period is
   * at most a day.
   */
  every(name: string, seconds: number, handler: () => Promise<void>): Promise<void>;
  /**
   * Jobs waiting or running per queue this instance has created (metrics); nothing before the
   * queue has started, so a scrape never starts it.
   */
  depths(): Promise<Record<string, number>>;
  /** Whether the queue answers: `idle` when this instance has not started it (nothing to ask). */
  check(): Promise<'ok' | 'idle' | 'down'>;
  stop(): Promise<void>;
};

/** pg-boss creating a queue: a row of its queue table, and a partition of its job table with a foreign key to it. */
const CREATE_QUEUE = /^SELECT \S+\.create_queue\(/;

/**
 * The two statements by which pg-boss's worker marks a job complete or failed, which it sends
 * without awaiting them (pg-boss 10, `Manager.work`): one that fails there (the database away or
 * the pool full for a moment) would be an unhandled rejection, and Node ends the process on one.
 * Such a failure is reported instead. The job stays active until it expires and then runs again,
 * as after a crash; every handler may run twice.
 */
const UNAWAITED_BOOKKEEPING = [/SET completed_on = now\(\),\s+state = 'completed'/, /AND state < 'completed'/];

function executorOn(
  db: Db,
  execScript: DbHandle['execScript'],
  isStopped = () => false,
  onError: (error: Error) => void = () => undefined,
): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      // A handler still running when its instance stopped ends later, and pg-boss then marks the
      // job complete or failed without awaiting it, when the database may be closed. That
      // bookkeeping is dropped: the owning module's table holds what matters (the export's stale
      // sweep hands an unfinished task on). No result at all is what pg-boss reads as "nothing
      // affected" and "no job fetched"; an empty row list would throw inside its unawaited call.
      if (isStopped()) return null as unknown as { rows: unknown[] };
      try {
        return await runStatement(db, execScript, text, values);
      } catch (error) {
        if (!UNAWAITED_BOOKKEEPING.some((statement) => statement.test(text))) throw error;
        onError(error as Error);
        return null as unknown as { rows: unknown[] };
      }
    },
  };
}

/** One statement of pg-boss's on the app's database. */
async function runStatement(
  db: Db,
  execScript: DbHandle['execScript'],
  text: string,
  values: unknown[],
): Promise<{ rows: unknown[] }> {
  if (values.length === 0 && /;\s*\S/.test(text)) {
    // pg-boss's scripts open a transaction of their own (BEGIN; …; COMMIT): one that fails
    // half-way (a race another instance won, which pg-boss expects and ignores) leaves it
    // open and aborted, and the pooled connection would fail every statement after it.
    return db.connection().execute(async (held) => {
      try {
        try {
          const result = await held.executeQuery(CompiledQuery.raw(text, []));
          return { rows: result.rows as unknown[] };
        } catch (error) {
          if (!/multiple commands/.test((error as Error).message)) throw error;
          await execScript(held, text);
          return { rows: [] };
        }
      } catch (error) {
        await held.executeQuery(CompiledQuery.raw('ROLLBACK', [])).catch(() => undefined);
        throw error;
      }
    });
  }
  if (CREATE_QUEUE.test(text)) {
    // Two creations at once, of one queue or of two, lock the queue table (the foreign key)
    // in opposite orders, and PostgreSQL ends one as a deadlock: a worker starting creates
    // several queues together, and two instances start together. So every instance on the
    // database creates one queue at a time, behind one lock held until the creation commits.
    return transaction(db, async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended('pgboss:create_queue', 0))`.execute(tx);
      const result = await tx.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] };
    });
  }
  const result = await db.executeQuery(CompiledQuery.raw(text, values));
  return { rows: result.rows as unknown[] };
}

export function createJobQueue(
  db: Db,
  execScript: DbHandle['execScript'],
  options: { pollSeconds: number; supervise: boolean; onError: (error: Error) => void },
): JobQueue {
  const queues = new Map<string, Promise<PgBoss>>();
  let instance: PgBoss | undefined;
  let started: Promise<PgBoss> | undefined;
  let stopped = false;
  const offers = new Set<NodeJS.Timeout>();
  // Set once pg-boss has stopped: its statements from then on are late bookkeeping.
  let closed = false;

  // Started on first use: a process (or a test) that never queues anything never creates the
  // schema or polls, nor loads pg-boss (and the PostgreSQL client it brings) at start.
  const ready = () =>
    (started ??= (async () => {
      const { default: Boss } = await import('pg-boss');
      const boss = new Boss({
        db: executorOn(db, execScript, () => closed, options.onError),
        supervise: options.supervise,
        schedule: false,
        // Jobs are short records; what a user sees of them lives in the owning module's table.
        retentionDays: 7,
        deleteAfterDays: 7,
        // A recurring round is offered once per period by a throttled send, and pg-boss takes a
        // throttle no longer than the time a completed job stays in its table: a day, for the
        // daily rounds (its default, 12 hours, refused every offer of the daily reconciliation).
        archiveCompletedAfterSeconds: MAX_PERIOD_SECONDS,
      } as PgBoss.ConstructorOptions);
      boss.on('error', options.onError);
      instance = boss;
      try {
        await boss.start();
      } catch (error) {
        // Not kept: a start the database refused (an outage, a restart) is tried again on the
        // next use, or this instance could queue and work nothing until it restarts.
        started = undefined;
        await boss.stop({ graceful: false, close: false }).catch(() => undefined);
        throw error;
      }
      return boss;
    })());
  // Each queue is created once by this instance: an export asked for as the worker starts shares
  // one creation (creations wait for each other, executorOn).
  const createQueue = async (name: string, policy: Partial<PgBoss.Queue>) => {
    const boss = await ready();
    await boss.createQueue(name, { name, retryLimit: 3, retryDelay: 5, expireInSeconds: 3600, ...policy });
    return boss;
  };
  const ensureQueue = (name: string, policy: Partial<PgBoss.Queue> = {}) => {
    let created = queues.get(name);
    if (!created) {
      created = createQueue(name, policy);
      queues.set(name, created);
      // A failure is not kept: the next caller tries again.
      created.catch(() => queues.delete(name));
    }
    return created;
  };

  return {
    async prepare(name) {
      await ensureQueue(name);
    },
    async send(name, data, sendOptions = {}) {
      // Said plainly: pg-boss's own connection drops statements once stopped, so a job sent
      // then would otherwise be lost without a word.
      if (stopped) throw new Error(`job queue stopped: cannot send to ${name}`);
      const boss = await ensureQueue(name);
      return boss.send(name, data, {
        singletonKey: sendOptions.singletonKey,
        // The caller's transaction is open and its own: its statements are never dropped.
        ...(sendOptions.db ? { db: executorOn(sendOptions.db, execScript) } : {}),
      });
    },
    async work<T extends object>(name: string, handler: (data: T) => Promise<void>) {
      const boss = await ensureQueue(name);
      await boss.work<T>(name, { pollingIntervalSeconds: options.pollSeconds, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data);
          } catch (error) {
            countJobFailure(name);
            throw error;
          }
        }
      });
    },
    async every(name, seconds, handler) {
      if (seconds > MAX_PERIOD_SECONDS) throw new Error(`${name}: a recurring job's period is at most a day`);
      // A round may run for up to four periods before pg-boss gives it up, within pg-boss's
      // limit of under a day (a daily round's queue is refused above it, and its worker never starts).
      const expireInSeconds = Math.min(MAX_EXPIRY_SECONDS, Math.max(60, seconds * 4));
      const boss = await ensureQueue(name, { policy: 'singleton', retryLimit: 0, expireInSeconds });
      await this.work(name, handler);
      const offer = () => {
        if (stopped) return;
        boss.sendThrottled(name, {}, {}, seconds, name).catch((error: unknown) => options.onError(error as Error));
      };
      offer();
      const timer = setInterval(offer, seconds * 1000);
      timer.unref();
      offers.add(timer);
    },
    async depths() {
      if (!started || stopped) return {};
      const boss = await started;
      const names = [...queues.keys()];
      const sizes = await Promise.all(names.map((name) => boss.getQueueSize(name, { before: 'completed' })));
      return Object.fromEntries(names.map((name, i) => [name, sizes[i]!]));
    },
    async check() {
      if (stopped) return 'down';
      if (!started) return 'idle';
      try {
        await started;
        await db.executeQuery(CompiledQuery.raw('SELECT version FROM pgboss.version', []));
        return 'ok';
      } catch {
        return 'down';
      }
    },
    async stop() {
      for (const timer of offers) clearInterval(timer);
      if (stopped || !started) return;
      stopped = true;
      await started.catch(() => undefined);
      await instance?.stop({ graceful: false, wait: true, close: false });
      closed = true;
    },
  };
}
