import { z } from 'zod';
import { OPS_PREFIX } from './operators.ts';

/**
 * Four eyes on manual money: an operator's money move at or above the threshold
 * (OPS_FOUR_EYES_YUAN) is kept as a proposal until a second operator approves it; the move then
 * runs as the approver's. A rejected or expired proposal moves nothing.
 */
export const opsProposalPaths = {
  /** GET: the queue, newest first, by status. */
  list: `${OPS_PREFIX}/proposals`,
  approve: `${OPS_PREFIX}/proposals/:id/approve`,
  reject: `${OPS_PREFIX}/proposals/:id/reject`,
} as const;

export const PROPOSAL_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type TProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** What a proposal would do, one name per console action that moves money. */
export const PROPOSAL_KINDS = [
  'third-party.entry',
  'warehouse.fee',
  'warehouse.bill',
  'warehouse.rent',
  'warehouse.import',
  'warehouse.payment-note',
  'warehouse.credit-line',
  'distribution.withdrawal',
  'orders.refund',
] as const;
export type TProposalKind = (typeof PROPOSAL_KINDS)[number];

export const ZProposal = z.object({
  id: z.number().int(),
  kind: z.enum(PROPOSAL_KINDS),
  /** The tenant whose money it moves (null: none in particular). */
  tenant_id: z.number().int().nullable(),
  /** Yuan, two decimals: the money it moves. */
  amount: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  /** The action's input as the proposer sent it (after validation), shown to the approver. */
  payload: z.record(z.string(), z.unknown()),
  proposed_by: z.string(),
  proposed_at: z.string(),
  expires_at: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  reason: z.string(),
});
export type TProposal = z.infer<typeof ZProposal>;

/** What a money route answers (HTTP 202) when it kept the move as a proposal instead of making it. */
export const ZProposed = z.object({ proposal: ZProposal });
export type TProposed = z.infer<typeof ZProposed>;

export const ZProposalQuery = z.object({
  status: z.enum(PROPOSAL_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type TProposalQuery = z.infer<typeof ZProposalQuery>;
export const ZProposalPage = z.object({ total: z.number().int(), data: z.array(ZProposal) });

export const ZProposalParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const ZProposalReject = z.object({ reason: z.string().trim().min(1).max(500) });
