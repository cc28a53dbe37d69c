import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';

// OWASP's argon2id parameters: 19 MiB of memory, 2 iterations, 1 degree of parallelism.
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Password hashing is the one thing an anonymous caller can make the server spend real CPU and
 * memory on (each hash: 19 MiB, tens of milliseconds). Left alone, every request waits its turn
 * on the thread pool, so a flood slows every sign-in for everyone and grows memory without end.
 * So hashing runs in a bounded pool: `concurrency` at once, at most `queue` waiting; beyond that
 * the caller gets a 503 with Retry-After at once, and the requests already in line finish in
 * normal time. One pool per process, set from the configuration at start (`configurePasswordHashingFrom`).
 *
 * While the event loop is saturated, hashing is also paced: one at a time, each starting at
 * least `paceMs` after the one before. A saturated loop means signed-in requests are already
 * queueing; any hash running beside them then slows them, even on a thread that only gets idle
 * CPU (it still takes a core the loop or its clients would wake on, and its caches). Sign-ins
 * wait instead; with the loop less than saturated, hashing runs at full concurrency.
 */
const pool = {
  concurrency: 2,
  queue: 32,
  paceMs: 150,
  priority: 'idle' as HashingPriority,
  eventLoopSaturated,
  active: 0,
  waiting: [] as (() => void)[],
  lastStart: Number.NEGATIVE_INFINITY,
  timer: undefined as NodeJS.Timeout | undefined,
};

/**
 * Retry-After of a refusal: about the time the full queue takes to drain, a second at full
 * concurrency, the queue times the pace while paced.
 */
function busyRetrySeconds(): number {
  const paced = pool.paceMs > 0 && pool.eventLoopSaturated();
  return paced ? Math.max(1, Math.ceil((pool.waiting.length * pool.paceMs) / 1000)) : 1;
}

/**
 * `idle`: the hashing threads get only CPU nothing else on the machine wants (below). `normal`:
 * they take their turn like any thread, for a machine whose other work is not the server's to yield
 * to, such as a test run with other suites beside the server.
 */
export type HashingPriority = 'idle' | 'normal';

export function configurePasswordHashing(options: {
  concurrency: number;
  queue: number;
  /** The least time between two hashes' starts while the event loop is saturated; 0 never paces. */
  paceMs: number;
  /** The hashing threads' CPU priority; `idle` unless said. */
  priority?: HashingPriority;
  /** Whether the event loop is saturated now; the measured one unless a test decides. */
  eventLoopSaturated?: () => boolean;
}): void {
  pool.concurrency = options.concurrency;
  pool.queue = options.queue;
  pool.paceMs = options.paceMs;
  pool.eventLoopSaturated = options.eventLoopSaturated ?? eventLoopSaturated;
  const priority = options.priority ?? 'idle';
  if (priority !== pool.priority) {
    pool.priority = priority;
    // A thread sets its priority once, as it starts: those of the other priority end, and new ones start as needed.
    for (const thread of idleThreads.splice(0)) thread.end();
  }
}

/** The pool as the configuration says (PASSWORD_HASH_* in config.ts): the server's and the scripts' that hash. */
export function configurePasswordHashingFrom(
  config: Pick<
    Config,
    'PASSWORD_HASH_CONCURRENCY' | 'PASSWORD_HASH_QUEUE' | 'PASSWORD_HASH_PACE_MS' | 'PASSWORD_HASH_PRIORITY'
  >,
): void {
  configurePasswordHashing({
    concurrency: config.PASSWORD_HASH_CONCURRENCY,
    queue: config.PASSWORD_HASH_QUEUE,
    paceMs: config.PASSWORD_HASH_PACE_MS,
    priority: config.PASSWORD_HASH_PRIORITY,
  });
}

/**
 * The event loop's busy share over a window of at least SAMPLE_MS from which it counts as
 * saturated, and, once saturated, below which it no longer does. The gap keeps the pace on while
 * the loop is contended: a loop waiting for a core after its poll has returned counts that wait
 * as idle, so a hash let through too early lowers the very share that would bring the pace back.
 */
const SATURATED = 0.8;
const RELIEVED = 0.5;
const SAMPLE_MS = 100;
let sample = { at: performance.now(), utilization: performance.eventLoopUtilization(), saturated: false };

/**
 * Whether the event loop was busy at least SATURATED of the time since the last sample (RELIEVED
 * when it was saturated then), taken at most every SAMPLE_MS: a few calls a second cost nothing,
 * and the answer follows the load within a tenth of a second. After a quiet spell the window is
 * the whole spell, which was not saturated.
 */
export function eventLoopSaturated(): boolean {
  const now = performance.now();
  if (now - sample.at >= SAMPLE_MS) {
    const utilization = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(utilization, sample.utilization).utilization;
    sample = { at: now, utilization, saturated: busy >= (sample.saturated ? RELIEVED : SATURATED) };
  }
  return sample.saturated;
}

function mayStart(): boolean {
  if (pool.paceMs > 0 && pool.eventLoopSaturated()) {
    return pool.active === 0 && performance.now() - pool.lastStart >= pool.paceMs;
  }
  return pool.active < pool.concurrency;
}

function start(): void {
  pool.active += 1;
  pool.lastStart = performance.now();
}

/** Starts waiting work while the pool allows; when only the pace holds it back, looks again once it has passed. */
function startWaiting(): void {
  while (pool.waiting.length > 0 && mayStart()) {
    start();
    pool.waiting.shift()!();
  }
  // With work running, its end calls this again.
  if (pool.waiting.length > 0 && pool.active === 0 && pool.timer === undefined) {
    const wait = Math.max(1, pool.lastStart + pool.paceMs - performance.now());
    pool.timer = setTimeout(() => {
      pool.timer = undefined;
      startWaiting();
    }, wait);
  }
}

async function inPool<T>(work: () => Promise<T>): Promise<T> {
  if (pool.waiting.length === 0 && mayStart()) {
    start();
  } else {
    if (pool.waiting.length >= pool.queue) throw AppError.busy(busyRetrySeconds(), 'passwordHashingBusy');
    // The slot is taken for it by whoever starts it (startWaiting).
    await new Promise<void>((resolve) => {
      pool.waiting.push(resolve);
      startWaiting();
    });
  }
  try {
    return await work();
  } finally {
    pool.active -= 1;
    startWaiting();
  }
}

/** Whether an error is the pool refusing work (a 503 the caller should see, not a wrong password). */
export function isHashingBusy(error: unknown): boolean {
  return error instanceof AppError && error.key === 'passwordHashingBusy';
}

/**
 * The hashing threads run only on CPU the event loop leaves idle: Linux's SCHED_IDLE policy,
 * set by util-linux's `chrt` (Node has no call for it), over nice 19 (where `chrt` is missing).
 * A hash takes as long as ever on a core nobody else wants; when the CPU is short, the event
 * loop, which answers every signed-in request, goes first, and sign-ins wait rather than
 * everyone else. Nice 10 alone was not enough on a small machine: with four clients signing in,
 * the event loop waited for a core a quarter of the time and signed-in reads slowed threefold;
 * with SCHED_IDLE it waits a tenth of the time, and sign-ins, not reads, slow down. Even a
 * SCHED_IDLE thread gets a sliver of a busy core, so no sign-in waits forever. But only a sliver:
 * where other programs keep every core busy (a test run, with suites beside the server), a hash of
 * tens of milliseconds waits seconds for them, so there the priority is set `normal`
 * (PASSWORD_HASH_PRIORITY) and the threads keep their own.
 */
const HASHING_NICENESS = 19;

/**
 * A hashing thread: argon2's synchronous calls on a worker thread of its own, which lowers its
 * own priority first. Its thread id is the last part of /proc/thread-self; setpriority and
 * `chrt --pid` on a thread id apply to that thread alone. Elsewhere than Linux it runs at
 * normal priority. Plain CommonJS, evaluated: the server runs from TypeScript sources and from a
 * bundle alike.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const argon2 = require(workerData.argon2);
if (workerData.priority === 'idle') try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, workerData.niceness);
  require('node:child_process').execFileSync('chrt', ['--idle', '--pid', '0', String(tid)], {
    stdio: 'ignore',
    timeout: 5000,
  });
} catch {}
// A stored hash argon2 cannot read is a wrong password; any other failure is the caller's error.
const verify = (hash, password) => {
  try {
    return argon2.verifySync(hash, password);
  } catch {
    return false;
  }
};
parentPort.on('message', ({ op, password, hash, options }) => {
  try {
    const value = op === 'hash' ? argon2.hashSync(password, options) : verify(hash, password);
    parentPort.postMessage({ value });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message ? error.message : error) });
  }
});
`;

type Task =
  { op: 'hash'; password: string; options: typeof ARGON2ID } | { op: 'verify'; password: string; hash: string };

class HashingThread {
  private readonly worker: Worker;
  private pending: { resolve: (value: unknown) => void; reject: (error: Error) => void } | undefined;
  broken = false;

  constructor(readonly priority: HashingPriority) {
    this.worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: {
        argon2: createRequire(import.meta.url).resolve('@node-rs/argon2'),
        niceness: HASHING_NICENESS,
        priority,
      },
    });
    // An idle thread must not keep the process alive; a busy one must (a script awaiting a hash).
    this.worker.unref();
    this.worker.on('message', (answer: { value?: unknown; error?: string }) => {
      const pending = this.pending;
      this.pending = undefined;
      this.worker.unref();
      if (answer.error === undefined) pending?.resolve(answer.value);
      else pending?.reject(new Error(answer.error));
    });
    const fail = (error: Error) => {
      this.broken = true;
      this.pending?.reject(error);
      this.pending = undefined;
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the password hashing thread exited (${code})`)));
  }

  /** Ends an idle thread; it is not used again. */
  end(): void {
    this.broken = true;
    void this.worker.terminate();
  }

  run(task: Task): Promise<unknown> {
    return new Promise((resolve, reject) => {
      // A thread that has exited would never answer.
      if (this.broken) throw new Error('the password hashing thread has exited');
      this.pending = { resolve, reject };
      this.worker.ref();
      this.worker.postMessage(task);
    });
  }
}

/** Threads with nothing to do; the pool bounds how many are busy, so this holds at most that many. */
const idleThreads: HashingThread[] = [];

async function onHashingThread(task: Task): Promise<unknown> {
  // One that died while idle (its exit seen) is dropped here; one whose exit is still on its
  // way fails the task when it arrives.
  let thread = idleThreads.pop();
  while (thread?.broken) thread = idleThreads.pop();
  thread ??= new HashingThread(pool.priority);
  try {
    return await thread.run(task);
  } finally {
    if (!thread.broken && thread.priority === pool.priority) idleThreads.push(thread);
    else if (!thread.broken) thread.end();
  }
}

export function hashPassword(password: string): Promise<string> {
  return inPool(async () => (await onHashingThread({ op: 'hash', password, options: ARGON2ID })) as string);
}

/**
 * Whether `password` is the one `passwordHash` was made from. A malformed stored hash is a wrong
 * password; a hashing thread that fails rejects, so the caller never counts a crash as a guess.
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return inPool(async () => (await onHashingThread({ op: 'verify', password, hash: passwordHash })) === true);
}
