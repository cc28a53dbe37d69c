import { sql, type QueryCreator, type RawBuilder } from 'kysely';
import { nonDurableStatement, nowPlusSeconds, type Db } from '../db/client.ts';
import type { Database } from '../db/schema.ts';
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

// Lock order. On a PostgreSQL server, statements that each change several counters must lock
// them in one order, or two can wait for each other (a deadlock, which the server ends after a
// second by failing one of them: a 503 for the request). The order is the one of counting: a
// sign-in counts its client address, then the account from that address, then the account from
// anywhere (`hitRateLimitsInTurn` keeps the order of its rules, a family's members before the
// family key). So `releasingRateLimits` locks the keys in the order given, and
// `resettingRateLimitFamily` locks the members before the family key, after the CTE named
// `after` when there is one (a statement's CTEs otherwise run in an order of the server's choosing).

/** What makes a CTE's locks wait for the CTE `after` of the same statement (nothing when absent). */
function runsAfter(after: string | undefined) {
  return after ? sql<boolean>`(SELECT count(*) FROM ${sql.table(after)}) >= 0` : sql<boolean>`true`;
}

function toState(row: CounterRow, limit: number): RateLimitState {
  const { hits } = row;
  return { hits, allowed: hits <= limit, retryAfterSeconds: Math.max(1, Math.ceil(row.retry_after)) };
}

// Seconds left in a window, as a float (the caller rounds up).
const secondsLeft = sql<number>`extract(epoch FROM reset_at - now())::float8`.as('retry_after');

/** Counts one hit against the rule and says whether it is still within the limit. */
export async function hitRateLimit(db: Db, rule: RateLimitRule): Promise<RateLimitState> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key: rule.key, hits: 1, reset_at: nowPlusSeconds(rule.windowSeconds) })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql`CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END`,
        reset_at: sql`CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END`,
      }),
    )
    .returning(['hits', secondsLeft])
    .executeTakeFirstOrThrow();
  return toState(row, rule.limit);
}

/** The state of a rule without counting a hit (no row, or an ended window: zero hits). */
export async function peekRateLimit(db: Db, rule: RateLimitRule): Promise<RateLimitState> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['hits', secondsLeft])
    .where('key', '=', rule.key)
    .where('reset_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return { hits: 0, allowed: true, retryAfterSeconds: rule.windowSeconds };
  return { ...toState(row, rule.limit), allowed: row.hits < rule.limit };
}

/** Takes one hit back (a counted attempt turned out fine), never below zero. */
export async function releaseRateLimit(db: Db, key: string): Promise<void> {
  await releasingRateLimits(db, [key]).execute();
}

/**
 * The statement that takes one hit back from each key, never below zero, to run on its own or
 * as a CTE of a larger statement (answering the keys released, so a later CTE can refer to it).
 * Keys in counting order.
 */
export function releasingRateLimits(db: QueryCreator<Database>, keys: readonly string[]) {
  return db
    .updateTable('rate_limits')
    .set({ hits: sql`GREATEST(hits - 1, 0)` })
    .where('key', 'in', (eb) =>
      eb
        .selectFrom('rate_limits')
        .select('key')
        .where('key', 'in', [...keys])
        .where('reset_at', '>', sql<Date>`now()`)
        .orderBy(sql`array_position(ARRAY[${sql.join(keys)}]::text[], key)`)
        .forUpdate(),
    )
    .returning('key');
}

/** Forgets a key entirely (e.g. an account's failed sign-ins after a successful one). */
export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/**
 * Forgets `key` and every key under it, `key:...` (e.g. an account's failures overall and from
 * every address), in one statement: on the embedded database each statement holds the one
 * thread every other request needs.
 */
export async function resetRateLimitFamily(db: Db, key: string): Promise<void> {
  await resettingRateLimitFamily(db, key).execute();
}

/**
 * The statement of `resetRateLimitFamily`, to run as a CTE of a larger statement (after the CTE
 * `after`, if given).
 */
export function resettingRateLimitFamily(db: QueryCreator<Database>, key: string, options: { after?: string } = {}) {
  const pattern = `${key.replace(/[\\%_]/g, (c) => `\\${c}`)}:%`;
  return db.deleteFrom('rate_limits').where('key', 'in', (eb) =>
    eb
      .selectFrom('rate_limits')
      .select('key')
      .where((family) => family.or([family('key', '=', key), family('key', 'like', pattern)]))
      .where(runsAfter(options.after))
      // The members first, the family key last (false sorts before true).
      .orderBy(sql`key = ${key}`)
      .orderBy('key')
      .forUpdate(),
  );
}

/**
 * Counts one hit against each rule in turn and stops at the first over its limit: the rules after
 * it count nothing. Answers the state of each rule counted, so fewer states than rules means the
 * last one refused. One statement, each counter the same atomic upsert as `hitRateLimit`'s, so a
 * request that counts against its client address, then its account, costs one round trip (and
 * on the embedded database, one turn of the thread every request needs). `durable: false` commits
 * it without waiting for the disk (see `TransactionOptions`).
 */
export async function hitRateLimitsInTurn(
  db: Db,
  rules: readonly RateLimitRule[],
  options: { durable?: boolean } = {},
): Promise<RateLimitState[]> {
  if (new Set(rules.map((r) => r.key)).size !== rules.length) throw new Error('one key per rule');
  const hit = (i: number) => sql.id(`hit${i}`);
  const counters = rules.map((rule, i) => {
    // The first counter always counts; each next one only if the one before is within its limit.
    const onlyIf = i === 0 ? sql`` : sql`FROM ${hit(i - 1)} WHERE ${hit(i - 1)}.hits <= ${rules[i - 1]!.limit}`;
    return sql`${hit(i)} AS (
      INSERT INTO rate_limits AS r (key, hits, reset_at)
      SELECT ${rule.key}, 1, ${nowPlusSeconds(rule.windowSeconds)} ${onlyIf}
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
        reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
      RETURNING r.hits, extract(epoch FROM r.reset_at - now())::float8 AS retry_after
    )`;
  });
  const states = rules.map(
    (_, i) => sql`(SELECT hits FROM ${hit(i)}) AS ${sql.id(`hits${i}`)},
      (SELECT retry_after FROM ${hit(i)}) AS ${sql.id(`retry_after${i}`)}`,
  );
  const count = async (light: RawBuilder<string | null>) => {
    const { rows } = await sql<Record<string, number | null>>`
      WITH ${sql.join(counters)} SELECT ${light} AS light, ${sql.join(states)}`.execute(db);
    return rows[0]!;
  };
  const row = options.durable === false ? await nonDurableStatement(db, count) : await count(sql`NULL`);
  const counted: RateLimitState[] = [];
  for (const [i, rule] of rules.entries()) {
    const hits = row[`hits${i}`];
    if (hits === null || hits === undefined) break;
    counted.push(toState({ hits, retry_after: row[`retry_after${i}`]! }, rule.limit));
  }
  return counted;
}

/**
 * Counts a hit and throws a 429 (with Retry-After) when it is over the limit. Pass the
 * message the caller should see; `{seconds}` in it is filled with the wait.
 */
export async function enforceRateLimit(
  db: Db,
  rule: RateLimitRule,
  key: MessageKey = 'tooManyRequests',
): Promise<RateLimitState> {
  const state = await hitRateLimit(db, rule);
  if (!state.allowed) throw AppError.tooManyRequests(state.retryAfterSeconds, key);
  return state;
}

/** Drops counters whose windows ended long ago; called now and then by writers. */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('key', 'in', (eb) =>
      eb
        .selectFrom('rate_limits')
        .select('key')
        .where('reset_at', '<', sql<Date>`now() - interval '1 hour'`)
        .limit(500),
    )
    .execute();
}
