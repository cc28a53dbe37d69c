import type { ProposalKind } from '../proposals/service.ts';
import { postOperatorEntry } from './service.ts';

type EntryInput = Parameters<typeof postOperatorEntry>[2];

/** An operator's entry on a tenant's third-party balance, under four eyes (modules/proposals). */
export const THIRD_PARTY_ENTRY: ProposalKind<EntryInput, Awaited<ReturnType<typeof postOperatorEntry>>> = {
  name: 'third-party.entry',
  measure: async (_db, input) => ({ amountFen: input.amountFen, tenantId: input.tenant_id }),
  run: postOperatorEntry,
};
