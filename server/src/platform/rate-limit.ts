import type { Queryable } from '../db/client.ts';
import { AppError } from './errors.ts';
import type { MessageKey } from './i18n.ts';

/**
 * Fixed-window counters in PostgreSQL, so that every instance behind a load balancer counts on
 * the same row. A window starts with the first hit of a key and lasts `windowSeconds`; the
 * increment and the window roll-over are one atomic `INSERT ... ON CONFLICT DO UPDATE`, so
 * concurrent requests can never both slip under a limit.
 *
 * Time is the database's `now()`: tests move a window into the past by updating `reset_at`.
 */
export type RateLimitRule = {
  /** What is counted and for whom, e.g. `sms:phone-type:86-13800138000:login:`. */
  key: string;
  /** Hits allowed per window. */
  limit: number;
  windowSeconds: number;
};

export type RateLimitState = {
  /** Hits in the current window, this one included. */
  hits: number;
  allowed: boolean;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
};

type CounterRow = { hits: number; retry_after: number };

function toState(row: CounterRow, limit: number): RateLimitState {
  const hits = Number(row.hits);
  return { hits, allowed: hits <= limit, retryAfterSeconds: Math.max(1, Math.ceil(Number(row.retry_after))) };
}

/** Counts one hit against the rule and says whether it is still within the limit. */
export async function hitRateLimit(db: Queryable, rule: RateLimitRule): Promise<RateLimitState> {
  const [row] = await db.query<CounterRow>(
    `INSERT INTO rate_limits AS r (key, hits, reset_at)
     VALUES ($1, 1, now() + make_interval(secs => $2))
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
       reset_at = CASE WHEN r.reset_at <= now() THEN EXCLUDED.reset_at ELSE r.reset_at END
     RETURNING hits, extract(epoch FROM reset_at - now())::float8 AS retry_after`,
    [rule.key, rule.windowSeconds],
  );
  return toState(row!, rule.limit);
}

/** The state of a rule without counting a hit (no row, or an ended window: zero hits). */
export async function peekRateLimit(db: Queryable, rule: RateLimitRule): Promise<RateLimitState> {
  const [row] = await db.query<CounterRow>(
    `SELECT hits, extract(epoch FROM reset_at - now())::float8 AS retry_after
       FROM rate_limits WHERE key = $1 AND reset_at > now()`,
    [rule.key],
  );
  if (!row) return { hits: 0, allowed: true, retryAfterSeconds: rule.windowSeconds };
  return { ...toState(row, rule.limit), allowed: Number(row.hits) < rule.limit };
}

/** Takes one hit back (a counted attempt turned out fine), never below zero. */
export async function releaseRateLimit(db: Queryable, key: string): Promise<void> {
  await db.query('UPDATE rate_limits SET hits = GREATEST(hits - 1, 0) WHERE key = $1 AND reset_at > now()', [key]);
}

/** Forgets a key entirely (e.g. an account's failed sign-ins after a successful one). */
export async function resetRateLimit(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE key = $1', [key]);
}

/**
 * Counts a hit and throws a 429 (with Retry-After) when it is over the limit. Pass the
 * message the caller should see; `{seconds}` in it is filled with the wait.
 */
export async function enforceRateLimit(
  db: Queryable,
  rule: RateLimitRule,
  key: MessageKey = 'tooManyRequests',
): Promise<RateLimitState> {
  const state = await hitRateLimit(db, rule);
  if (!state.allowed) throw AppError.tooManyRequests(state.retryAfterSeconds, key);
  return state;
}

/** Drops counters whose windows ended long ago; called now and then by writers. */
export async function pruneRateLimits(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM rate_limits WHERE key IN (
       SELECT key FROM rate_limits WHERE reset_at < now() - interval '1 hour' LIMIT 500)`,
  );
}
