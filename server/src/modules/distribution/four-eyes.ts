import type { ProposalKind } from '../proposals/service.ts';
import { reviewWithdrawal } from './ops-service.ts';
import { findWithdrawalMoney } from './repository.ts';

type Approval = { transactionId: string; voucherUploadId: string; remark: string };

/** Approving a withdrawal pays the held amount out, under four eyes (modules/proposals). */
export const WITHDRAWAL_APPROVAL: ProposalKind<Approval, Awaited<ReturnType<typeof reviewWithdrawal>>> = {
  name: 'distribution.withdrawal',
  async measure(db, input) {
    const withdrawal = await findWithdrawalMoney(db, input.transactionId);
    return { amountFen: withdrawal?.amount_fen ?? 0, tenantId: withdrawal?.main_id ?? null };
  },
  run: (db, actor, { transactionId, voucherUploadId, remark }) =>
    reviewWithdrawal(db, actor, transactionId, { approve: true, voucherUploadId, remark }),
};
