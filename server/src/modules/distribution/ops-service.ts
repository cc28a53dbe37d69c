import {
  DEFAULT_COMMISSION_RATE_BP,
  WITHDRAWAL_STATUS,
  voucherUrlOf,
  type TOpsDistributor,
  type TOpsWithdrawal,
} from '@seller-centre/contract/distribution';
import { yuanToFen } from '@seller-centre/contract/money';
import { transaction, type Db } from '../../db/client.ts';
import { writeOperatorAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { fenToYuan } from '../../platform/fen.ts';
import { balanceOf, post, voidPending } from '../../platform/ledger/index.ts';
import type { OperatorContext } from '../../platform/operator-auth.ts';
import { assertOwnedUploads } from '../../platform/uploads/service.ts';
import { isDistributor, setDistributorFlag } from '../profile/service.ts';
import * as repo from './repository.ts';
import { distributionAccount, rateOf, withdrawalFilterOf, withdrawalRowOf, writeEntry } from './service.ts';

/**
 * The operator console's half of distribution: the withdrawal queue and its decisions, and the
 * distributors (flag and commission rate). Reached only from the operator scope; every change
 * is audited in its transaction.
 */

export async function listWithdrawalsForOps(
  db: Db,
  q: { status: number; page: number; page_size: number },
): Promise<{ total: number; data: TOpsWithdrawal[] }> {
  const f = withdrawalFilterOf(undefined, { status: q.status as 0 | 1 | 2 | 4 });
  const { rows, total } = await repo.findWithdrawalPageForOps(db, f, {
    oldestFirst: q.status === WITHDRAWAL_STATUS.pending,
    limit: q.page_size,
    offset: (q.page - 1) * q.page_size,
  });
  return {
    total,
    data: rows.map((r) => ({ ...withdrawalRowOf(r), tenant_id: r.main_id, tenant_name: r.tenant_name ?? '' })),
  };
}

/**
 * An operator's decision on a pending withdrawal. Approval posts the freeze (the money leaves
 * the distribution balance; an OUT row joins the bill with the balance after it) and keeps the
 * voucher and remark; failure releases it (the money is available again). The status moves
 * from 0 by one guarded update, so two decisions never both apply.
 */
export async function reviewWithdrawal(
  db: Db,
  actor: OperatorContext,
  transactionId: string,
  decision: { approve: true; voucherUploadId: string; remark: string } | { approve: false; remark: string },
): Promise<TOpsWithdrawal> {
  return transaction(db, async (tx) => {
    if (decision.approve) {
      // The voucher must be an image uploaded for this withdrawal's tenant.
      const owner = await repo.findWithdrawalOwner(tx, transactionId);
      if (owner) await assertOwnedUploads(tx, owner.main_id, [decision.voucherUploadId], 'voucher_upload_id');
    }
    const status = decision.approve ? WITHDRAWAL_STATUS.approved : WITHDRAWAL_STATUS.failed;
    const row = await repo.decideWithdrawal(tx, transactionId, {
      from: WITHDRAWAL_STATUS.pending,
      status,
      remark: decision.remark,
      imageUrl: decision.approve ? voucherUrlOf(decision.voucherUploadId) : '',
      reviewedBy: actor.operatorId,
    });
    if (!row) {
      const exists = await repo.findWithdrawalId(tx, transactionId);
      throw exists ? AppError.conflict('withdrawalReviewed') : AppError.notFound('withdrawalNotFound');
    }
    const pendingKey = `withdrawal:${transactionId}`;
    if (decision.approve) {
      await post(tx, { key: `${pendingKey}:post`, pendingKey });
      await writeEntry(tx, {
        main_id: row.main_id,
        transaction_id: transactionId,
        parent_user_id: row.main_id,
        number: transactionId,
        capital_flows: 'OUT',
        kind: 'withdrawal',
        amount_fen: row.amount_fen,
      });
    } else {
      await voidPending(tx, { key: `${pendingKey}:void`, pendingKey });
    }
    await writeOperatorAudit(tx, actor, {
      action: decision.approve ? 'withdrawal.approve' : 'withdrawal.fail',
      targetType: 'distribution_withdrawal',
      targetId: row.id,
      tenantId: row.main_id,
      after: { status, remark: decision.remark, image_url: row.image_url },
    });
    return { ...withdrawalRowOf(row), tenant_id: row.main_id, tenant_name: '' };
  });
}

function percentOfBp(bp: number): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

export async function listDistributors(
  db: Db,
  q: { page: number; page_size: number },
): Promise<{ total: number; data: TOpsDistributor[] }> {
  const { rows, total } = await repo.findDistributorPage(db, {
    limit: q.page_size,
    offset: (q.page - 1) * q.page_size,
  });
  return {
    total,
    data: rows.map((r) => ({
      tenant_id: r.main_id,
      tenant_name: r.user_name ?? '',
      is_distributor: true,
      commission_rate: percentOfBp(r.rate_bp ?? DEFAULT_COMMISSION_RATE_BP),
      current_balance: fenToYuan((r.balance ?? 0) - (r.pending ?? 0)),
    })),
  };
}

/** Sets a tenant's distributor flag and commission rate (percent with two decimals). */
export async function updateDistributor(
  db: Db,
  actor: OperatorContext,
  tenantId: number,
  input: { is_distributor?: boolean | undefined; commission_rate?: string | undefined },
): Promise<TOpsDistributor> {
  return transaction(db, async (tx) => {
    const tenant = await repo.findAccountOf(tx, tenantId);
    if (!tenant || tenant.user_type !== 1) throw AppError.notFound('notFound');
    if (input.is_distributor !== undefined) await setDistributorFlag(tx, tenantId, input.is_distributor);
    if (input.commission_rate !== undefined) {
      const bp = yuanToFen(input.commission_rate);
      await repo.upsertRate(tx, tenantId, bp);
    }
    await writeOperatorAudit(tx, actor, {
      action: 'distributor.update',
      targetType: 'tenant',
      targetId: tenantId,
      tenantId: tenantId,
      after: input,
    });
    const b = await balanceOf(tx, distributionAccount(tenantId));
    return {
      tenant_id: tenantId,
      tenant_name: tenant.user_name ?? '',
      is_distributor: await isDistributor(tx, tenantId),
      commission_rate: percentOfBp(await rateOf(tx, tenantId)),
      current_balance: fenToYuan(b.balance - b.pending),
    };
  });
}
