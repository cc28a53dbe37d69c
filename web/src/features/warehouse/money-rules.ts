import { CREDIT_STATUSES, PAYMENT_NOTE_STATUSES } from '@seller-centre/contract/warehouse';

/**
 * The money dialogs' rules (docs/product.md), apart from the components so they can be
 * tested alone. The server enforces each of them again.
 */

/** Online payment: asked every 3 s, for 5 minutes; 'payment successful' stays 5 s. */
export const RECHARGE_POLL_MS = 3_000;
export const RECHARGE_POLL_LIMIT_MS = 5 * 60_000;
export const PAY_SUCCESS_SECONDS = 5;
/** getPaymentDetail's cpd_status when paid. */
export const CPD_PAID = 2;

/** Offline top-up: 1 to 5 proof images, JPEG or PNG. */
export const MAX_PROOFS = 5;
export const PROOF_TYPES = ['image/jpeg', 'image/png'] as const;
/** Payment-note list: 20 a page; credit applications: 10 a page, no size choice. */
export const NOTE_PAGE_SIZE = 20;
export const CREDIT_PAGE_SIZE = 10;

/** Yuan typed by the user: digits with at most two decimals, at least 0.01. */
export function isAmount(text: string | undefined): boolean {
  const value = (text ?? '').trim();
  if (!/^(0|[1-9]\d{0,10})(\.\d{1,2})?$/.test(value)) return false;
  return Number(value) >= 0.01;
}

/** The browser says a file is an image of an accepted kind (the server checks the bytes again). */
export function isProofType(file: { type: string; name: string }): boolean {
  if ((PROOF_TYPES as readonly string[]).includes(file.type)) return true;
  return file.type === '' && /\.(png|jpe?g)$/i.test(file.name);
}

/** Payment-note tabs: all (-1), pending review (1), reviewed (2), rejected (4), completed (5), voided (0). */
export const NOTE_TABS = [-1, 1, 2, 4, 5, 0] as const;
export type NoteTab = (typeof NOTE_TABS)[number];

/** The discard button is hidden on the tabs of notes that can never be discarded (2 and 5). */
export function showsDiscard(tab: NoteTab): boolean {
  return tab !== PAYMENT_NOTE_STATUSES.confirmed && tab !== PAYMENT_NOTE_STATUSES.completed;
}

/** What discarding the selection gives: nothing chosen, a note at 2 or 5 among them, or go. */
export function discardCheck(statuses: readonly number[]): 'none' | 'forbidden' | 'ok' {
  if (statuses.length === 0) return 'none';
  if (statuses.some((s) => s === PAYMENT_NOTE_STATUSES.confirmed || s === PAYMENT_NOTE_STATUSES.completed)) {
    return 'forbidden';
  }
  return 'ok';
}

/** Credit applications: void only while under review (2), delete only once voided (0). */
export function canVoidCredit(status: number): boolean {
  return status === CREDIT_STATUSES.pending;
}
export function canDeleteCredit(status: number): boolean {
  return status === CREDIT_STATUSES.voided;
}
/** The credit list's status filter: 1 means all. */
export const CREDIT_FILTERS = [1, 2, 3, 4, 5, 0] as const;

/**
 * What an online top-up's state (getPaymentDetail's cpd_status: 1 waiting, 2 paid, 3 closed
 * unpaid: expired or cancelled) means for the dialog's polling: go on asking only while it waits.
 * A closed order can no longer be paid, so asking about it again tells nothing new.
 */
export function rechargeOutcome(cpdStatus: number): 'paid' | 'closed' | 'waiting' {
  if (cpdStatus === 2) return 'paid';
  if (cpdStatus === 3) return 'closed';
  return 'waiting';
}

/** The 5-minute window of one QR code. */
export function rechargeExpired(startedAt: number, now: number): boolean {
  return now - startedAt >= RECHARGE_POLL_LIMIT_MS;
}
