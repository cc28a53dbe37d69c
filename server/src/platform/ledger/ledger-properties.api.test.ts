import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction, type Db, type DbHandle } from '../../db/client.ts';
import { openTestDb } from '../../test/build-app.ts';
import { AppError } from '../errors.ts';
import { balanceOf, freeze, post, transfer, voidPending, type AccountRef, type LedgerResult } from './index.ts';
import { verifyLedger } from './verify.ts';

/**
 * The ledger's invariants under concurrent use. On PGlite (the default api suite) the calls
 * interleave on its one connection; with TEST_DATABASE_URL they run as truly concurrent
 * transactions on a PostgreSQL server, each on its own connection.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let handle: DbHandle;
let db: Db;

beforeAll(async () => {
  // 200 callers queue for 20 connections behind one hot row: more than the usual 5 s of waiting.
  handle = await openTestDb({ poolSize: 20, connectionTimeoutMs: 60_000 });
  db = handle.db;
});
afterAll(() => handle.close());

let runs = 0;
/** A fresh tenant (a main account row) per run, so each run starts from empty accounts. */
async function newTenant(): Promise<number> {
  runs += 1;
  const { rows } = await sql<{ id: number }>`
    INSERT INTO users (id, main_id, user_type, phone_number)
    SELECT n, n, 1, ${`1390000${String(runs).padStart(4, '0')}`} FROM (SELECT nextval(pg_get_serial_sequence('users', 'id')) AS n) s
    RETURNING id`.execute(db);
  return rows[0]!.id;
}

type Outcome = { ok: true; result: LedgerResult } | { ok: false; code: number; key: string };

/** One call in its own transaction, as a request would make it; refusals are outcomes, anything else fails the test. */
async function attempt(fn: (tx: Db) => Promise<LedgerResult>): Promise<Outcome> {
  try {
    return { ok: true, result: await transaction(db, fn) };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, code: error.code, key: error.key };
    throw error;
  }
}

const source: AccountRef = { operator: 'commissions_payable' };
const revenue: AccountRef = { operator: 'revenue' };
const inFlight: AccountRef = { operator: 'withdrawals_in_flight' };

async function counts() {
  const { rows } = await sql<{ transfers: number; entries: number }>`
    SELECT (SELECT count(*) FROM ledger_transfers)::int AS transfers, (SELECT count(*) FROM ledger_entries)::int AS entries`.execute(
    db,
  );
  return rows[0]!;
}

// About 20 s on a quiet machine; the limit is generous for a machine shared with other jobs.
describe(
  `ledger under concurrency (${onPostgres ? 'PostgreSQL, concurrent connections' : 'PGlite'})`,
  { timeout: 120_000 },
  () => {
    it('lets exactly the debits that fit through when 200 hit one balance at once', async () => {
      const tenantId = await newTenant();
      const wallet: AccountRef = { tenantId, kind: 'third_party' };
      await transfer(db, { key: `fit-${tenantId}-in`, from: source, to: wallet, amount: 12_345, memo: '' });
      const outcomes = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          attempt((tx) =>
            transfer(tx, { key: `fit-${tenantId}-${i}`, from: wallet, to: revenue, amount: 100, memo: '' }),
          ),
        ),
      );
      expect(outcomes.filter((o) => o.ok)).toHaveLength(123);
      expect(outcomes.filter((o) => !o.ok).every((o) => !o.ok && o.key === 'ledgerInsufficientFunds')).toBe(true);
      expect(await balanceOf(db, wallet)).toEqual({ balance: 45, pending: 0, floor: 0 });
      expect(await verifyLedger(db)).toEqual([]);
    });

    it('never lets concurrent debits of any sizes take a balance below its floor', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 50_000 }),
          fc.array(fc.integer({ min: 1, max: 2_000 }), { minLength: 200, maxLength: 200 }),
          async (initial, amounts) => {
            const tenantId = await newTenant();
            const wallet: AccountRef = { tenantId, kind: 'distribution' };
            if (initial > 0)
              await transfer(db, { key: `any-${tenantId}-in`, from: source, to: wallet, amount: initial, memo: '' });
            const outcomes = await Promise.all(
              amounts.map((amount, i) =>
                attempt((tx) =>
                  transfer(tx, { key: `any-${tenantId}-${i}`, from: wallet, to: revenue, amount, memo: '' }),
                ),
              ),
            );
            const { balance } = await balanceOf(db, wallet);
            const spent = amounts.filter((_, i) => outcomes[i]!.ok).reduce((a, b) => a + b, 0);
            expect(balance).toBeGreaterThanOrEqual(0);
            expect(balance).toBe(initial - spent);
            // A debit was refused only when it did not fit, and balances only fell since.
            amounts.forEach((amount, i) => {
              const o = outcomes[i]!;
              if (!o.ok) {
                expect(o.key).toBe('ledgerInsufficientFunds');
                expect(amount).toBeGreaterThan(balance);
              }
            });
          },
        ),
        { numRuns: onPostgres ? 3 : 1 },
      );
      expect(await verifyLedger(db)).toEqual([]);
    });

    type Op =
      | { op: 'in'; amount: number }
      | { op: 'out'; amount: number }
      | { op: 'freeze'; amount: number }
      | { op: 'post'; target: number }
      | { op: 'void'; target: number };

    const opArb: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ op: fc.constant('in' as const), amount: fc.integer({ min: 1, max: 500 }) }),
      fc.record({ op: fc.constant('out' as const), amount: fc.integer({ min: 1, max: 500 }) }),
      fc.record({ op: fc.constant('freeze' as const), amount: fc.integer({ min: 1, max: 500 }) }),
      fc.record({ op: fc.constant('post' as const), target: fc.nat(30) }),
      fc.record({ op: fc.constant('void' as const), target: fc.nat(30) }),
    );

    /** Runs the ops all at once; post and void name the freeze at index `target` of the list (if it is one). */
    function run(tenantId: number, prefix: string, ops: Op[]) {
      const wallet: AccountRef = { tenantId, kind: 'distribution' };
      const key = (i: number) => `${prefix}-${i}`;
      return Promise.all(
        ops.map((o, i) => {
          switch (o.op) {
            case 'in':
              return attempt((tx) =>
                transfer(tx, { key: key(i), from: source, to: wallet, amount: o.amount, memo: 'in' }),
              );
            case 'out':
              return attempt((tx) =>
                transfer(tx, { key: key(i), from: wallet, to: revenue, amount: o.amount, memo: 'out' }),
              );
            case 'freeze':
              return attempt((tx) =>
                freeze(tx, { key: key(i), from: wallet, to: inFlight, amount: o.amount, memo: 'freeze' }),
              );
            case 'post':
              return attempt((tx) => post(tx, { key: key(i), pendingKey: key(o.target) }));
            case 'void':
              return attempt((tx) => voidPending(tx, { key: key(i), pendingKey: key(o.target) }));
          }
        }),
      );
    }

    it('keeps every invariant through interleaved freezes, unfreezes, deductions and transfers, and replays change nothing', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 40 }), async (ops) => {
          const tenantId = await newTenant();
          const wallet: AccountRef = { tenantId, kind: 'distribution' };
          const prefix = `mix-${tenantId}`;
          const outcomes = await run(tenantId, prefix, ops);

          // What the applied calls add up to.
          let balance = 0;
          let pending = 0;
          const resolved = new Map<number, number>();
          ops.forEach((o, i) => {
            const out = outcomes[i]!;
            if (!out.ok) {
              const expected =
                o.op === 'post' || o.op === 'void'
                  ? ['ledgerPendingNotFound', 'ledgerPendingResolved']
                  : ['ledgerInsufficientFunds'];
              expect(expected).toContain(out.key);
              return;
            }
            expect(out.result.applied).toBe(true);
            if (o.op === 'in') balance += o.amount;
            if (o.op === 'out') balance -= o.amount;
            if (o.op === 'freeze') pending += o.amount;
            if (o.op === 'post' || o.op === 'void') {
              const frozen = ops[o.target]!;
              expect(frozen.op).toBe('freeze');
              const amount = (frozen as { amount: number }).amount;
              pending -= amount;
              if (o.op === 'post') balance -= amount;
              resolved.set(o.target, (resolved.get(o.target) ?? 0) + 1);
            }
          });
          // Each freeze was posted or voided at most once, however the calls raced.
          for (const times of resolved.values()) expect(times).toBe(1);
          expect(await balanceOf(db, wallet)).toEqual({ balance, pending, floor: 0 });
          expect(balance - pending).toBeGreaterThanOrEqual(0);
          expect(await verifyLedger(db)).toEqual([]);

          // Every applied call again, all at once: each is a replay, and nothing changes.
          const before = await counts();
          const applied = ops.map((o, i) => ({ o, i })).filter(({ i }) => outcomes[i]!.ok);
          const replays = await run(
            tenantId,
            prefix,
            ops.map((o, i) => (outcomes[i]!.ok ? o : { op: 'in' as const, amount: 1 })),
          );
          for (const { i } of applied) {
            const again = replays[i]!;
            expect(again.ok && again.result).toEqual({
              applied: false,
              id: (outcomes[i] as { result: LedgerResult }).result.id,
            });
          }
          // The slots of refused calls were replaced by fresh top-ups of 1 fen each.
          const fresh = ops.length - applied.length;
          expect(await balanceOf(db, wallet)).toEqual({ balance: balance + fresh, pending, floor: 0 });
          expect(await counts()).toEqual({ transfers: before.transfers + fresh, entries: before.entries + 2 * fresh });
        }),
        { numRuns: onPostgres ? 25 : 12 },
      );
      expect(await verifyLedger(db)).toEqual([]);
    });

    it('moves money both ways between two accounts at once without a deadlock', async () => {
      // A top-up (clearing to wallet) and a refund (wallet to clearing) racing each other lock
      // the same two rows from opposite ends; neither may be refused for it.
      const tenantId = await newTenant();
      const wallet: AccountRef = { tenantId, kind: 'third_party' };
      const other: AccountRef = { tenantId, kind: 'distribution' };
      await transfer(db, { key: `both-${tenantId}-a`, from: source, to: wallet, amount: 100_000, memo: '' });
      await transfer(db, { key: `both-${tenantId}-b`, from: source, to: other, amount: 100_000, memo: '' });
      const outcomes = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          attempt((tx) =>
            transfer(tx, {
              key: `both-${tenantId}-${i}`,
              from: i % 2 ? wallet : other,
              to: i % 2 ? other : wallet,
              amount: 100 + i,
              memo: '',
            }),
          ),
        ),
      );
      expect(outcomes.filter((o) => !o.ok)).toEqual([]);
      const moved = Array.from({ length: 200 }, (_, i) => (i % 2 ? -(100 + i) : 100 + i)).reduce((a, b) => a + b, 0);
      expect((await balanceOf(db, wallet)).balance).toBe(100_000 + moved);
      expect((await balanceOf(db, other)).balance).toBe(100_000 - moved);
      expect(await verifyLedger(db)).toEqual([]);
    });

    it('posts or voids a freeze exactly once when both race for it', async () => {
      const tenantId = await newTenant();
      const wallet: AccountRef = { tenantId, kind: 'third_party' };
      await transfer(db, { key: `race-${tenantId}-in`, from: source, to: wallet, amount: 1_000, memo: '' });
      await freeze(db, { key: `race-${tenantId}-f`, from: wallet, to: inFlight, amount: 600, memo: '' });
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          attempt((tx) =>
            (i % 2 ? post : voidPending)(tx, { key: `race-${tenantId}-r${i}`, pendingKey: `race-${tenantId}-f` }),
          ),
        ),
      );
      const winners = outcomes.filter((o) => o.ok);
      expect(winners).toHaveLength(1);
      expect(outcomes.filter((o) => !o.ok).every((o) => !o.ok && o.key === 'ledgerPendingResolved')).toBe(true);
      const { balance, pending } = await balanceOf(db, wallet);
      expect(pending).toBe(0);
      expect([400, 1_000]).toContain(balance);
      expect(await verifyLedger(db)).toEqual([]);
    });
  },
);
