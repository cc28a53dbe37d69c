import { sql } from 'kysely';
import { nowPlusSeconds, toJsonb, type Db } from '../../db/client.ts';

/** The queries of four-eyes proposals (`ops_proposals`). */

const COLUMNS = [
  'id',
  'kind',
  'main_id',
  'amount_fen',
  'payload',
  'proposer',
  'proposed_by',
  'proposed_at',
  'expires_at',
  'decider',
  'decided_at',
  'reason',
] as const;

/** A pending proposal past its end reads as expired; the stored status stays pending. */
const STATUS = sql<string>`CASE WHEN status = 'pending' AND expires_at <= now() THEN 'expired' ELSE status END`;

export async function insertProposal(
  db: Db,
  input: {
    kind: string;
    tenantId: number | null;
    amountFen: number;
    payload: unknown;
    operatorId: number;
    accountName: string;
    ttlSeconds: number;
  },
) {
  return db
    .insertInto('ops_proposals')
    .values({
      kind: input.kind,
      main_id: input.tenantId,
      amount_fen: input.amountFen,
      payload: toJsonb(input.payload),
      proposed_by: input.operatorId,
      proposer: input.accountName,
      expires_at: nowPlusSeconds(input.ttlSeconds),
    })
    .returning([...COLUMNS, STATUS.as('status')])
    .executeTakeFirstOrThrow();
}

/**
 * Makes the proposals of one kind take turns until the transaction ends: two identical requests
 * at once (a double click) cannot both find no proposal waiting and both keep one.
 */
export async function lockProposalsOfKind(db: Db, kind: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`proposal:${kind}`}, 0))`.execute(db);
}

/** The proposal of this kind with exactly this input that still waits for its second operator. */
export async function findWaitingProposal(db: Db, kind: string, payload: unknown) {
  return db
    .selectFrom('ops_proposals')
    .select([...COLUMNS, STATUS.as('status')])
    .where('kind', '=', kind)
    .where('status', '=', 'pending')
    .where('expires_at', '>', sql<Date>`now()`)
    // jsonb equality: the same keys and values, whatever their order.
    .where(sql<boolean>`payload = ${toJsonb(payload)}::jsonb`)
    .orderBy('id')
    .executeTakeFirst();
}

export async function findProposal(db: Db, id: number) {
  return db
    .selectFrom('ops_proposals')
    .select([...COLUMNS, STATUS.as('status')])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findProposalPage(
  db: Db,
  query: { status?: string | undefined; tenantId?: number | undefined; page: number; page_size: number },
) {
  const base = db
    .selectFrom('ops_proposals')
    .$if(query.status === 'pending', (q) => q.where('status', '=', 'pending').where('expires_at', '>', sql<Date>`now()`))
    .$if(query.status === 'expired', (q) => q.where('status', '=', 'pending').where('expires_at', '<=', sql<Date>`now()`))
    .$if(query.status === 'approved' || query.status === 'rejected', (q) => q.where('status', '=', query.status!))
    .$if(query.tenantId !== undefined, (q) => q.where('main_id', '=', query.tenantId!));
  const [rows, count] = await Promise.all([
    base
      .select([...COLUMNS, STATUS.as('status')])
      .orderBy('id', 'desc')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * Decides a pending, unexpired proposal that someone else made (a guarded update, so two
 * approvers at once decide it once); undefined when it is not there to decide.
 */
export async function decidePending(
  db: Db,
  id: number,
  decision: { status: 'approved' | 'rejected'; operatorId: number; accountName: string; reason: string },
) {
  return db
    .updateTable('ops_proposals')
    .set({
      status: decision.status,
      decided_by: decision.operatorId,
      decider: decision.accountName,
      decided_at: sql`now()`,
      reason: decision.reason,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('expires_at', '>', sql<Date>`now()`)
    .where('proposed_by', '<>', decision.operatorId)
    .returning([...COLUMNS, STATUS.as('status')])
    .executeTakeFirst();
}

export type ProposalRow = NonNullable<Awaited<ReturnType<typeof findProposal>>>;
