import { createHmac, timingSafeEqual } from 'node:crypto';
import { orderPaths } from '@seller-centre/contract/orders';
import type { NotificationFields, PaymentProvider, StatementLine, TradeStatus } from './provider.ts';

/**
 * The local stand-in (PAYMENT_PROVIDER=sandbox): the QR code opens the cashier page /dev/pay,
 * whose Pay button makes the sandbox post a signed notification to
 * /api/v1/pay/notify/sandbox, the handler the real provider's notifications go through. The
 * notification's shape follows Alipay's (out_trade_no, trade_no, total_amount in yuan,
 * trade_status, app_id), signed with HMAC-SHA256 under the sandbox key.
 */

export const SANDBOX_APP_ID = 'sandbox-app';
/** Not a secret: the sandbox is a stand-in anyone may pay through. It only makes forgeries detectable. */
const SANDBOX_KEY = 'seller-centre-sandbox-signing-key';

function canonical(fields: NotificationFields): string {
  return Object.keys(fields)
    .filter((k) => k !== 'sign' && k !== 'sign_type')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

export function signSandbox(fields: NotificationFields): string {
  return createHmac('sha256', SANDBOX_KEY).update(canonical(fields)).digest('hex');
}

/** Yuan with two decimals -> fen, exactly; null when it is not such a number. */
export function yuanFieldToFen(text: string | undefined): number | null {
  const match = /^(\d{1,11})\.(\d{2})$/.exec(text ?? '');
  return match ? Number(match[1]) * 100 + Number(match[2]) : null;
}

export function fenToYuanField(fen: number): string {
  return `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** The business day (UTC+08:00) of a moment, as the provider's statement is cut. */
export function businessDayOf(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * The sandbox's own book of what it was paid and gave back, as a provider's statement lists it.
 * Kept in the sandbox's memory, like its trades: the server's daily reconciliation reads it; a
 * separate process (the script) starts with an empty one. Tests change it to make differences.
 */
export type SandboxBook = { lines: (StatementLine & { at: Date })[] };

export function createSandboxPaymentProvider(book: SandboxBook = { lines: [] }): PaymentProvider & {
  book: SandboxBook;
} {
  const paid = new Map<string, TradeStatus>();
  // Trades closed here (expiry, cancel, a replaced order): never paid afterwards, as at Alipay.
  const closed = new Set<string>();
  return {
    name: 'sandbox',
    acknowledgement: 'success',
    async createPayment({ orderCode, publicUrl }) {
      return { qrcode: `${publicUrl}${orderPaths.devPayPage}?order_code=${encodeURIComponent(orderCode)}` };
    },
    simulatePayment(orderCode, amountFen) {
      if (closed.has(orderCode)) return undefined;
      const tradeNo = `SANDBOX${orderCode}`;
      if (!paid.has(orderCode)) {
        book.lines.push({ kind: 'payment', orderCode, reference: tradeNo, amountFen, at: new Date() });
      }
      paid.set(orderCode, { paid: true, tradeNo, amountFen });
      const fields: NotificationFields = {
        app_id: SANDBOX_APP_ID,
        out_trade_no: orderCode,
        trade_no: tradeNo,
        total_amount: fenToYuanField(amountFen),
        trade_status: 'TRADE_SUCCESS',
        notify_time: new Date().toISOString(),
      };
      return { ...fields, sign_type: 'HMAC-SHA256', sign: signSandbox(fields) };
    },
    verifyNotification(fields) {
      const orderCode = fields.out_trade_no;
      const expected = Buffer.from(signSandbox(fields));
      const given = Buffer.from(fields.sign ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: 'bad signature', orderCode };
      }
      if (fields.app_id !== SANDBOX_APP_ID) return { ok: false, reason: 'wrong app_id', orderCode };
      const amountFen = yuanFieldToFen(fields.total_amount);
      if (!orderCode || !fields.trade_no || amountFen === null) {
        return { ok: false, reason: 'malformed notification', orderCode };
      }
      return {
        ok: true,
        orderCode,
        tradeNo: fields.trade_no,
        amountFen,
        paid: fields.trade_status === 'TRADE_SUCCESS' || fields.trade_status === 'TRADE_FINISHED',
      };
    },
    async queryTrade(orderCode) {
      return paid.get(orderCode) ?? { paid: false };
    },
    async closeTrade(orderCode) {
      if (!paid.has(orderCode)) closed.add(orderCode);
    },
    // As Alipay: the same out_request_no is the same refund; never more than the trade's total.
    async refund({ orderCode, refundNo, amountFen }) {
      const trade = paid.get(orderCode);
      if (!trade?.paid) return { refunded: false, message: 'ACQ.TRADE_NOT_EXIST' };
      const lines = book.lines.filter((l) => l.kind === 'refund' && l.orderCode === orderCode);
      const same = lines.find((l) => l.reference === refundNo);
      if (same)
        return same.amountFen === amountFen
          ? { refunded: true }
          : { refunded: false, message: 'ACQ.REQUEST_AMOUNT_CHANGED' };
      const given = lines.reduce((sum, l) => sum + l.amountFen, 0);
      if (given + amountFen > trade.amountFen) return { refunded: false, message: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' };
      book.lines.push({ kind: 'refund', orderCode, reference: refundNo, amountFen, at: new Date() });
      return { refunded: true };
    },
    async statement(date) {
      return book.lines
        .filter((l) => businessDayOf(l.at) === date)
        .map(({ kind, orderCode, reference, amountFen }) => ({ kind, orderCode, reference, amountFen }));
    },
    book,
  };
}
