import type { TProposal, TProposalKind, TProposalQuery } from '@seller-centre/contract/proposals';
import type { FastifyInstance } from 'fastify';
import { transaction, type Db } from '../../db/client.ts';
import { writeOperatorAudit } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { fenToYuan } from '../../platform/fen.ts';
import type { OperatorContext } from '../../platform/operator-auth.ts';
import {
  decidePending,
  findProposal,
  findProposalPage,
  findWaitingProposal,
  insertProposal,
  lockProposalsOfKind,
  type ProposalRow,
} from './repository.ts';

/**
 * Four eyes on manual money. A console action that moves money is a kind: how much it moves
 * and whose (`measure`), and the move itself (`run`). Below the threshold the action runs at once;
 * at or above it, it is kept as a proposal, and runs (as the approver's) only when a second
 * operator approves it. The module that owns the action defines its kind and registers it at
 * composition (server/src/proposal-kinds.ts), so an approval finds it by name and this module
 * imports none of them.
 */
export type ProposalKind<I, A> = {
  name: TProposalKind;
  /** The money the input moves, in fen, and whose; 0 when it moves none (a rejection runs at once). */
  measure(db: Db, input: I): Promise<{ amountFen: number; tenantId: number | null }>;
  /** The move, on `db` (the approval's transaction when approved); `app` for what else it needs (a payment provider). */
  run(db: Db, actor: OperatorContext, input: I, app: FastifyInstance): Promise<A>;
};

/** How long a proposal waits for its second operator. */
export const PROPOSAL_TTL_SECONDS = 72 * 60 * 60;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- kinds of every input live in one table
const kinds = new Map<string, ProposalKind<any, unknown>>();

export function registerProposalKind<I, A>(kind: ProposalKind<I, A>): void {
  if (kinds.has(kind.name) && kinds.get(kind.name) !== kind) throw new Error(`proposal kind ${kind.name} registered twice`);
  kinds.set(kind.name, kind as ProposalKind<unknown, unknown>);
}

function proposalOf(row: ProposalRow): TProposal {
  return {
    id: row.id,
    // Written only from a registered kind's name, which the contract lists.
    kind: row.kind as TProposalKind,
    tenant_id: row.main_id,
    amount: fenToYuan(row.amount_fen),
    status: row.status as TProposal['status'],
    payload: (row.payload ?? {}) as Record<string, unknown>,
    proposed_by: row.proposer,
    proposed_at: row.proposed_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    decided_by: row.decider,
    decided_at: row.decided_at?.toISOString() ?? null,
    reason: row.reason,
  };
}

/** What a money route answers: the move made (200), or the proposal kept instead (202). */
export type FourEyesOutcome<A> = { status: 200; data: A } | { status: 202; data: { proposal: TProposal } };

/** The route's answer for an outcome: its status, and the envelope of what was made or kept. */
export function fourEyesAnswer<A>(reply: { code(status: number): unknown }, outcome: FourEyesOutcome<A>) {
  reply.code(outcome.status);
  // Two calls on purpose: each gives its own envelope type, which the route's schema of each
  // status checks; one call would give an envelope of the union, which matches neither.
  return outcome.status === 202 ? ok(outcome.data) : ok(outcome.data);
}

/**
 * Runs a console money action, or keeps it as a proposal when it moves OPS_FOUR_EYES_YUAN or
 * more. The input is kept as the route validated it, and runs unchanged when approved. The same
 * input again while its proposal waits (a double click, a form sent twice) answers that proposal
 * instead of keeping a second one for the approver to sort out.
 */
export async function proposeOrRun<I, A>(
  app: FastifyInstance,
  actor: OperatorContext,
  kind: ProposalKind<I, A>,
  input: I,
): Promise<FourEyesOutcome<A>> {
  const { amountFen, tenantId } = await kind.measure(app.db, input);
  if (amountFen === 0 || amountFen < app.config.OPS_FOUR_EYES_YUAN * 100) {
    return { status: 200, data: await kind.run(app.db, actor, input, app) };
  }
  return transaction(app.db, async (tx) => {
    await lockProposalsOfKind(tx, kind.name);
    const waiting = await findWaitingProposal(tx, kind.name, input);
    if (waiting) return { status: 202 as const, data: { proposal: proposalOf(waiting) } };
    const row = await insertProposal(tx, {
      kind: kind.name,
      tenantId,
      amountFen,
      payload: input,
      operatorId: actor.operatorId,
      accountName: actor.accountName,
      ttlSeconds: PROPOSAL_TTL_SECONDS,
    });
    await writeOperatorAudit(tx, actor, {
      action: `proposal.propose.${kind.name}`,
      targetType: 'proposal',
      targetId: row.id,
      tenantId,
      after: { amount_fen: amountFen, payload: input },
    });
    return { status: 202 as const, data: { proposal: proposalOf(row) } };
  });
}

export async function listProposals(
  db: Db,
  query: TProposalQuery & { tenant_id?: number | undefined },
): Promise<{ total: number; data: TProposal[] }> {
  const { rows, total } = await findProposalPage(db, { ...query, tenantId: query.tenant_id });
  return { total, data: rows.map(proposalOf) };
}

/** Why a proposal cannot be decided by this operator: gone, its own, or already decided or expired. */
async function refusal(db: Db, actor: OperatorContext, id: number): Promise<AppError> {
  const row = await findProposal(db, id);
  if (!row) return AppError.notFound('proposalNotFound');
  if (row.proposed_by === actor.operatorId) return AppError.forbidden('proposalOwn');
  return AppError.conflict('proposalDecided');
}

/**
 * A second operator approves: the proposal is decided and its move runs as the approver's, in
 * one transaction, so a move refused on the way (a balance spent since, a note already decided)
 * leaves the proposal pending, to be rejected or approved again.
 */
export async function approveProposal(app: FastifyInstance, actor: OperatorContext, id: number): Promise<TProposal> {
  return transaction(app.db, async (tx) => {
    const row = await decidePending(tx, id, {
      status: 'approved',
      operatorId: actor.operatorId,
      accountName: actor.accountName,
      reason: '',
    });
    if (!row) throw await refusal(tx, actor, id);
    const kind = kinds.get(row.kind);
    if (!kind) throw new Error(`proposal ${id}: no kind ${row.kind} is registered`);
    await kind.run(tx, actor, row.payload, app);
    await writeOperatorAudit(tx, actor, {
      action: `proposal.approve.${row.kind}`,
      targetType: 'proposal',
      targetId: id,
      tenantId: row.main_id,
      after: { amount_fen: row.amount_fen, proposer: row.proposer },
    });
    return proposalOf(row);
  });
}

export async function rejectProposal(db: Db, actor: OperatorContext, id: number, reason: string): Promise<TProposal> {
  return transaction(db, async (tx) => {
    const row = await decidePending(tx, id, {
      status: 'rejected',
      operatorId: actor.operatorId,
      accountName: actor.accountName,
      reason,
    });
    if (!row) throw await refusal(tx, actor, id);
    await writeOperatorAudit(tx, actor, {
      action: `proposal.reject.${row.kind}`,
      targetType: 'proposal',
      targetId: id,
      tenantId: row.main_id,
      after: { reason },
    });
    return proposalOf(row);
  });
}
