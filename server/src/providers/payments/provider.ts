/**
 * A payment provider: it shows the buyer a QR code for an order, tells us when the order is
 * paid (a signed notification, or our query when the notification is late), and closes orders
 * that expired unpaid. Amounts are integer fen on our side of the interface.
 */

/** A notification as received: the form fields the provider posted. */
export type NotificationFields = Record<string, string>;

/** What a verified notification says; `paid` is false for other trade states (waiting, closed). */
export type VerifiedNotification = {
  ok: true;
  orderCode: string;
  tradeNo: string;
  amountFen: number;
  paid: boolean;
};
/** A notification that must credit nothing (forged, another merchant's, malformed). */
export type RejectedNotification = { ok: false; reason: string; orderCode?: string | undefined };
export type NotificationCheck = VerifiedNotification | RejectedNotification;

/** The trade as the provider knows it: paid (with its trade number and amount) or not. */
export type TradeStatus = { paid: true; tradeNo: string; amountFen: number } | { paid: false };

/**
 * A refund as the provider answered it: done (the money is on its way back to the buyer), or
 * refused with the provider's words (the trade cannot be refunded, the merchant's balance is
 * short). Asking again with the same refund number is the same refund, never a second one.
 */
export type RefundAnswer = { refunded: true } | { refunded: false; message: string };

/** One line of the provider's statement of a day: a payment (its trade number) or a refund (its refund number). */
export type StatementLine = { kind: 'payment' | 'refund'; orderCode: string; reference: string; amountFen: number };

export interface PaymentProvider {
  readonly name: 'sandbox' | 'alipay';
  /** Creates the payment at the provider; `qrcode` is what the QR code encodes. */
  createPayment(input: {
    orderCode: string;
    amountFen: number;
    subject: string;
    expiresAt: Date;
    /** The address users reach this product at (the sandbox's cashier page lives there). */
    publicUrl: string;
  }): Promise<{ qrcode: string }>;
  /** Checks a notification's signature and that it is for us (app id); never throws. */
  verifyNotification(fields: NotificationFields): NotificationCheck;
  /** Asks the provider whether an order was paid (a notification may be late or lost). */
  queryTrade(orderCode: string): Promise<TradeStatus>;
  /** Closes an unpaid order at the provider so it can no longer be paid (expiry, cancel). */
  closeTrade(orderCode: string): Promise<void>;
  /**
   * Gives back part or all of a paid trade. `refundNo` is the provider's out_request_no: the same
   * number again is the same refund (a retry), so a refund is made once whatever retries.
   */
  refund(input: { orderCode: string; refundNo: string; amountFen: number; reason: string }): Promise<RefundAnswer>;
  /**
   * Every payment and refund the provider booked on a business day (YYYY-MM-DD, UTC+08:00, as
   * Alipay's bills are cut): what reconciliation compares ours with.
   */
  statement(date: string): Promise<StatementLine[]>;
  /** The body that tells the provider a notification was taken; anything else makes it retry. */
  readonly acknowledgement: string;
  /**
   * The sandbox only: the signed notification its cashier's Pay button sends for an order of
   * this amount (it then answers queries for the order as paid); undefined for a trade closed at
   * it, which, as at a real provider, can no longer be paid.
   */
  simulatePayment?(orderCode: string, amountFen: number): NotificationFields | undefined;
}

/** The provider could not be reached or refused; the caller answers 503 or retries later. */
export class PaymentUnavailableError extends Error {
  override name = 'PaymentUnavailableError';
}
