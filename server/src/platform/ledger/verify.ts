import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/**
 * Recomputes the ledger from its entries and reports every breach of its invariants (the
 * `npm run ledger:verify` command; scripts/ledger-verify.ts):
 *
 * - debits equal credits: the entries of every posted movement are one debit and one credit of
 *   its amount on its two accounts (so all entries sum to zero), and nothing else has entries;
 * - each account's balance equals the sum of its entries, and its pending amount the sum of its
 *   outgoing transfers still pending;
 * - no account is below its floor (balance - pending >= floor);
 * - no pending transfer is resolved twice, and each one's state matches its resolution.
 *
 * It reads in one repeatable-read snapshot when it can open one, so a busy ledger is checked at
 * one instant.
 */

export type Breach = {
  check: 'debits-credits' | 'balance' | 'pending' | 'floor' | 'resolution';
  subject: string;
  detail: string;
};

type AccountName = { id: number; tenant_id: number | null; kind: string; provider: string };

/** How a breach names an account: `account 7 (tenant 12 warehouse wh-a)`, `account 1 (operator clearing sandbox)`. */
export function accountLabel(a: AccountName): string {
  const owner = a.tenant_id === null ? 'operator' : `tenant ${a.tenant_id}`;
  return `account ${a.id} (${owner} ${a.kind}${a.provider ? ` ${a.provider}` : ''})`;
}

async function checks(db: Db): Promise<Breach[]> {
  const breaches: Breach[] = [];

  const total = await sql<{ sum: string | null }>`SELECT sum(amount)::text AS sum FROM ledger_entries`.execute(db);
  const sum = total.rows[0]?.sum ?? '0';
  if (sum !== '0')
    breaches.push({
      check: 'debits-credits',
      subject: 'all entries',
      detail: `debits and credits differ by ${sum} fen`,
    });

  // Every movement's entries: exactly its debit and its credit; pending and void transfers have none.
  const movements = await sql<{
    id: number;
    key: string;
    kind: string;
    debits: number;
    credits: number;
    other: number;
  }>`
    SELECT t.id, t.key, t.kind,
           count(*) FILTER (WHERE e.account_id = t.debit_account_id AND e.amount = -t.amount)::int AS debits,
           count(*) FILTER (WHERE e.account_id = t.credit_account_id AND e.amount = t.amount)::int AS credits,
           count(*) FILTER (WHERE e.id IS NOT NULL
                              AND NOT (e.account_id = t.debit_account_id AND e.amount = -t.amount)
                              AND NOT (e.account_id = t.credit_account_id AND e.amount = t.amount))::int AS other
      FROM ledger_transfers t
      LEFT JOIN ledger_entries e ON e.transfer_id = t.id
     GROUP BY t.id
    HAVING CASE WHEN t.kind IN ('transfer', 'post')
                THEN count(*) FILTER (WHERE e.account_id = t.debit_account_id AND e.amount = -t.amount) <> 1
                  OR count(*) FILTER (WHERE e.account_id = t.credit_account_id AND e.amount = t.amount) <> 1
                  OR count(e.id) <> 2
                ELSE count(e.id) <> 0 END
     ORDER BY t.id`.execute(db);
  for (const m of movements.rows) {
    breaches.push({
      check: 'debits-credits',
      subject: `transfer ${m.id} (${m.kind} ${m.key})`,
      detail: `${m.debits} debit and ${m.credits} credit entries of its amount, ${m.other} other entries`,
    });
  }
  const orphans = await sql<{ id: number }>`
    SELECT e.id FROM ledger_entries e LEFT JOIN ledger_transfers t ON t.id = e.transfer_id WHERE t.id IS NULL ORDER BY e.id`.execute(
    db,
  );
  for (const o of orphans.rows) {
    breaches.push({ check: 'debits-credits', subject: `entry ${o.id}`, detail: 'belongs to no transfer' });
  }

  const accounts = await sql<
    AccountName & { balance: number; pending: number; floor: number | null; entries: number; frozen: number }
  >`
    SELECT a.id, a.tenant_id, a.kind, a.provider, a.balance, a.pending, a.floor,
           COALESCE((SELECT sum(e.amount) FROM ledger_entries e WHERE e.account_id = a.id), 0)::bigint AS entries,
           COALESCE((SELECT sum(t.amount) FROM ledger_transfers t
                      WHERE t.debit_account_id = a.id AND t.state = 'pending'), 0)::bigint AS frozen
      FROM ledger_accounts a
     ORDER BY a.id`.execute(db);
  for (const a of accounts.rows) {
    const name = accountLabel(a);
    if (a.balance !== a.entries) {
      breaches.push({
        check: 'balance',
        subject: name,
        detail: `balance ${a.balance} fen, its entries sum to ${a.entries} fen`,
      });
    }
    if (a.pending !== a.frozen) {
      breaches.push({
        check: 'pending',
        subject: name,
        detail: `pending ${a.pending} fen, its pending transfers sum to ${a.frozen} fen`,
      });
    }
    if (a.floor !== null && a.entries - a.frozen < a.floor) {
      breaches.push({
        check: 'floor',
        subject: name,
        detail: `balance ${a.entries} - pending ${a.frozen} fen is below its floor ${a.floor} fen`,
      });
    }
  }

  // Resolutions: at most one per pending transfer, of its accounts and amount, matching its state.
  const resolutions = await sql<{
    id: number;
    key: string;
    state: string;
    posts: number;
    voids: number;
    mismatched: number;
  }>`
    SELECT p.id, p.key, p.state,
           count(r.id) FILTER (WHERE r.kind = 'post')::int AS posts,
           count(r.id) FILTER (WHERE r.kind = 'void')::int AS voids,
           count(r.id) FILTER (WHERE r.amount <> p.amount OR r.debit_account_id <> p.debit_account_id
                                  OR r.credit_account_id <> p.credit_account_id)::int AS mismatched
      FROM ledger_transfers p
      LEFT JOIN ledger_transfers r ON r.pending_id = p.id
     WHERE p.kind = 'pending'
     GROUP BY p.id
    HAVING count(r.id) > 1
        OR count(r.id) FILTER (WHERE r.amount <> p.amount OR r.debit_account_id <> p.debit_account_id
                                  OR r.credit_account_id <> p.credit_account_id) > 0
        OR (p.state = 'pending' AND count(r.id) <> 0)
        OR (p.state = 'posted' AND count(r.id) FILTER (WHERE r.kind = 'post') <> 1)
        OR (p.state = 'voided' AND count(r.id) FILTER (WHERE r.kind = 'void') <> 1)
     ORDER BY p.id`.execute(db);
  for (const r of resolutions.rows) {
    const twice = r.posts + r.voids > 1 ? 'resolved twice: ' : '';
    breaches.push({
      check: 'resolution',
      subject: `pending transfer ${r.id} (${r.key})`,
      detail: `${twice}state ${r.state}, ${r.posts} posts, ${r.voids} voids, ${r.mismatched} not matching its amount or accounts`,
    });
  }
  const strays = await sql<{ id: number; key: string }>`
    SELECT r.id, r.key FROM ledger_transfers r
      LEFT JOIN ledger_transfers p ON p.id = r.pending_id AND p.kind = 'pending'
     WHERE r.kind IN ('post', 'void') AND p.id IS NULL
     ORDER BY r.id`.execute(db);
  for (const s of strays.rows) {
    breaches.push({
      check: 'resolution',
      subject: `transfer ${s.id} (${s.key})`,
      detail: 'resolves no pending transfer',
    });
  }
  return breaches;
}

/** Every breach of the ledger's invariants; empty when the ledger is sound. */
export async function verifyLedger(db: Db): Promise<Breach[]> {
  if (db.isTransaction) return checks(db);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute((tx) => checks(tx));
}
