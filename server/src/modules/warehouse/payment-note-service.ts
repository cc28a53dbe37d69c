import { randomBytes } from 'node:crypto';
import { parseBillTime } from '@seller-centre/contract/quota';
import { VALIDATION } from '@seller-centre/contract/validation';
import {
  BASIC_CURRENCY,
  displayCurrencyCode,
  FUND_DIRECTIONS,
  PAYMENT_NOTE_STATUSES,
  type TPaymentNote,
  type WmsAnswer,
  type WmsParams,
} from '@seller-centre/contract/warehouse';
import type { TOpsPaymentNote, TOpsPaymentNoteDecision, TOpsPaymentNoteQuery } from '@seller-centre/contract/warehouse-ops';
import { toJsonb, transaction, type Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { writeOperatorAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { assertOwnedUploads } from '../../platform/uploads/service.ts';
import { postFee } from './fee-postings.ts';
import { boundOf, likeContains, wmsTime, yuan } from './format.ts';
import type { LocalContext, LocalHandlers } from './local/types.ts';
import { RECHARGE_FEE_TYPE } from './top-up-service.ts';
import type { OperatorContext } from '../../platform/operator-auth.ts';
import * as repo from './repository.ts';

/**
 * Offline top-ups: the tenant tells us it paid by bank transfer (a payment note with 1 to 5
 * proof images); operators check the money arrived and complete the note, which credits the
 * warehouse account exactly once (ledger transfer + fee flow row keyed by the note).
 *
 * Statuses (docs/product.md): 0 voided, 1 pending review, 2 confirmed, 3 reviewed, 4 rejected,
 * 5 completed. The tenant may void any note except at 2 and 5. Operators: confirm 1 -> 2,
 * review 2 -> 3, reject 1/2/3 -> 4 with a reason, complete 2/3 -> 5.
 */

const S = PAYMENT_NOTE_STATUSES;
/** Where offline money comes from in the ledger: the operator's bank clearing account. */
const OFFLINE_CLEARING = { operator: 'clearing', provider: 'offline-bank' } as const;

type NoteRow = {
  id: number;
  main_id: number;
  wws_id: number;
  reference_no: string;
  status: number;
  pm_code: string;
  pm_title: string;
  transaction_no: string;
  transaction_date: Date;
  ba_bankname: string;
  ba_code: string;
  amount: number;
  currency_code: string;
  arrival_amount: number | null;
  user_code: string;
  note: string;
  operator_desc: string;
  attachments: unknown;
  created_at: Date;
  verified_at: Date | null;
};

/** A tenant reads its proofs at /api/v1/uploads/<id>, an operator at /api/ops/uploads/<id>. */
export function tenantUploadUrl(id: string): string {
  return `/api/v1/uploads/${id}`;
}
export function operatorUploadUrl(id: string): string {
  return `/api/ops/uploads/${id}`;
}

function attachmentIds(row: Pick<NoteRow, 'attachments'>): string[] {
  return Array.isArray(row.attachments) ? row.attachments.filter((a): a is string => typeof a === 'string') : [];
}

function noteOf(row: NoteRow, urlOf: (id: string) => string): TPaymentNote {
  return {
    pn_id: row.id,
    reference_no: row.reference_no,
    pn_status: row.status,
    pm_code: row.pm_code,
    pm_title: row.pm_title,
    transaction_no: row.transaction_no,
    transaction_date: wmsTime(row.transaction_date),
    ba_bankname: row.ba_bankname,
    ba_code: row.ba_code,
    pn_amount: yuan(row.amount),
    pn_arrival_amount: yuan(row.arrival_amount ?? 0),
    pn_currency_code: row.currency_code,
    user_code: row.user_code,
    pn_add_time: wmsTime(row.created_at),
    pn_verify_time: wmsTime(row.verified_at),
    pn_note: row.note,
    pn_desc: row.operator_desc,
    attacheds: attachmentIds(row).map(urlOf),
  };
}

/** The first instant of tomorrow in business time (UTC+08:00). */
function startOfTomorrow(now: number): number {
  const day = 24 * 3_600_000;
  const business = 8 * 3_600_000;
  return Math.floor((now + business) / day) * day + day - business;
}

function newReferenceNo(now = new Date()): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `PN${date}${randomBytes(4).toString('hex').toUpperCase()}`;
}

// ---------------------------------------------------------------- the tenant (wmsUnit services)

/** submitPayment: a new note at 1 (pending review), the method, account and currency the provider offers. */
export async function submitPayment(
  params: WmsParams<'submitPayment'>,
  ctx: LocalContext,
): Promise<WmsAnswer<'submitPayment'>> {
  const { settings } = ctx.provider;
  const method = (settings.paymentMethods ?? []).find((m) => m.pm_code === params.paymentMethod);
  if (!method) throw AppError.badRequest('paymentMethodUnknown');
  const account = (settings.bankAccounts ?? []).find(
    (a) => a.ba_id === params.paymentAccount && (!a.pm_code || a.pm_code === method.pm_code),
  );
  if (!account) throw AppError.badRequest('paymentAccountUnknown');
  const currency = displayCurrencyCode(params.paymentCurrency);
  const offered = new Set([
    BASIC_CURRENCY,
    displayCurrencyCode(account.currency_code),
    ...(settings.currencies ?? []).map((c) => displayCurrencyCode(c.currency_code)),
  ]);
  if (!offered.has(currency)) throw AppError.badRequest('paymentCurrencyUnknown');
  const paidAt = parseBillTime(params.paymentDate, 'from');
  if (Number.isNaN(paidAt)) throw AppError.badRequest('paymentDateInvalid');
  // A transfer is made before it is reported: a date after today (business time) is a typo.
  if (paidAt >= startOfTomorrow(Date.now())) throw AppError.invalidField('params.paymentDate', VALIDATION.notAfterToday);
  const proofs = [...new Set(params.attachArr)];
  await assertOwnedUploads(ctx.db, ctx.tenantId, proofs, 'attachArr');
  const principal = ctx.principal;
  if (!principal) throw AppError.unauthorized();
  try {
    const row = await repo.insertPaymentNote(ctx.db, {
      main_id: ctx.tenantId,
      wws_id: ctx.provider.wwsId,
      reference_no: newReferenceNo(),
      pm_code: method.pm_code,
      pm_title: method.pm_title,
      transaction_no: params.transactionNo,
      transaction_date: new Date(paidAt),
      ba_id: account.ba_id,
      ba_bankname: account.ba_bankname,
      ba_code: account.ba_code,
      amount: params.paymentAmount,
      currency_code: currency,
      user_id: principal.userId,
      user_code: principal.userName,
      note: params.paymentNote,
      attachments: toJsonb(proofs),
    });
    return { pn_id: row.id, reference_no: row.reference_no };
  } catch (error) {
    if (isUniqueViolation(error, 'wh_payment_notes_transaction')) throw AppError.conflict('paymentTransactionNoTaken');
    throw error;
  }
}

/** getPaymentNoteList: the account's notes, newest first, by status tab, method, number and date. */
export async function listPaymentNotes(
  params: WmsParams<'getPaymentNoteList'>,
  ctx: LocalContext,
): Promise<WmsAnswer<'getPaymentNoteList'>> {
  const from = boundOf(params.startDate, 'from');
  const to = boundOf(params.endDate, 'to');
  const search = params.searchCode;
  const { rows, total } = await repo.findPaymentNotePage(
    ctx.db,
    {
      wwsId: ctx.provider.wwsId,
      tenantId: ctx.tenantId,
      // -1 is every status.
      status: params.pnStatus !== undefined && params.pnStatus !== -1 ? params.pnStatus : undefined,
      pmCode: params.paymentCode,
      search:
        search !== undefined && search !== ''
          ? { column: params.searchType === 2 ? 'transaction_no' : 'reference_no', like: likeContains(search) }
          : undefined,
      from,
      to,
    },
    { limit: params.pageSize, offset: (params.page - 1) * params.pageSize },
  );
  return { total, data: rows.map((r) => noteOf(r, tenantUploadUrl)) };
}

/** getPaymentNoteDetail: one note of this account; another's, or none, is a 404. */
export async function paymentNoteDetail(
  params: WmsParams<'getPaymentNoteDetail'>,
  ctx: LocalContext,
): Promise<WmsAnswer<'getPaymentNoteDetail'>> {
  const row = await repo.findOwnPaymentNote(ctx.db, {
    id: params.noteID,
    wwsId: ctx.provider.wwsId,
    tenantId: ctx.tenantId,
  });
  if (!row) throw AppError.notFound('paymentNoteNotFound');
  return noteOf(row, tenantUploadUrl);
}

/**
 * discardPayment: voids every chosen note, or none. A note confirmed (2) or completed (5) among
 * them refuses the whole request with the contract's message; a note not of this account is a 404.
 * The rows are locked first, so an operator's decision at the same moment either comes before
 * (and is seen) or waits.
 */
export async function discardPayments(
  params: WmsParams<'discardPayment'>,
  ctx: LocalContext,
): Promise<WmsAnswer<'discardPayment'>> {
  const ids = [...new Set(params.noteIDs)];
  return transaction(ctx.db, async (tx) => {
    const rows = await repo.lockOwnPaymentNotes(tx, ids, { wwsId: ctx.provider.wwsId, tenantId: ctx.tenantId });
    if (rows.length !== ids.length) throw AppError.notFound('paymentNoteNotFound');
    if (rows.some((r) => r.status === S.confirmed || r.status === S.completed)) {
      throw AppError.badRequest('paymentNoteNotDiscardable');
    }
    const open = rows.filter((r) => r.status !== S.voided).map((r) => r.id);
    if (open.length > 0) {
      await repo.setPaymentNotesStatus(tx, open, { from: [S.pending, S.reviewed, S.rejected], to: S.voided });
    }
    return { discarded: open.length };
  });
}

/** The tenant's side as local adapter handlers (local/index.ts); operators decide in the console. */
export const paymentNoteHandlers: LocalHandlers = {
  submitPayment,
  getPaymentNoteList: listPaymentNotes,
  getPaymentNoteDetail: paymentNoteDetail,
  discardPayment: discardPayments,
};

// ---------------------------------------------------------------- operators


function opsNoteOf(row: NoteRow & { tenant_name: string | null; phone_number: string; provider_name: string }): TOpsPaymentNote {
  return {
    ...noteOf(row, operatorUploadUrl),
    tenant_id: row.main_id,
    tenant_name: row.tenant_name ?? row.phone_number,
    wws_id: row.wws_id,
    provider_name: row.provider_name,
  };
}

/** The operators' queue: open notes oldest first (every note, or one status, newest first). */
export async function listNotesForOperator(db: Db, query: TOpsPaymentNoteQuery) {
  const status = query.status;
  const open = status === undefined;
  const { rows, total } = await repo.findPaymentNotePageForOperator(
    db,
    {
      tenantId: query.tenant_id,
      // No status: the open notes; -1: every note.
      statusIn: open ? [S.pending, S.confirmed, S.reviewed] : undefined,
      status: status !== undefined && status !== -1 ? status : undefined,
      oldestFirst: open,
    },
    { limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  return { total, data: rows.map(opsNoteOf) };
}

export async function noteForOperator(db: Db, id: number): Promise<TOpsPaymentNote> {
  const row = await repo.findPaymentNoteForOperator(db, id);
  if (!row) throw AppError.notFound('paymentNoteNotFound');
  return opsNoteOf(row);
}

const FROM: Record<TOpsPaymentNoteDecision['action'], number[]> = {
  confirm: [S.pending],
  review: [S.confirmed],
  reject: [S.pending, S.confirmed, S.reviewed],
  complete: [S.confirmed, S.reviewed],
};
const TO: Record<TOpsPaymentNoteDecision['action'], number> = {
  confirm: S.confirmed,
  review: S.reviewed,
  reject: S.rejected,
  complete: S.completed,
};

/**
 * An operator's decision on a note: a guarded update from the statuses the action allows (a
 * note the tenant voided meanwhile, or another operator decided, is a 409). Completing credits
 * what arrived (CNY fen: `arrival_amount`, or the note's amount when paid in CNY) to the
 * warehouse account in the same transaction, keyed by the note, so it is credited once.
 */
export async function decideNote(
  db: Db,
  actor: OperatorContext,
  id: number,
  decision: { action: TOpsPaymentNoteDecision['action']; pn_desc?: string | undefined; arrival_amount?: number | undefined },
): Promise<TOpsPaymentNote> {
  const desc = decision.pn_desc?.trim() ?? '';
  if (decision.action === 'reject' && !desc) throw AppError.badRequest('paymentNoteDescRequired');
  await transaction(db, async (tx) => {
    const before = await repo.lockPaymentNote(tx, id);
    if (!before) throw AppError.notFound('paymentNoteNotFound');
    if (!FROM[decision.action].includes(before.status)) throw AppError.conflict('paymentNoteWrongStatus');
    let arrival: number | null = null;
    if (decision.action === 'complete') {
      arrival = decision.arrival_amount ?? (before.currency_code === BASIC_CURRENCY ? before.amount : null);
      if (arrival === null) throw AppError.invalidField('arrival_amount', 'the CNY amount that arrived');
    }
    const moved = await repo.decidePaymentNote(tx, id, {
      from: FROM[decision.action],
      to: TO[decision.action],
      operatorId: actor.operatorId,
      operatorDesc: decision.action === 'reject' || desc ? desc : undefined,
      arrivalAmount: arrival ?? undefined,
    });
    if (!moved) throw AppError.conflict('paymentNoteWrongStatus');
    if (arrival !== null) {
      await postFee(tx, {
        wwsId: before.wws_id,
        key: `payment-note:${before.id}`,
        direction: FUND_DIRECTIONS.credit,
        amount: arrival,
        ftCode: RECHARGE_FEE_TYPE,
        creditFrom: OFFLINE_CLEARING,
        referenceNo: before.reference_no,
        referCode: before.transaction_no,
        note: 'offline top-up',
        operatorId: actor.operatorId,
      });
    }
    await writeOperatorAudit(tx, actor, {
      action: `warehouse.paymentNote.${decision.action}`,
      targetType: 'wh_payment_note',
      targetId: id,
      tenantId: before.main_id,
      before: { status: before.status },
      after: { status: TO[decision.action], pn_desc: desc, arrival_amount: arrival },
    });
  });
  return noteForOperator(db, id);
}
