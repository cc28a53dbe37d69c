import { discardPayments, listPaymentNotes, paymentNoteDetail, submitPayment } from '../payment-note-service.ts';
import type { LocalHandlers } from './types.ts';

/** Offline top-ups (payment notes): the tenant's side. Operators decide in the console. */
export const paymentNoteHandlers: LocalHandlers = {
  submitPayment,
  getPaymentNoteList: listPaymentNotes,
  getPaymentNoteDetail: paymentNoteDetail,
  discardPayment: discardPayments,
};
