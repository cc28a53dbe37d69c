import { randomBytes } from 'node:crypto';
import { parseBillTime } from '@seller-centre/contract/quota';
import {
  CREDIT_STATUSES,
  type TCreditApplication,
  type WmsAnswer,
  type WmsParams,
} from '@seller-centre/contract/warehouse';
import type { TOpsCreditApplication, TOpsCreditDecision, TOpsCreditQuery } from '@seller-centre/contract/warehouse-ops';
import { transaction, type Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { writeOperatorAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { balanceOf } from '../../platform/ledger/index.ts';
import { setCreditLine, warehouseAccount } from './fee-postings.ts';
import { boundOf, likeContains, wmsTime, yuan } from './format.ts';
import type { LocalContext, LocalHandlers } from './local/types.ts';
import type { OperatorContext } from '../../platform/operator-auth.ts';
import * as repo from './repository.ts';

/**
 * Credit lines of a local warehouse account. A tenant applies for a whole new line
 * (quotaApply: creditLine, effectiveTime, note) at status 2; it may void it while at 2 and delete
 * it once voided (0), as docs/product.md has it. An operator approves (3) or rejects (5).
 *
 * The line in force is derived, never stored by hand: the newest approved application whose
 * effectiveTime has not passed, else 0. Approval and expiry (4, by the periodic job once the
 * effectiveTime passes) only change the application's status, then re-derive the line and move
 * the ledger floor (minus the line) in the same transaction. Past rows are never rewritten.
 */

const S = CREDIT_STATUSES;

type ApplicationRow = {
  acl_code: string;
  org_value: number;
  apply_credit: number;
  reason: string;
  verify_note: string;
  status: number;
  applicant_name: string;
  applied_at: Date;
  effective_at: Date;
  verified_at: Date | null;
  updated_at: Date;
};

function applicationOf(row: ApplicationRow): TCreditApplication {
  return {
    acl_code: row.acl_code,
    acl_org_value: yuan(row.org_value),
    acl_apply_credit: yuan(row.apply_credit),
    acl_reason: row.reason,
    acl_note: row.verify_note,
    acl_applicant_time: wmsTime(row.applied_at),
    effective_time: wmsTime(row.effective_at),
    acl_status: row.status,
    applicant_name: row.applicant_name,
    acl_verify_time: wmsTime(row.verified_at),
    acl_update_time: wmsTime(row.updated_at),
  };
}

function newAclCode(now = new Date()): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `ACL${date}${randomBytes(4).toString('hex').toUpperCase()}`;
}

// ---------------------------------------------------------------- the tenant (wmsUnit services)

/** quotaApply: an application at 2 (pending review) for a line in force until effectiveTime (later than now). */
export async function applyForCredit(params: WmsParams<'quotaApply'>, ctx: LocalContext): Promise<WmsAnswer<'quotaApply'>> {
  const effectiveAt = parseBillTime(params.effectiveTime, 'from');
  if (Number.isNaN(effectiveAt) || effectiveAt <= Date.now()) throw AppError.badRequest('creditEffectiveTimePast');
  const principal = ctx.principal;
  if (!principal) throw AppError.unauthorized();
  const orgValue = await repo.creditLineOf(ctx.db, ctx.provider.wwsId);
  const row = await repo
    .insertCreditApplication(ctx.db, {
      acl_code: newAclCode(),
      main_id: ctx.tenantId,
      wws_id: ctx.provider.wwsId,
      org_value: orgValue,
      apply_credit: params.creditLine,
      reason: params.note,
      applicant_id: principal.userId,
      applicant_name: principal.userName,
      effective_at: new Date(effectiveAt),
    })
    .catch((error: unknown) => {
      // One application under review per account (a partial unique index).
      if (isUniqueViolation(error, 'wh_credit_applications_one_pending')) throw AppError.conflict('creditApplicationPending');
      throw error;
    });
  return { acl_code: row.acl_code };
}

/** getCreditLineList: the account's applications, newest first, by status, time, applicant, code and channel. */
export async function listCreditApplications(
  params: WmsParams<'getCreditLineList'>,
  ctx: LocalContext,
): Promise<WmsAnswer<'getCreditLineList'>> {
  const from = boundOf(params.dateFor, 'from');
  const to = boundOf(params.dateTo, 'to');
  const timeColumn = params.time_type === 2 ? 'verified_at' : 'applied_at';
  const { rows, total } = await repo.findCreditApplicationPage(
    ctx.db,
    {
      wwsId: ctx.provider.wwsId,
      tenantId: ctx.tenantId,
      // 1 is every status.
      status: params.status !== undefined && params.status !== 1 ? params.status : undefined,
      channel: params.channel === 1 || params.channel === 2 ? params.channel : undefined,
      applicantNameLike:
        params.applyName !== undefined && params.applyName !== '' ? likeContains(params.applyName) : undefined,
      aclCodeLike: params.code !== undefined && params.code !== '' ? likeContains(params.code) : undefined,
      timeColumn,
      from,
      to,
    },
    { limit: params.pageSize, offset: (params.page - 1) * params.pageSize },
  );
  return { total, data: rows.map(applicationOf) };
}

async function findOwn(ctx: LocalContext, aclCode: string) {
  const row = await repo.findOwnCreditApplication(ctx.db, { aclCode, wwsId: ctx.provider.wwsId, tenantId: ctx.tenantId });
  if (!row) throw AppError.notFound('creditApplicationNotFound');
  return row;
}

/** voidApply: only an application under review (2) can be voided (-> 0). */
export async function voidApplication(params: WmsParams<'voidApply'>, ctx: LocalContext): Promise<WmsAnswer<'voidApply'>> {
  const own = await findOwn(ctx, params.acl_code);
  const moved = await repo.voidCreditApplication(ctx.db, own.id, { from: S.pending, to: S.voided });
  if (!moved) throw AppError.conflict('creditVoidOnlyPending');
  return { success: true };
}

/** deleteApply: only a voided application (0) can be deleted; it leaves the tenant's list, not the record. */
export async function deleteApplication(params: WmsParams<'deleteApply'>, ctx: LocalContext): Promise<WmsAnswer<'deleteApply'>> {
  const own = await findOwn(ctx, params.acl_code);
  const moved = await repo.deleteCreditApplication(ctx.db, own.id, S.voided);
  if (!moved) throw AppError.conflict('creditDeleteOnlyVoided');
  return { success: true };
}

/** The tenant's side as local adapter handlers (local/index.ts); operators approve or reject in the console. */
export const creditLineHandlers: LocalHandlers = {
  quotaApply: applyForCredit,
  getCreditLineList: listCreditApplications,
  voidApply: voidApplication,
  deleteApply: deleteApplication,
};

// ---------------------------------------------------------------- the line in force

/**
 * Re-derives the line in force at `wwsId` and moves the floor to it. Called inside the
 * transaction that changed an application, after locking the account link, so two decisions on
 * the same account apply one after the other and the later sees the earlier.
 *
 * A line cannot fall below what the account already spent on credit: the floor then stays at
 * the spent amount (no new spending, the debt stays visible as the line) and the next rounds of
 * the job tighten it as the tenant pays back.
 */
export async function applyLineInForce(tx: Db, wwsId: number): Promise<{ line: number; target: number; changed: boolean }> {
  const link = await repo.lockLinkForCreditLine(tx, wwsId);
  const inForce = await repo.findCreditInForce(tx, wwsId, S.approved);
  const target = inForce?.apply_credit ?? 0;
  const balance = await balanceOf(tx, warehouseAccount(link.main_id, link.provider_id));
  const spentOnCredit = Math.max(0, -(balance.balance - balance.pending));
  const line = Math.max(target, spentOnCredit);
  if (line !== link.credit_line) await setCreditLine(tx, wwsId, line);
  return { line, target, changed: line !== link.credit_line };
}

/**
 * The job's round: approved applications past their effectiveTime expire (4) and their
 * account's line is re-derived; accounts whose line is held above its target by spending are
 * tightened. Safe on several instances: each expiry is a guarded update under the link's lock.
 */
export async function expireDueCreditLines(db: Db, limit = 50): Promise<{ expired: number; tightened: number }> {
  const due = await repo.findDueCreditApplications(db, S.approved, limit);
  let expired = 0;
  for (const app of due) {
    const done = await transaction(db, async (tx) => {
      await repo.lockLink(tx, app.wws_id);
      const moved = await repo.expireCreditApplication(tx, app.id, { from: S.approved, to: S.expired });
      if (!moved) return false;
      await applyLineInForce(tx, app.wws_id);
      return true;
    });
    if (done) expired += 1;
  }
  // Lines held up by spending: any link whose line is above the newest approved one in force.
  const held = await repo.findLinksAboveLineInForce(db, S.approved, limit);
  let tightened = 0;
  for (const link of held) {
    const { changed } = await transaction(db, (tx) => applyLineInForce(tx, link.id));
    if (changed) tightened += 1;
  }
  return { expired, tightened };
}

// ---------------------------------------------------------------- operators


function opsApplicationOf(
  row: ApplicationRow & {
    main_id: number;
    wws_id: number;
    credit_line: number;
    tenant_name: string | null;
    phone_number: string;
    provider_name: string;
  },
): TOpsCreditApplication {
  return {
    ...applicationOf(row),
    tenant_id: row.main_id,
    tenant_name: row.tenant_name ?? row.phone_number,
    wws_id: row.wws_id,
    provider_name: row.provider_name,
    current_credit_line: yuan(row.credit_line),
  };
}

/** The operators' queue: applications under review oldest first (or any status, newest first). */
export async function listApplicationsForOperator(db: Db, query: TOpsCreditQuery) {
  const status = query.status ?? S.pending;
  const { rows, total } = await repo.findCreditApplicationPageForOperator(
    db,
    // 1 is every status.
    { tenantId: query.tenant_id, status: status !== 1 ? status : undefined, oldestFirst: status === S.pending },
    { limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  return { total, data: rows.map(opsApplicationOf) };
}

/**
 * Approve (2 -> 3: the line is put in force and the floor moves) or reject (2 -> 5). An
 * application whose effectiveTime already passed cannot be approved (409).
 */
export async function decideApplication(
  db: Db,
  actor: OperatorContext,
  aclCode: string,
  decision: { action: TOpsCreditDecision['action']; acl_note?: string | undefined },
): Promise<TOpsCreditApplication> {
  const note = decision.acl_note?.trim() ?? '';
  await transaction(db, async (tx) => {
    const app = await repo.findCreditApplicationByCode(tx, aclCode);
    if (!app) throw AppError.notFound('creditApplicationNotFound');
    // The account first, then the application: the same order as the expiry job.
    await repo.lockLink(tx, app.wws_id);
    const to = decision.action === 'approve' ? S.approved : S.rejected;
    // An application whose effective time passed cannot be approved.
    const moved = await repo.decideCreditApplication(tx, app.id, {
      from: S.pending,
      to,
      note,
      operatorId: actor.operatorId,
      unlapsedOnly: decision.action === 'approve',
    });
    if (!moved) {
      if (app.status === S.pending && decision.action === 'approve') throw AppError.conflict('creditApplicationLapsed');
      throw AppError.conflict('creditApplicationWrongStatus');
    }
    const line = decision.action === 'approve' ? await applyLineInForce(tx, app.wws_id) : undefined;
    await writeOperatorAudit(tx, actor, {
      action: `warehouse.credit.${decision.action}`,
      targetType: 'wh_credit_application',
      targetId: app.id,
      tenantId: app.main_id,
      before: { status: app.status },
      after: { status: to, acl_note: note, credit_line: line?.line },
    });
  });
  const row = await repo.findCreditApplicationForOperator(db, aclCode);
  return opsApplicationOf(row);
}
