import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client.ts';
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

function queueOn(): JobQueue {
  const queue = createJobQueue(handle.db, handle.execScript, {
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
