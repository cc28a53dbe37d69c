import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/client.ts';

/**
 * The running balance of a money bill (fee flow, third-party bill, distribution bill). Its rows
 * are listed by their time, then id; each row stores the balance right after it in that order,
 * so a listed row's balance is the one below it plus its signed amount, and the newest row's is
 * the ledger account's balance. A row dated before rows already there (an operator's back-dated
 * entry, or a posting whose transaction began before a neighbour's but committed after it) adds
 * its amount to the stored balance of every row after it, in its own transaction. Writers of one
 * owner's rows must already take turns (an advisory lock, or the ledger account's row lock).
 */
export type BalanceChain = {
  table: 'wh_fee_flows' | 'third_party_transactions' | 'distribution_entries';
  /** The column naming whose bill a row is (a provider link, a tenant). */
  owner: string;
  /** The time the bill is listed by. */
  time: string;
  balance: string;
  /** A row's signed amount: what it adds to the balance (columns unqualified). */
  effect: RawBuilder<number>;
};

/**
 * Writes one row into its chain: `insert` receives the balance right after the row (the ledger's
 * balance less what the rows dated after it add) and the row's time, and inserts the row; the
 * rows after it then gain its amount. `at` is the row's time; without one it is the clock when
 * the row is written (not the transaction's start, now()): writers take turns, so rows written
 * now follow in time the rows committed before them, and only a back-dated row re-threads.
 */
export async function threadRow<T extends { id: number }>(
  tx: Db,
  chain: BalanceChain,
  input: { ownerId: number; at: Date | undefined; effect: number; ledgerBalance: number },
  insert: (balanceAfter: number, at: Date) => Promise<T>,
): Promise<T> {
  const time = sql.ref(chain.time);
  const at = input.at ?? (await clock(tx));
  // The new row's id is above every id there, so the rows after it are those dated later.
  const later = await sql<{ n: number; effect: number }>`
    SELECT count(*)::bigint AS n, COALESCE(sum(${chain.effect}), 0)::bigint AS effect
      FROM ${sql.table(chain.table)}
     WHERE ${sql.ref(chain.owner)} = ${input.ownerId} AND ${time} > ${at}`.execute(tx);
  const { n, effect } = later.rows[0]!;
  const row = await insert(input.ledgerBalance - Number(effect), at);
  if (Number(n) > 0 && input.effect !== 0) {
    await sql`
      UPDATE ${sql.table(chain.table)} SET ${sql.ref(chain.balance)} = ${sql.ref(chain.balance)} + ${input.effect}
       WHERE ${sql.ref(chain.owner)} = ${input.ownerId} AND ${time} > ${at} AND id <> ${row.id}`.execute(tx);
  }
  return row;
}

/** The database's clock now (not the transaction's start). */
export async function clock(tx: Db): Promise<Date> {
  const result = await sql<{ at: Date }>`SELECT clock_timestamp() AS at`.execute(tx);
  return result.rows[0]!.at;
}

/**
 * Sets every stored balance of one owner's rows from the chain: the ledger's balance less what
 * the rows after each add. For rows written in bulk (the demo history) and repairs.
 */
export async function rethread(
  tx: Db,
  chain: BalanceChain,
  input: { ownerId: number; ledgerBalance: number },
): Promise<void> {
  const balance = sql.ref(chain.balance);
  await sql`
    UPDATE ${sql.table(chain.table)} AS t SET ${balance} = x.after
      FROM (SELECT id, ${input.ledgerBalance}::bigint
                       - (sum(${chain.effect}) OVER ()
                          - sum(${chain.effect}) OVER (ORDER BY ${sql.ref(chain.time)}, id
                                                       ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW))::bigint AS after
              FROM ${sql.table(chain.table)}
             WHERE ${sql.ref(chain.owner)} = ${input.ownerId}) AS x
     WHERE t.id = x.id AND t.${balance} <> x.after`.execute(tx);
}
