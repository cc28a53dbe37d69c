import { z } from 'zod';
import { optionalId } from './ids.ts';
import { ZYuanAsFen } from './money.ts';
import { OPS_PREFIX } from './operators.ts';
import { ZOpsPageSize } from './ops.ts';
import { VALIDATION } from './validation.ts';
import { ZCreditApplication, ZPaymentNote } from './warehouse.ts';

/**
 * The operator console's queues of the cloud warehouse bill (an operator's token only): offline
 * top-ups (payment notes with their proof images) and credit-line applications. Tenants file
 * them through wmsUnit (submitPayment, quotaApply); operators decide here.
 */
export const opsWarehousePaths = {
  /** GET ?status=&tenant_id=&page=&page_size=: payment notes, oldest still open first. */
  paymentNotes: `${OPS_PREFIX}/warehouse/payment-notes`,
  /** GET: one note. */
  paymentNote: `${OPS_PREFIX}/warehouse/payment-notes/:pn_id`,
  /** POST {action, pn_desc?, arrival_amount?}: confirm, review, reject or complete a note. */
  paymentNoteDecision: `${OPS_PREFIX}/warehouse/payment-notes/:pn_id/decision`,
  /** GET ?status=&tenant_id=&page=&page_size=: credit-line applications. */
  creditApplications: `${OPS_PREFIX}/warehouse/credit-applications`,
  /** POST {action, acl_note?}: approve or reject an application under review. */
  creditDecision: `${OPS_PREFIX}/warehouse/credit-applications/:acl_code/decision`,
} as const;

const tenantId = optionalId();
const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: ZOpsPageSize.default(20),
  tenant_id: tenantId,
};

/** status: absent = still open (1, 2, 3), -1 = every note, else one status. */
export const ZOpsPaymentNoteQuery = z.object({
  ...pageQuery,
  status: z.coerce
    .number()
    .int()
    .refine((v) => [-1, 0, 1, 2, 3, 4, 5].includes(v), { message: 'one of -1, 0, 1, 2, 3, 4, 5' })
    .optional(),
});
export type TOpsPaymentNoteQuery = z.infer<typeof ZOpsPaymentNoteQuery>;

/** A payment note as operators see it: whose, at which provider, with the images' console links. */
export const ZOpsPaymentNote = ZPaymentNote.extend({
  tenant_id: z.number().int(),
  tenant_name: z.string(),
  wws_id: z.number().int(),
  provider_name: z.string(),
});
export type TOpsPaymentNote = z.infer<typeof ZOpsPaymentNote>;
export const ZOpsPaymentNotePage = z.object({ total: z.number().int(), data: z.array(ZOpsPaymentNote) });

export const ZOpsPaymentNoteParams = z.object({
  pn_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const PAYMENT_NOTE_ACTIONS = ['confirm', 'review', 'reject', 'complete'] as const;
export const ZOpsPaymentNoteDecision = z.object({
  action: z.enum(PAYMENT_NOTE_ACTIONS),
  /** The rejection reason (required to reject), shown to the tenant as pn_desc. */
  pn_desc: z.string().trim().max(500).optional(),
  /** What arrived, CNY yuan (complete only); the note's amount when it was paid in CNY and this is absent. */
  arrival_amount: z.string().pipe(ZYuanAsFen).pipe(z.number().int().min(1, VALIDATION.aboveZero)).optional(),
});
export type TOpsPaymentNoteDecision = z.input<typeof ZOpsPaymentNoteDecision>;

/** status: absent = under review (2), 1 = every application, else one status. */
export const ZOpsCreditQuery = z.object({
  ...pageQuery,
  status: z.coerce
    .number()
    .int()
    .refine((v) => [0, 1, 2, 3, 4, 5].includes(v), { message: 'one of 0, 1, 2, 3, 4, 5' })
    .optional(),
});
export type TOpsCreditQuery = z.infer<typeof ZOpsCreditQuery>;

export const ZOpsCreditApplication = ZCreditApplication.extend({
  tenant_id: z.number().int(),
  tenant_name: z.string(),
  wws_id: z.number().int(),
  provider_name: z.string(),
  /** The line in force now at this account, yuan. */
  current_credit_line: z.string(),
});
export type TOpsCreditApplication = z.infer<typeof ZOpsCreditApplication>;
export const ZOpsCreditPage = z.object({ total: z.number().int(), data: z.array(ZOpsCreditApplication) });

export const ZOpsCreditParams = z.object({ acl_code: z.string().trim().min(1).max(32) });
export const CREDIT_ACTIONS = ['approve', 'reject'] as const;
export const ZOpsCreditDecision = z.object({
  action: z.enum(CREDIT_ACTIONS),
  /** The reviewer's note, shown to the tenant as acl_note. */
  acl_note: z.string().trim().max(500).optional(),
});
export type TOpsCreditDecision = z.input<typeof ZOpsCreditDecision>;
