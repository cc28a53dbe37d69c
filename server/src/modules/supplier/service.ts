import {
  SUPPLIER_STATUS,
  type TOpsSupplierApplication,
  type TSupplierInfo,
  type TSupplierRegister,
} from '@seller-centre/contract/supplier';
import { transaction, type Db } from '../../db/client.ts';
import { writeOperatorAudit } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { setDistributorFlag } from '../profile/service.ts';
import type { OperatorContext } from '../../platform/operator-auth.ts';
import { applicationStatus, decideApplication, findApplication, findApplicationPage, submitApplication } from './repository.ts';

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
  return (await findApplication(db, principal.tenantId)) ?? NEVER_APPLIED;
}

/**
 * Submits the application, or resubmits a rejected one in place. One guarded statement: an
 * application that is submitted or approved is left as it is (409), whatever arrives at once.
 */
export async function registerSupplier(db: Db, principal: Principal, input: TSupplierRegister): Promise<TSupplierInfo> {
  mainOnly(principal);
  const row = await submitApplication(db, principal.tenantId, {
    username: input.username,
    bank_name: input.bank_name,
    bank_number: input.bank_number,
    retailer_name: input.retailer_name,
  });
  if (!row) throw AppError.conflict('supplierAlreadyApplied');
  return row;
}

/** The console's queue: applications newest first, optionally of one status. */
export async function listSupplierApplications(
  db: Db,
  query: { status?: number | undefined; page: number; page_size: number },
): Promise<{ total: number; data: TOpsSupplierApplication[] }> {
  const { rows, total } = await findApplicationPage(db, query);
  return {
    total,
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
  actor: OperatorContext,
  tenantId: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<TSupplierInfo> {
  return transaction(db, async (tx) => {
    const status = decision.approve ? SUPPLIER_STATUS.approved : SUPPLIER_STATUS.rejected;
    const reason = decision.approve ? '' : decision.reason;
    const row = await decideApplication(tx, tenantId, { status, reason, operatorId: actor.operatorId });
    if (!row) {
      const exists = (await applicationStatus(tx, tenantId)) !== undefined;
      throw exists ? AppError.conflict('supplierNotSubmitted') : AppError.notFound('supplierApplicationNotFound');
    }
    if (decision.approve) await setDistributorFlag(tx, tenantId, true);
    await writeOperatorAudit(tx, actor, {
      action: decision.approve ? 'supplier.approve' : 'supplier.reject',
      targetType: 'supplier_application',
      targetId: tenantId,
      tenantId: tenantId,
      after: { status, reason },
    });
    return row;
  });
}
