import { hash, verify } from '@node-rs/argon2';
import { AppError } from './errors.ts';

// OWASP's argon2id parameters: 19 MiB of memory, 2 iterations, 1 degree of parallelism.
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Password hashing is the one thing an anonymous caller can make the server spend real CPU and
 * memory on (each hash: 19 MiB, tens of milliseconds). Left alone, every request waits its turn
 * on the thread pool, so a flood slows every sign-in for everyone and grows memory without end.
 * So hashing runs in a bounded pool: `concurrency` at once, at most `queue` waiting; beyond that
 * the caller gets a 503 with Retry-After at once, and the requests already in line finish in
 * normal time. One pool per process, set from the configuration at start (`configurePasswordHashing`).
 */
const pool = { concurrency: 2, queue: 32, active: 0, waiting: [] as (() => void)[] };

/** Retry-After of a refusal: about the time a full queue takes to drain. */
const BUSY_RETRY_SECONDS = 1;

export function configurePasswordHashing(options: { concurrency: number; queue: number }): void {
  pool.concurrency = options.concurrency;
  pool.queue = options.queue;
}

async function inPool<T>(work: () => Promise<T>): Promise<T> {
  if (pool.active < pool.concurrency) {
    pool.active += 1;
  } else {
    if (pool.waiting.length >= pool.queue) throw AppError.busy(BUSY_RETRY_SECONDS, 'passwordHashingBusy');
    // The slot is handed over by the one finishing (active stays the same).
    await new Promise<void>((resolve) => pool.waiting.push(resolve));
  }
  try {
    return await work();
  } finally {
    const next = pool.waiting.shift();
    if (next) next();
    else pool.active -= 1;
  }
}

/** Whether an error is the pool refusing work (a 503 the caller should see, not a wrong password). */
export function isHashingBusy(error: unknown): boolean {
  return error instanceof AppError && error.key === 'passwordHashingBusy';
}

export function hashPassword(password: string): Promise<string> {
  return inPool(() => hash(password, ARGON2ID));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return inPool(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      // A malformed stored hash is a wrong password, not a failure.
      return false;
    }
  });
}
