import { WITHDRAWAL_APPROVAL } from './modules/distribution/four-eyes.ts';
import { ORDER_REFUND } from './modules/orders/four-eyes.ts';
import { registerProposalKind } from './modules/proposals/service.ts';
import { THIRD_PARTY_ENTRY } from './modules/third-party/four-eyes.ts';
import {
  WAREHOUSE_BILL,
  WAREHOUSE_CREDIT_LINE,
  WAREHOUSE_FEE,
  WAREHOUSE_IMPORT,
  WAREHOUSE_PAYMENT_NOTE,
  WAREHOUSE_RENT,
} from './modules/warehouse/four-eyes.ts';

/**
 * The console's money moves that four eyes may keep as proposals, wired at composition time so
 * that approving one finds its move by name while the proposals module imports none of the
 * modules that own them. Registering again (every app built in one process) changes nothing.
 */
export function registerProposalKinds(): void {
  registerProposalKind(THIRD_PARTY_ENTRY);
  registerProposalKind(WAREHOUSE_FEE);
  registerProposalKind(WAREHOUSE_BILL);
  registerProposalKind(WAREHOUSE_RENT);
  registerProposalKind(WAREHOUSE_IMPORT);
  registerProposalKind(WAREHOUSE_PAYMENT_NOTE);
  registerProposalKind(WAREHOUSE_CREDIT_LINE);
  registerProposalKind(WITHDRAWAL_APPROVAL);
  registerProposalKind(ORDER_REFUND);
}
