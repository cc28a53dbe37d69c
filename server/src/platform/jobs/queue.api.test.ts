import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db, DbHandle } from '../../db/client.ts';
import { openTestDb } from '../../test/build-app.ts';
import { createJobQueue, type JobQueue } from './queue.ts';

let handle: DbHandle;
const queues: JobQueue[] = [];

beforeAll(async () => {
  handle = await openTestDb();
});
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await handle.close();
});

function queueOn(db: Db = handle.db): JobQueue {
  const queue = createJobQueue(db, handle.execScript, {
    pollSeconds: 0.5,
    supervise: false,
    onError: () => undefined,
  });
  queues.push(queue);
  return queue;
}

/**
 * Two instances starting together, or an export asked for as the worker starts: two pg-boss
 * set-ups race (the loser's script failed half-way inside its own BEGIN and left its pooled
 * connection in an aborted transaction, failing every statement after it), and two creations of
 * one queue took their locks in opposite orders (PostgreSQL ended one as a deadlock: the export
 * answered 503, or the worker never started).
 */
it('creates one queue asked for at once by the request path and the worker, and by two instances', async () => {
  const [one, two] = [queueOn(), queueOn()];
  for (let i = 0; i < 3; i++) {
    const name = `race-${i}`;
    await expect(Promise.all([one.prepare(name), one.prepare(name), two.prepare(name)])).resolves.toBeDefined();
  }
  // Each works: a job sent by one instance is handed to a worker of the other.
  const seen: unknown[] = [];
  await two.work<{ n: number }>('race-0', async (data) => void seen.push(data.n));
  await one.send('race-0', { n: 7 });
  await expect.poll(() => seen, { timeout: 10_000 }).toEqual([7]);
});

/**
 * A worker starting registers its queues together: each creation adds a partition whose foreign
 * key locks pg-boss's queue table, and creations of different queues at once deadlocked too
 * (an export answered 503 when its queue's creation lost three times in a row).
 */
it('creates many different queues asked for at once, by one instance and by two', async () => {
  const [one, two] = [queueOn(), queueOn()];
  const names = Array.from({ length: 8 }, (_, i) => `many-${i}`);
  await expect(
    Promise.all([...names.map((name) => one.prepare(name)), ...names.map((name) => two.prepare(name))]),
  ).resolves.toHaveLength(16);
  const seen: string[] = [];
  for (const name of names) await one.work<{ name: string }>(name, async (data) => void seen.push(data.name));
  for (const name of names) await two.send(name, { name });
  await expect.poll(() => [...seen].sort(), { timeout: 15_000 }).toEqual([...names].sort());
});

it('starts again on the next use after a start the database refused, instead of failing for good', async () => {
  // The database answers its first statement as a restarting server would, then recovers.
  let refusals = 1;
  const flaky = new Proxy(handle.db, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (key === 'executeQuery' || key === 'connection') {
        return (...args: unknown[]) => {
          if (refusals > 0) {
            refusals -= 1;
            throw new Error('Connection terminated unexpectedly');
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  const queue = queueOn(flaky);
  await expect(queue.prepare('after-outage')).rejects.toThrow(/Connection terminated/);
  await expect(queue.prepare('after-outage')).resolves.toBeUndefined();
  expect(await queue.send('after-outage', { n: 1 })).toEqual(expect.any(String));
});

it('lets a job that ends after its instance stopped end quietly, its bookkeeping dropped', async () => {
  // A stopping server (a deploy, a crash test) can have a handler still running: when it ends,
  // pg-boss marks the job complete without awaiting it, and a throw there would be an unhandled
  // rejection in a process that is shutting down.
  const rejections: unknown[] = [];
  const record = (reason: unknown) => void rejections.push(reason);
  process.on('unhandledRejection', record);
  try {
    const queue = queueOn();
    let finish!: () => void;
    const started = new Promise<void>((begun) => {
      void queue.work('outlives-stop', () => {
        begun();
        return new Promise<void>((resolve) => (finish = resolve));
      });
    });
    await queue.send('outlives-stop', { n: 1 });
    await started;
    await queue.stop();
    finish();
    await sleep(200);
    expect(rejections).toEqual([]);
  } finally {
    process.off('unhandledRejection', record);
  }
});

it('reports a job whose completion the database refuses for a moment, instead of ending the process', async () => {
  // pg-boss marks a job complete without awaiting it: a failure there was an unhandled rejection,
  // which ends a Node process (as a pool that could not hand out a connection in time once did).
  const rejections: unknown[] = [];
  const record = (reason: unknown) => void rejections.push(reason);
  process.on('unhandledRejection', record);
  try {
    let refuse = false;
    const refusing = new Proxy(handle.db, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (property === 'executeQuery') {
          return (query: { sql: string }) =>
            refuse && /completed_on = now\(\)/.test(query.sql)
              ? Promise.reject(new Error('timeout exceeded when trying to connect'))
              : (value as (q: unknown) => Promise<unknown>).call(target, query);
        }
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const errors: string[] = [];
    const queue = createJobQueue(refusing, handle.execScript, {
      pollSeconds: 0.5,
      supervise: false,
      onError: (error) => errors.push(error.message),
    });
    queues.push(queue);
    await queue.work('completion-refused', async () => {
      refuse = true;
    });
    await queue.send('completion-refused', { n: 1 });
    await expect.poll(() => errors, { timeout: 10_000 }).toContain('timeout exceeded when trying to connect');
    await sleep(100);
    expect(rejections).toEqual([]);
  } finally {
    process.off('unhandledRejection', record);
  }
});

it('refuses a job sent after its instance stopped instead of losing it', async () => {
  const queue = queueOn();
  await queue.prepare('after-stop');
  await queue.stop();
  await expect(queue.send('after-stop', { n: 1 })).rejects.toThrow(/job queue stopped/);
});

/**
 * Order expiry and credit-line expiry run on every worker instance's timer; before, each
 * instance ran its own round each period, so two instances ran every round twice.
 */
it('runs a recurring job once per period across two instances, never two rounds at once', async () => {
  const [one, two] = [queueOn(), queueOn()];
  let rounds = 0;
  let running = 0;
  let overlapped = false;
  const round = async () => {
    rounds += 1;
    running += 1;
    if (running > 1) overlapped = true;
    await sleep(300);
    running -= 1;
  };
  // pg-boss throttles by the clock's periods (a round per whole 2 s of the epoch), so a run
  // touches one more period than its length in periods when it starts late in one.
  const period = (ms: number) => Math.floor(ms / 2_000);
  const started = Date.now();
  await Promise.all([one.every('recurring', 2, round), two.every('recurring', 2, round)]);
  await sleep(6_500);
  const periods = period(Date.now()) - period(started) + 1;
  // Two instances each offering a round per period would run about twice as many.
  expect(rounds).toBeGreaterThanOrEqual(2);
  expect(rounds).toBeLessThanOrEqual(periods);
  expect(overlapped).toBe(false);
  await Promise.all([one.stop(), two.stop()]);
  const after = rounds;
  await sleep(2_500);
  expect(rounds).toBe(after);
});

/** The daily payment reconciliation asked pg-boss for four days' expiry, and its worker never started. */
it('starts a daily recurring job and runs its first round', async () => {
  const queue = queueOn();
  let rounds = 0;
  await queue.every('daily', 86_400, async () => {
    rounds += 1;
  });
  await expect.poll(() => rounds, { timeout: 10_000 }).toBe(1);
});
