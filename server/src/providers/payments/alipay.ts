import type { AlipaySdk } from 'alipay-sdk';
import { fenToYuanField, yuanFieldToFen } from './sandbox.ts';
import { PaymentUnavailableError, type PaymentProvider, type TradeStatus } from './provider.ts';
import { readAlipayBill } from './alipay-bill.ts';

/**
 * Alipay face-to-face payment with the official SDK: precreate draws the QR code, the signed
 * notification (or our trade query when it is late) says the order is paid, close ends an
 * expired order. RSA2 throughout; answers are verified against Alipay's public key. A
 * notification counts only when its signature verifies AND it is for our app id; the order code
 * and amount are compared with the order by the caller.
 */

export type AlipayOptions = {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  /** https://openapi.alipay.com (tests: a local fake gateway). */
  endpoint: string;
  /** Where Alipay posts notifications. */
  notifyUrl: string;
  timeoutMs?: number;
};

type AlipayAnswer = { code?: string; msg?: string; subCode?: string; subMsg?: string } & Record<string, unknown>;

/** Keys as Alipay's tools print them (a bare base64 body) or as PEM; PKCS8 unless marked RSA. */
function keyType(key: string): 'PKCS1' | 'PKCS8' {
  return key.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8';
}

/** Async because the SDK (and its HTTP client) is loaded only when Alipay is configured: most starts never use it. */
export async function createAlipayPaymentProvider(options: AlipayOptions): Promise<PaymentProvider> {
  const gateway = `${options.endpoint.replace(/\/+$/, '')}/gateway.do`;
  const { AlipaySdk: Sdk } = await import('alipay-sdk');
  const sdk: AlipaySdk = new Sdk({
    appId: options.appId,
    privateKey: options.privateKey,
    alipayPublicKey: options.alipayPublicKey,
    keyType: keyType(options.privateKey),
    signType: 'RSA2',
    gateway,
    endpoint: options.endpoint,
    timeout: options.timeoutMs ?? 5000,
  });

  async function call(method: string, bizContent: Record<string, unknown>, extra: Record<string, string> = {}) {
    let answer: AlipayAnswer;
    try {
      answer = (await sdk.exec(method, { ...extra, bizContent }, { validateSign: true })) as AlipayAnswer;
    } catch (error) {
      throw new PaymentUnavailableError(`alipay ${method} failed`, { cause: error });
    }
    return answer;
  }

  return {
    name: 'alipay',
    acknowledgement: 'success',

    async createPayment({ orderCode, amountFen, subject, expiresAt }) {
      const answer = await call(
        'alipay.trade.precreate',
        {
          out_trade_no: orderCode,
          total_amount: fenToYuanField(amountFen),
          subject: subject.slice(0, 256),
          // Alipay closes it itself then too; our expiry job closes it as well.
          time_expire: formatBeijingTime(expiresAt),
        },
        { notify_url: options.notifyUrl },
      );
      if (answer.code !== '10000' || typeof answer.qrCode !== 'string') {
        throw new PaymentUnavailableError(`alipay precreate refused: ${answer.code} ${answer.subCode ?? ''}`);
      }
      return { qrcode: answer.qrCode };
    },

    verifyNotification(fields) {
      const orderCode = fields.out_trade_no;
      let signed = false;
      try {
        signed = sdk.checkNotifySignV2(fields);
      } catch {
        signed = false;
      }
      if (!signed) return { ok: false, reason: 'bad signature', orderCode };
      if (fields.app_id !== options.appId) return { ok: false, reason: 'wrong app_id', orderCode };
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

    async queryTrade(orderCode): Promise<TradeStatus> {
      const answer = await call('alipay.trade.query', { out_trade_no: orderCode });
      // ACQ.TRADE_NOT_EXIST: the buyer never scanned; not paid.
      if (answer.code !== '10000') return { paid: false };
      const status = answer.tradeStatus;
      const amountFen = yuanFieldToFen(String(answer.totalAmount ?? ''));
      if ((status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') && amountFen !== null) {
        return { paid: true, tradeNo: String(answer.tradeNo ?? ''), amountFen };
      }
      return { paid: false };
    },

    async refund({ orderCode, refundNo, amountFen, reason }) {
      const answer = await call('alipay.trade.refund', {
        out_trade_no: orderCode,
        refund_amount: fenToYuanField(amountFen),
        // The same out_request_no again is the same refund: Alipay answers it (fund_change N), once.
        out_request_no: refundNo,
        refund_reason: reason.slice(0, 256),
      });
      if (answer.code === '10000') return { refunded: true };
      // A system error or a busy gateway says nothing about the refund: ask again later, same number.
      if (answer.subCode === 'ACQ.SYSTEM_ERROR' || answer.code === '20000') {
        throw new PaymentUnavailableError(`alipay refund unavailable: ${answer.code} ${answer.subCode ?? ''}`);
      }
      return { refunded: false, message: `${answer.subCode ?? answer.code ?? ''} ${answer.subMsg ?? ''}`.trim() };
    },

    async statement(date) {
      const answer = await call('alipay.data.dataservice.bill.downloadurl.query', {
        bill_type: 'trade',
        bill_date: date,
      });
      if (answer.code !== '10000' || typeof answer.billDownloadUrl !== 'string') {
        throw new PaymentUnavailableError(`alipay bill download refused: ${answer.code} ${answer.subCode ?? ''}`);
      }
      // The link is short-lived and signed by Alipay: fetched at once, the zip read in memory
      // (a day's bill of a merchant this size is a few megabytes at most).
      let zip: Uint8Array;
      try {
        const download = await fetch(answer.billDownloadUrl, { signal: AbortSignal.timeout(60_000) });
        if (!download.ok) throw new Error(`HTTP ${download.status}`);
        zip = new Uint8Array(await download.arrayBuffer());
      } catch (error) {
        throw new PaymentUnavailableError(`alipay bill download failed: ${(error as Error).message}`);
      }
      return readAlipayBill(zip);
    },

    async closeTrade(orderCode) {
      const answer = await call('alipay.trade.close', { out_trade_no: orderCode });
      // A trade nobody scanned does not exist at Alipay: nothing to close.
      if (answer.code !== '10000' && answer.subCode !== 'ACQ.TRADE_NOT_EXIST') {
        throw new PaymentUnavailableError(`alipay close refused: ${answer.code} ${answer.subCode ?? ''}`);
      }
    },
  };
}

/** "yyyy-MM-dd HH:mm:ss" in Beijing time, as Alipay reads time_expire. */
function formatBeijingTime(at: Date): string {
  const beijing = new Date(at.getTime() + 8 * 3_600_000);
  return beijing.toISOString().slice(0, 19).replace('T', ' ');
}
