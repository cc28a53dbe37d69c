import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type * as WorkerThreads from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './errors.ts';
import { configurePasswordHashing, eventLoopSaturated, hashPassword, verifyPassword } from './passwords.ts';

/** Every hashing thread started, so a test can end one as a crash would. */
const threads = vi.hoisted(() => [] as WorkerThreads.Worker[]);
vi.mock('node:worker_threads', async (original) => {
  const actual = await original<typeof WorkerThreads>();
  class Recorded extends actual.Worker {
    constructor(...args: ConstructorParameters<typeof actual.Worker>) {
      super(...args);
      threads.push(this);
    }
  }
  return { ...actual, Worker: Recorded };
});

/** Ends every hashing thread started so far, as a crash would, and waits until they are gone. */
async function crashThreads(): Promise<void> {
  await Promise.all(threads.splice(0).map((t) => t.terminate()));
}

/** The promise, or a rejection once `ms` have passed: a hang fails the test instead of stalling it. */
function within<T>(promise: Promise<T>, ms = 3000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref()),
  ]);
}

// Unpaced unless a test says otherwise: the tests of a crash need their hash sent at once.
const unpaced = { concurrency: 2, queue: 32, paceMs: 150, eventLoopSaturated: () => false };
configurePasswordHashing(unpaced);
afterEach(() => configurePasswordHashing(unpaced));

describe('password hashing pool', () => {
  it('keeps argon2id with the OWASP parameters', async () => {
    const hash = await hashPassword('Passw0rd!');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Passw0rd!')).toBe(true);
    expect(await verifyPassword(hash, 'wrong')).toBe(false);
    expect(await verifyPassword('not a hash', 'Passw0rd!')).toBe(false);
  });

  it('refuses work beyond its slots and queue at once with a 503 and Retry-After, and finishes the rest', async () => {
    configurePasswordHashing({ concurrency: 1, queue: 1, paceMs: 100, eventLoopSaturated: () => false });
    const results = await Promise.allSettled([hashPassword('a1b2c3d4'), hashPassword('a1b2c3d5'), hashPassword('x1')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    const refusal = (results[2] as PromiseRejectedResult).reason as AppError;
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal.code).toBe(503);
    expect(refusal.headers).toEqual({ 'retry-after': '1' });
    // The pool is free again afterwards.
    expect(await verifyPassword((results[0] as PromiseFulfilledResult<string>).value, 'a1b2c3d4')).toBe(true);
  });
});

describe('while the event loop is saturated', () => {
  /** When each of three checks at once answers, in ms from the start. A malformed hash answers at once. */
  async function answerTimes(): Promise<number[]> {
    const started = performance.now();
    return Promise.all(
      [1, 2, 3].map(async () => {
        expect(await verifyPassword('not a hash', 'x')).toBe(false);
        return performance.now() - started;
      }),
    );
  }

  it('hashes one at a time, each starting the pace after the one before', async () => {
    await verifyPassword('not a hash', 'x'); // the thread started before the clock does
    configurePasswordHashing({ concurrency: 3, queue: 8, paceMs: 300, eventLoopSaturated: () => true });
    const times = await answerTimes();
    // The second cannot start before a pace has passed since the first started, nor the third
    // before two, and an answer comes after its start: so the second answers at least 300 ms and
    // the third 600 ms after the clock started (a millisecond is left for rounding). A busy
    // machine only makes answers later; it cannot pull the gap between two answers below the pace
    // the way a late first answer would. Unpaced, all three answer within a few ms of the start.
    expect(times[1]!).toBeGreaterThanOrEqual(299);
    expect(times[2]!).toBeGreaterThanOrEqual(599);
  });

  it('is not paced with the loop below saturation, nor with a pace of 0', async () => {
    for (const options of [
      { paceMs: 10_000, eventLoopSaturated: () => false },
      { paceMs: 0, eventLoopSaturated: () => true },
    ]) {
      configurePasswordHashing({ concurrency: 3, queue: 8, ...options });
      await answerTimes(); // three threads started
      // Paced by 10 s, the last would answer 20 s after the start; unpaced, within milliseconds,
      // or a second or so on a machine busy with other suites.
      expect(Math.max(...(await answerTimes()))).toBeLessThan(5_000);
    }
  });

  it('still refuses work beyond the queue at once, and finishes what it queued', async () => {
    configurePasswordHashing({ concurrency: 3, queue: 1, paceMs: 50, eventLoopSaturated: () => true });
    await sleep(60); // the last test's pace has passed
    const results = await Promise.allSettled([1, 2, 3].map(() => verifyPassword('not a hash', 'x')));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(((results[2] as PromiseRejectedResult).reason as AppError).code).toBe(503);
  });

  it('asks a refused caller to come back once the paced queue has drained', async () => {
    configurePasswordHashing({ concurrency: 3, queue: 4, paceMs: 300, eventLoopSaturated: () => true });
    await sleep(310); // the last test's pace has passed
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(() => verifyPassword('not a hash', 'x')));
    const refusal = (results[5] as PromiseRejectedResult).reason as AppError;
    // One started, four waiting 300 ms apart: 1.2 s.
    expect(refusal.headers).toEqual({ 'retry-after': '2' });
  });
});

describe('the saturation probe', () => {
  const busyFor = (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until);
  };

  it('tells a loop kept busy from one left idle', async () => {
    eventLoopSaturated(); // a fresh window
    await sleep(150);
    expect(eventLoopSaturated()).toBe(false);
    busyFor(150);
    expect(eventLoopSaturated()).toBe(true);
    // Idle long enough that other work on this loop (a GC, the test runner's messages, a late
    // timer on a loaded machine) cannot keep it half busy, as it once did over 150 ms in a CI run.
    await sleep(700);
    expect(eventLoopSaturated()).toBe(false);
  });

  it('once saturated, stays so until the loop is clearly less busy', async () => {
    // About 65% busy, midway between the two thresholds, so that a busy machine cannot push it
    // across either: it stays under 80% with up to 300 ms of other work on this loop (a GC, the
    // test runner's messages), and over 50% with its timer up to 120 ms late.
    const partlyBusy = async () => {
      busyFor(260);
      await sleep(140);
    };
    await sleep(150);
    eventLoopSaturated(); // an idle window: not saturated
    await partlyBusy();
    expect(eventLoopSaturated()).toBe(false);
    busyFor(150);
    expect(eventLoopSaturated()).toBe(true);
    await partlyBusy();
    expect(eventLoopSaturated()).toBe(true);
  });
});

describe('a hashing thread that dies', () => {
  it('fails the check in hand instead of calling the password wrong', async () => {
    const hash = await hashPassword('Passw0rd!');
    // Awaited from the start: the check may fail while the crash is still under way, and a
    // rejection nobody awaits yet is an unhandled one.
    const checking = expect(within(verifyPassword(hash, 'Passw0rd!'))).rejects.toThrow(/hashing thread/);
    await crashThreads();
    // A wrong password would count towards locking the account; a crash is the server's fault.
    await checking;
  });

  it('while idle is not handed the next hash, which gets a live thread and an answer', async () => {
    const hash = await hashPassword('Passw0rd!');
    await crashThreads();
    expect(await within(verifyPassword(hash, 'Passw0rd!'))).toBe(true);
    expect(await within(hashPassword('Passw0rd!'))).toMatch(/^\$argon2id\$/);
  });
});

describe.runIf(process.platform === 'linux')('the hashing threads', () => {
  // After the comm field (2, in parentheses), field 19 of a thread's stat line is its nice
  // value and field 41 its scheduling policy (5: SCHED_IDLE).
  const statOf = (tid: string) => readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const schedulingOf = (tid: string) => ({ nice: Number(statOf(tid)[16]), policy: Number(statOf(tid)[38]) });
  const threadsNow = () =>
    readdirSync('/proc/self/task').flatMap((tid) => {
      try {
        return [schedulingOf(tid)];
      } catch {
        return []; // ended meanwhile
      }
    });
  const IDLE = { nice: 19, policy: 5 };

  it('run only on CPU the event loop leaves idle, so signed-in requests go first when the CPU is short', async () => {
    await hashPassword('Passw0rd!');
    expect(schedulingOf(String(process.pid))).toEqual({ nice: 0, policy: 0 });
    expect(threadsNow()).toContainEqual(IDLE);
  });

  it('keep their priority where it is set normal, and the idle ones end', async () => {
    await hashPassword('Passw0rd!');
    expect(threadsNow()).toContainEqual(IDLE);
    configurePasswordHashing({ ...unpaced, priority: 'normal' });
    await expect.poll(threadsNow).not.toContainEqual(IDLE);
    const hash = await hashPassword('Passw0rd!');
    expect(await verifyPassword(hash, 'Passw0rd!')).toBe(true);
    expect(threadsNow()).not.toContainEqual(IDLE);
  });
});
