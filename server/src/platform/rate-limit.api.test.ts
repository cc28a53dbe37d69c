import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction, type Db, type DbHandle } from '../db/client.ts';
import { openTestDb } from '../test/build-app.ts';
import { AppError } from './errors.ts';
import {
  enforceRateLimit,
  hitRateLimit,
  hitRateLimitsInTurn,
  peekRateLimit,
  pruneRateLimits,
  releaseRateLimit,
  resetRateLimit,
} from './rate-limit.ts';

let handle: DbHandle;
let db: Db;
beforeAll(async () => {
  handle = await openTestDb();
  db = handle.db;
});
afterAll(async () => handle.close());

/** Ends the current window of a key, as if its time had passed. */
async function expire(key: string) {
  await sql`UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE key = ${key}`.execute(db);
}

describe('fixed-window rate limits in PostgreSQL', () => {
  it('allows `limit` hits per window, then refuses with the time left', async () => {
    const rule = { key: 'test:basic', limit: 3, windowSeconds: 60 };
    const states = [];
    for (let i = 0; i < 4; i++) states.push(await hitRateLimit(db, rule));
    expect(states.map((s) => s.allowed)).toEqual([true, true, true, false]);
    expect(states.map((s) => s.hits)).toEqual([1, 2, 3, 4]);
    expect(states[3]!.retryAfterSeconds).toBeGreaterThan(55);
    expect(states[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('starts counting again once the window has ended', async () => {
    const rule = { key: 'test:rollover', limit: 1, windowSeconds: 60 };
    expect((await hitRateLimit(db, rule)).allowed).toBe(true);
    expect((await hitRateLimit(db, rule)).allowed).toBe(false);
    await expire(rule.key);
    const fresh = await hitRateLimit(db, rule);
    expect(fresh).toMatchObject({ allowed: true, hits: 1 });
    expect(fresh.retryAfterSeconds).toBeGreaterThan(55);
  });

  it('counts concurrent hits exactly: no two requests slip under the limit together', async () => {
    const rule = { key: 'test:concurrent', limit: 5, windowSeconds: 60 };
    const states = await Promise.all(Array.from({ length: 12 }, () => hitRateLimit(db, rule)));
    expect(states.filter((s) => s.allowed)).toHaveLength(5);
    expect(states.map((s) => s.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('counts rules in turn in one statement, stopping at the first over its limit', async () => {
    const first = { key: 'test:turn:first', limit: 2, windowSeconds: 60 };
    const second = { key: 'test:turn:second', limit: 1, windowSeconds: 60 };
    const third = { key: 'test:turn:third', limit: 5, windowSeconds: 60 };
    const rounds = [];
    for (let i = 0; i < 3; i++) rounds.push(await hitRateLimitsInTurn(db, [first, second, third], { durable: false }));
    // Round 1 counts all three; round 2 stops at the second (over its limit of 1), so the third
    // is not counted; round 3 stops at the first.
    expect(rounds.map((states) => states.map((s) => [s.hits, s.allowed]))).toEqual([
      [
        [1, true],
        [1, true],
        [1, true],
      ],
      [
        [2, true],
        [2, false],
      ],
      [[3, false]],
    ]);
    expect(await peekRateLimit(db, third)).toMatchObject({ hits: 1 });
    expect(rounds[2]![0]!.retryAfterSeconds).toBeGreaterThan(55);
  });

  it('counts rules in turn exactly under concurrency', async () => {
    const outer = { key: 'test:turn:outer', limit: 8, windowSeconds: 60 };
    const inner = { key: 'test:turn:inner', limit: 3, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 12 }, () => hitRateLimitsInTurn(db, [outer, inner])));
    expect(results.filter((states) => states.every((s) => s.allowed) && states.length === 2)).toHaveLength(3);
    // The inner rule saw only the attempts the outer one let through.
    expect(await peekRateLimit(db, inner)).toMatchObject({ hits: 8 });
    expect(await peekRateLimit(db, outer)).toMatchObject({ hits: 12 });
  });

  it('keeps keys apart', async () => {
    await hitRateLimit(db, { key: 'test:a', limit: 1, windowSeconds: 60 });
    expect((await hitRateLimit(db, { key: 'test:b', limit: 1, windowSeconds: 60 })).allowed).toBe(true);
  });

  it('peeks without counting, and says when the next hit would be refused', async () => {
    const rule = { key: 'test:peek', limit: 2, windowSeconds: 60 };
    expect(await peekRateLimit(db, rule)).toMatchObject({ hits: 0, allowed: true });
    await hitRateLimit(db, rule);
    expect(await peekRateLimit(db, rule)).toMatchObject({ hits: 1, allowed: true });
    await hitRateLimit(db, rule);
    expect(await peekRateLimit(db, rule)).toMatchObject({ hits: 2, allowed: false });
    await expire(rule.key);
    expect(await peekRateLimit(db, rule)).toMatchObject({ hits: 0, allowed: true });
  });

  it('takes a hit back, never below zero, and forgets a key on reset', async () => {
    const rule = { key: 'test:release', limit: 1, windowSeconds: 60 };
    await hitRateLimit(db, rule);
    await releaseRateLimit(db, rule.key);
    await releaseRateLimit(db, rule.key);
    expect(await hitRateLimit(db, rule)).toMatchObject({ hits: 1, allowed: true });
    await hitRateLimit(db, rule);
    await resetRateLimit(db, rule.key);
    expect(await hitRateLimit(db, rule)).toMatchObject({ hits: 1, allowed: true });
  });

  it('enforces with a 429 AppError carrying Retry-After and the chosen message', async () => {
    const rule = { key: 'test:enforce', limit: 1, windowSeconds: 90 };
    await enforceRateLimit(db, rule, 'smsResendTooSoon');
    const error = await enforceRateLimit(db, rule, 'smsResendTooSoon').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 429, key: 'smsResendTooSoon' });
    expect(Number((error as AppError).headers!['retry-after'])).toBeGreaterThan(85);
  });

  it('prunes windows that ended long ago, and only those', async () => {
    await hitRateLimit(db, { key: 'test:old', limit: 1, windowSeconds: 60 });
    await hitRateLimit(db, { key: 'test:live', limit: 1, windowSeconds: 60 });
    await sql`UPDATE rate_limits SET reset_at = now() - interval '2 hours' WHERE key = 'test:old'`.execute(db);
    await pruneRateLimits(db);
    const keys = (
      await db.selectFrom('rate_limits').select('key').where('key', 'in', ['test:old', 'test:live']).execute()
    ).map((r) => r.key);
    expect(keys).toEqual(['test:live']);
  });

  it('rolls back with the transaction it ran in (a refused request counts nothing)', async () => {
    const rule = { key: 'test:tx', limit: 1, windowSeconds: 60 };
    await transaction(db, async (tx) => {
      await hitRateLimit(tx, rule);
      throw new Error('refused later');
    }).catch(() => undefined);
    expect(await peekRateLimit(db, rule)).toMatchObject({ hits: 0 });
  });
});
