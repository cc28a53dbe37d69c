import {
  DEFAULT_COMMISSION_RATE_BP,
  WITHDRAWAL_STATUS,
  voucherUrlOf,
  type TOpsDistributor,
  type TOpsWithdrawal,
} from '@seller-centre/contract/distribution';
import { yuanToFen } from '@seller-centre/contract/money';
import { sql } from 'kysely';
import { transaction, type Db } from '../../db/client.ts';
import { writeOperatorAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { fenToYuan } from '../../platform/fen.ts';
import { balanceOf, post, voidPending } from '../../platform/ledger/index.ts';
import type { OperatorContext } from '../../platform/operator-auth.ts';
import { assertOwnedUploads } from '../../platform/uploads/service.ts';
import { isDistributor, setDistributorFlag } from '../profile/service.ts';
import { WITHDRAWAL_COLUMNS, withdrawalQuery } from './repository.ts';
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
  const [rows, count] = await Promise.all([
    withdrawalQuery(db, f)
      .innerJoin('users as u', 'u.id', 'w.main_id')
      .select([...WITHDRAWAL_COLUMNS, 'u.user_name as tenant_name'])
      .orderBy('w.created_at', q.status === WITHDRAWAL_STATUS.pending ? 'asc' : 'desc')
      .orderBy('w.id', 'asc')
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size)
      .execute(),
    withdrawalQuery(db, f)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
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
      const owner = await tx
        .selectFrom('distribution_withdrawals')
        .select('main_id')
        .where('transaction_id', '=', transactionId)
        .executeTakeFirst();
      if (owner) await assertOwnedUploads(tx, owner.main_id, [decision.voucherUploadId], 'voucher_upload_id');
    }
    const status = decision.approve ? WITHDRAWAL_STATUS.approved : WITHDRAWAL_STATUS.failed;
    const row = await tx
      .updateTable('distribution_withdrawals')
      .set({
        status,
        remark: decision.remark,
        image_url: decision.approve ? voucherUrlOf(decision.voucherUploadId) : '',
        reviewed_at: sql`now()`,
        reviewed_by: actor.operatorId,
      })
      .where('transaction_id', '=', transactionId)
      .where('status', '=', WITHDRAWAL_STATUS.pending)
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const exists = await tx
        .selectFrom('distribution_withdrawals')
        .select('id')
        .where('transaction_id', '=', transactionId)
        .executeTakeFirst();
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
        amount_fen: row.amount_fen,
      });
    } else {
      await voidPending(tx, { key: `${pendingKey}:void`, pendingKey });
    }
    await writeOperatorAudit(tx, actor, {
      action: decision.approve ? 'withdrawal.approve' : 'withdrawal.fail',
      targetType: 'distribution_withdrawal',
      targetId: row.id,
      mainId: row.main_id,
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
  const base = db
    .selectFrom('distribution_settings as s')
    .innerJoin('users as u', 'u.id', 's.main_id')
    .where('s.is_show_distributor', '=', true);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('distribution_rates as r', 'r.main_id', 's.main_id')
      .leftJoin('ledger_accounts as a', (j) =>
        j.onRef('a.tenant_id', '=', 's.main_id').on('a.kind', '=', 'distribution').on('a.provider', '=', ''),
      )
      .select(['s.main_id', 'u.user_name', 'r.rate_bp', 'a.balance', 'a.pending'])
      .orderBy('s.main_id', 'desc')
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
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
    const tenant = await tx
      .selectFrom('users')
      .select(['id', 'user_name', 'user_type'])
      .where('id', '=', tenantId)
      .executeTakeFirst();
    if (!tenant || tenant.user_type !== 1) throw AppError.notFound('notFound');
    if (input.is_distributor !== undefined) await setDistributorFlag(tx, tenantId, input.is_distributor);
    if (input.commission_rate !== undefined) {
      const bp = yuanToFen(input.commission_rate);
      await tx
        .insertInto('distribution_rates')
        .values({ main_id: tenantId, rate_bp: bp })
        .onConflict((oc) => oc.column('main_id').doUpdateSet({ rate_bp: bp, updated_at: sql`now()` }))
        .execute();
    }
    await writeOperatorAudit(tx, actor, {
      action: 'distributor.update',
      targetType: 'tenant',
      targetId: tenantId,
      mainId: tenantId,
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
