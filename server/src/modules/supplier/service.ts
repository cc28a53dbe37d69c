import {
  SUPPLIER_STATUS,
  type TOpsSupplierApplication,
  type TSupplierInfo,
  type TSupplierRegister,
} from '@seller-centre/contract/supplier';
import { sql } from 'kysely';
import { transaction, type Db } from '../../db/client.ts';
import { writeOperatorAudit } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { setDistributorFlag } from '../profile/service.ts';

export type OpsActor = { operatorId: number; accountName: string; ip: string };

const NEVER_APPLIED: TSupplierInfo = {
  username: '',
  bank_name: '',
  bank_number: '',
  retailer_name: '',
  status: 0,
  reason: '',
};

function mainOnly(principal: Principal) {
  if (principal.userType !== 1) throw AppError.forbidden('supplierMainOnly');
}

/** The tenant's application (status 0 when it never applied). Main accounts only. */
export async function getSupplierInfo(db: Db, principal: Principal): Promise<TSupplierInfo> {
  mainOnly(principal);
  const row = await db
    .selectFrom('supplier_applications')
    .select(['username', 'bank_name', 'bank_number', 'retailer_name', 'status', 'reason'])
    .where('main_id', '=', principal.mainId)
    .executeTakeFirst();
  return row ?? NEVER_APPLIED;
}

/**
 * Submits the application, or resubmits a rejected one in place. One guarded statement: an
 * application that is submitted or approved is left as it is (409), whatever arrives at once.
 */
export async function registerSupplier(db: Db, principal: Principal, input: TSupplierRegister): Promise<TSupplierInfo> {
  mainOnly(principal);
  const values = {
    username: input.username,
    bank_name: input.bank_name,
    bank_number: input.bank_number,
    retailer_name: input.retailer_name,
    status: SUPPLIER_STATUS.submitted,
    reason: '',
  };
  const row = await db
    .insertInto('supplier_applications')
    .values({ main_id: principal.mainId, ...values })
    .onConflict((oc) =>
      oc
        .column('main_id')
        .doUpdateSet({ ...values, submitted_at: sql`now()`, reviewed_at: null, reviewed_by: null })
        .where('supplier_applications.status', '=', SUPPLIER_STATUS.rejected),
    )
    .returning(['username', 'bank_name', 'bank_number', 'retailer_name', 'status', 'reason'])
    .executeTakeFirst();
  if (!row) throw AppError.conflict('supplierAlreadyApplied');
  return row;
}

/** The console's queue: applications newest first, optionally of one status. */
export async function listSupplierApplications(
  db: Db,
  query: { status?: number | undefined; page: number; page_size: number },
): Promise<{ total: number; data: TOpsSupplierApplication[] }> {
  const base = db
    .selectFrom('supplier_applications as a')
    .innerJoin('users as u', 'u.id', 'a.main_id')
    .$if(query.status !== undefined, (q) => q.where('a.status', '=', query.status!));
  const [rows, count] = await Promise.all([
    base
      .select([
        'a.main_id',
        'u.user_name',
        'a.username',
        'a.bank_name',
        'a.bank_number',
        'a.retailer_name',
        'a.status',
        'a.reason',
        'a.submitted_at',
        'a.reviewed_at',
      ])
      .orderBy('a.submitted_at', 'desc')
      .orderBy('a.main_id', 'desc')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    data: rows.map((r) => ({
      tenant_id: r.main_id,
      tenant_name: r.user_name ?? '',
      username: r.username,
      bank_name: r.bank_name,
      bank_number: r.bank_number,
      retailer_name: r.retailer_name,
      status: r.status,
      reason: r.reason,
      submitted_at: r.submitted_at.toISOString(),
      reviewed_at: r.reviewed_at?.toISOString() ?? null,
    })),
  };
}

/**
 * An operator's decision on a submitted application. Approval makes the tenant a distributor
 * (its distribution bill menu appears) in the same transaction; a rejection keeps the reason
 * for the seller to read.
 */
export async function reviewSupplierApplication(
  db: Db,
  actor: OpsActor,
  tenantId: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<TSupplierInfo> {
  return transaction(db, async (tx) => {
    const status = decision.approve ? SUPPLIER_STATUS.approved : SUPPLIER_STATUS.rejected;
    const reason = decision.approve ? '' : decision.reason;
    const row = await tx
      .updateTable('supplier_applications')
      .set({ status, reason, reviewed_at: sql`now()`, reviewed_by: actor.operatorId })
      .where('main_id', '=', tenantId)
      .where('status', '=', SUPPLIER_STATUS.submitted)
      .returning(['username', 'bank_name', 'bank_number', 'retailer_name', 'status', 'reason'])
      .executeTakeFirst();
    if (!row) {
      const exists = await tx
        .selectFrom('supplier_applications')
        .select('status')
        .where('main_id', '=', tenantId)
        .executeTakeFirst();
      throw exists ? AppError.conflict('supplierNotSubmitted') : AppError.notFound('supplierApplicationNotFound');
    }
    if (decision.approve) await setDistributorFlag(tx, tenantId, true);
    await writeOperatorAudit(tx, actor, {
      action: decision.approve ? 'supplier.approve' : 'supplier.reject',
      targetType: 'supplier_application',
      targetId: tenantId,
      mainId: tenantId,
      after: { status, reason },
    });
    return row;
  });
}
