import { BASIC_CURRENCY } from '@seller-centre/contract/warehouse';
import type { Db } from '../../db/client.ts';
import type { ProposalKind } from '../proposals/service.ts';
import { decideApplication } from './credit-line-service.ts';
import {
  importByOperator,
  parseImport,
  postBillByOperator,
  postFeeByOperator,
  postRentByOperator,
} from './ops-service.ts';
import { decideNote } from './payment-note-service.ts';
import { findCreditApplicationMoney, findLink, findPaymentNoteMoney } from './repository.ts';

/**
 * The warehouse console's money moves under four eyes (modules/proposals): what each moves.
 * A movement without an amount (an unfreeze, or a deduction settling a freeze) moves what its
 * freeze holds, and that freeze was itself measured; bill and rent rows count by their size
 * whichever their sign.
 */
const tenantOf = async (db: Db, wwsId: number) => (await findLink(db, wwsId))?.main_id ?? null;

type FeeInput = Parameters<typeof postFeeByOperator>[2];
type BillInput = Parameters<typeof postBillByOperator>[2];
type RentInput = Parameters<typeof postRentByOperator>[2];
type ImportInput = Parameters<typeof importByOperator>[2];
type NoteDecision = { id: number; decision: Parameters<typeof decideNote>[3] };
type CreditDecision = { aclCode: string; decision: Parameters<typeof decideApplication>[3] };

export const WAREHOUSE_FEE: ProposalKind<FeeInput, Awaited<ReturnType<typeof postFeeByOperator>>> = {
  name: 'warehouse.fee',
  measure: async (db, input) => ({ amountFen: input.amount ?? 0, tenantId: await tenantOf(db, input.wws_id) }),
  run: postFeeByOperator,
};

export const WAREHOUSE_BILL: ProposalKind<BillInput, Awaited<ReturnType<typeof postBillByOperator>>> = {
  name: 'warehouse.bill',
  measure: async (db, input) => ({ amountFen: Math.abs(input.amount), tenantId: await tenantOf(db, input.wws_id) }),
  run: postBillByOperator,
};

export const WAREHOUSE_RENT: ProposalKind<RentInput, Awaited<ReturnType<typeof postRentByOperator>>> = {
  name: 'warehouse.rent',
  measure: async (db, input) => ({ amountFen: Math.abs(input.amount), tenantId: await tenantOf(db, input.wws_id) }),
  run: postRentByOperator,
};

/** An import counts as the sum of its rows: a file of small rows is one large move. */
export const WAREHOUSE_IMPORT: ProposalKind<ImportInput, Awaited<ReturnType<typeof importByOperator>>> = {
  name: 'warehouse.import',
  measure: async (db, input) => ({
    amountFen: parseImport(input).reduce((sum, row) => sum + Math.abs(row.amount ?? 0), 0),
    tenantId: await tenantOf(db, input.wws_id),
  }),
  run: importByOperator,
};

/** Only completing a note credits money: what arrived, or the note's amount when paid in CNY. */
export const WAREHOUSE_PAYMENT_NOTE: ProposalKind<NoteDecision, Awaited<ReturnType<typeof decideNote>>> = {
  name: 'warehouse.payment-note',
  async measure(db, { id, decision }) {
    const note = await findPaymentNoteMoney(db, id);
    if (!note || decision.action !== 'complete') return { amountFen: 0, tenantId: note?.main_id ?? null };
    const cny = note.currency_code === BASIC_CURRENCY ? note.amount : 0;
    return { amountFen: decision.arrival_amount ?? cny, tenantId: note.main_id };
  },
  run: (db, actor, { id, decision }) => decideNote(db, actor, id, decision),
};

/** Approving grants the line asked for; rejecting moves nothing. */
export const WAREHOUSE_CREDIT_LINE: ProposalKind<CreditDecision, Awaited<ReturnType<typeof decideApplication>>> = {
  name: 'warehouse.credit-line',
  async measure(db, { aclCode, decision }) {
    const application = await findCreditApplicationMoney(db, aclCode);
    if (!application || decision.action !== 'approve') return { amountFen: 0, tenantId: application?.main_id ?? null };
    return { amountFen: application.apply_credit, tenantId: application.main_id };
  },
  run: (db, actor, { aclCode, decision }) => decideApplication(db, actor, aclCode, decision),
};
