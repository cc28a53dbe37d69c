import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import JSZip from 'jszip';

/**
 * A local stand-in for Alipay's OpenAPI gateway, for the real adapter's tests: it checks every
 * request's RSA2 signature against the application's public key, keeps trades, signs its answers
 * and the notifications it makes with "Alipay's" private key, exactly as the gateway does.
 */

function keyPair() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

function rsa2(text: string, privateKey: string) {
  return createSign('RSA-SHA256').update(text, 'utf8').sign(privateKey, 'base64');
}

type Trade = {
  out_trade_no: string;
  total_amount: string;
  status: string;
  trade_no: string;
  notify_url: string;
  /** The business day (UTC+08:00) it was paid, as the bill is cut. */
  paid_day?: string;
};

/** The business day (UTC+08:00) of now, as Alipay cuts its bills. */
const businessDay = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * GBK, for the few Chinese characters a bill uses (Node's TextEncoder writes UTF-8 only); ASCII
 * is the same in both. From Python's `c.encode('gbk')` of each character below.
 */
const GBK_CHARS = '业交付优作元分列创券务包单卡号名员品商型备完宝实家对店建总惠成户批操支收方时明易服束查核次款求汇注消润称端类红细终结编表订询请账费退金销门间集额（）';
const GBK_HEX =
  'd2b5bdbbb8b6d3c5d7f7d4aab7d6c1d0b4b4c8afcef1b0fcb5a5bfa8bac5c3fbd4b1c6b7c9ccd0cdb1b8cdeab1a6cab5bcd2b6d4b5eabda8d7dcbbddb3c9bba7c5fab2d9d6a7cad5b7bdcab1c3f7d2d7b7fecaf8b2e9bacbb4cebfeec7f3bbe3d7a2cffbc8f3b3c6b6cbc0e0baeccfb8d6d5bde1b1e0b1edb6a9d1afc7ebd5cbb7d1cdcbbdf0cffac3c5bce4bcafb6eea3a8a3a9';
function gbk(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    const at = GBK_CHARS.indexOf(char);
    if (char.charCodeAt(0) < 128) bytes.push(char.charCodeAt(0));
    else if (at >= 0) bytes.push(parseInt(GBK_HEX.slice(at * 4, at * 4 + 2), 16), parseInt(GBK_HEX.slice(at * 4 + 2, at * 4 + 4), 16));
    else throw new Error(`fake alipay: no GBK for ${char}`);
  }
  return Uint8Array.from(bytes);
}

const BILL_HEADER =
  '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';

export type FakeAlipay = {
  appId: string;
  /** The application's keys (the adapter signs with the private one). */
  appPrivateKey: string;
  /** Alipay's public key (the adapter verifies answers and notifications with it). */
  alipayPublicKey: string;
  endpoint: string;
  trades: Map<string, Trade>;
  /** Every call: method, whether its signature verified, its params. */
  calls: { method: string; signed: boolean; params: Record<string, string> }[];
  /** The buyer pays: the trade is paid; answers the notification Alipay would post. */
  pay(outTradeNo: string): Record<string, string>;
  /** A notification signed with a key that is not Alipay's. */
  forge(fields: Record<string, string>): Record<string, string>;
  sign(fields: Record<string, string>): Record<string, string>;
  /** Answers with a signature that does not verify from now on. */
  breakAnswerSignatures(): void;
  /** A payment the bill shows that this server never saw (25 cells, as a detail row). */
  addBillLine(cells: string[]): void;
  close(): Promise<void>;
};

export async function startFakeAlipay(port: number): Promise<FakeAlipay> {
  const app = keyPair();
  const alipay = keyPair();
  const stranger = keyPair();
  const appId = '2021000000000042';
  const trades = new Map<string, Trade>();
  /** Refunds by trade: out_request_no -> refund_amount (yuan) and the business day it was made. */
  const refunds = new Map<string, Map<string, { amount: string; day: string }>>();
  /** Bill lines added by a test: what the merchant's bill shows that this server never saw. */
  const extraBillLines: string[][] = [];

  /**
   * The trade bill of a day as Alipay serves it: a zip of two GBK CSV files (the detail and its
   * summary), the detail with comment lines above and below its header and rows.
   */
  const billZip = async (day: string) => {
    const rows: string[][] = [];
    for (const trade of trades.values()) {
      if (trade.paid_day !== day) continue;
      rows.push([trade.trade_no, trade.out_trade_no, '交易', 'goods', `${day} 10:00:00`, `${day} 10:00:01`, '', '', '', '', 'buyer', trade.total_amount, trade.total_amount, '0.00', '0.00', '0.00', '0.00', '0.00', '', '0.00', '0.00', '', '0.00', '0.00', '']);
      for (const [requestNo, refund] of refunds.get(trade.out_trade_no) ?? []) {
        if (refund.day !== day) continue;
        const minus = `-${refund.amount}`;
        rows.push([trade.trade_no, trade.out_trade_no, '退款', 'goods', `${day} 10:00:00`, `${day} 11:00:00`, '', '', '', '', 'buyer', minus, minus, '0.00', '0.00', '0.00', '0.00', '0.00', '', '0.00', '0.00', requestNo, '0.00', '0.00', '']);
      }
    }
    rows.push(...extraBillLines);
    const detail = [
      '#支付宝业务明细查询',
      '#账号[20880000000000420156]',
      BILL_HEADER,
      ...rows.map((cells) => cells.map((c) => `${c}\t`).join(',')),
      '#-----------------------------------------业务明细列表结束------------------------------------',
    ].join('\r\n');
    const zip = new JSZip();
    const prefix = `20880000000000420156_${day.replaceAll('-', '')}`;
    zip.file(`${prefix}_业务明细.csv`, gbk(detail));
    zip.file(`${prefix}_业务明细(汇总).csv`, gbk('#支付宝业务明细查询\r\n'));
    // File names in GBK too, without the UTF-8 flag (JSZip's types say string; it takes bytes).
    return zip.generateAsync({
      type: 'nodebuffer',
      encodeFileName: (name) => gbk(name) as unknown as string,
    });
  };
  const calls: FakeAlipay['calls'] = [];
  let brokenAnswers = false;
  let tradeSeq = 0;

  const signNotification = (fields: Record<string, string>, key: string) => {
    const content = Object.keys(fields)
      .filter((k) => k !== 'sign' && k !== 'sign_type')
      .sort()
      .map((k) => `${k}=${fields[k]}`)
      .join('&');
    return { ...fields, sign_type: 'RSA2', sign: rsa2(content, key) };
  };

  const answer = (method: string, body: Record<string, unknown>) => {
    const json = JSON.stringify(body);
    const sign = brokenAnswers ? rsa2(json, stranger.privateKey) : rsa2(json, alipay.privateKey);
    return `{"${method.replaceAll('.', '_')}_response":${json},"sign":"${sign}"}`;
  };

  const server: Server = createServer((req, res) => {
    const bill = /^\/bill\/(\d{4}-\d{2}-\d{2})\.zip$/.exec(req.url ?? '');
    if (bill) {
      void billZip(bill[1]!).then((zip) => {
        res.setHeader('content-type', 'application/zip');
        res.end(zip);
      });
      return;
    }
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const params: Record<string, string> = Object.fromEntries(url.searchParams);
      Object.assign(params, Object.fromEntries(new URLSearchParams(raw)));
      const { sign, ...rest } = params;
      const content = Object.keys(rest)
        .sort()
        .map((k) => `${k}=${rest[k]}`)
        .join('&');
      const signed =
        params.app_id === appId &&
        params.sign_type === 'RSA2' &&
        createVerify('RSA-SHA256')
          .update(content, 'utf8')
          .verify(app.publicKey, sign ?? '', 'base64');
      const method = params.method ?? '';
      calls.push({ method, signed, params });
      res.setHeader('content-type', 'application/json;charset=utf-8');
      if (!signed) {
        res.end(answer(method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' }));
        return;
      }
      const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
      const trade = trades.get(biz.out_trade_no ?? '');
      switch (method) {
        case 'alipay.trade.precreate':
          trades.set(biz.out_trade_no!, {
            out_trade_no: biz.out_trade_no!,
            total_amount: biz.total_amount!,
            status: 'WAIT_BUYER_PAY',
            trade_no: `2026${String(++tradeSeq).padStart(12, '0')}`,
            notify_url: params.notify_url ?? '',
          });
          res.end(
            answer(method, {
              code: '10000',
              msg: 'Success',
              out_trade_no: biz.out_trade_no,
              qr_code: `https://qr.alipay.com/fake${tradeSeq}`,
            }),
          );
          return;
        case 'alipay.trade.query':
          if (!trade || trade.status === 'WAIT_BUYER_PAY') {
            res.end(answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST' }));
            return;
          }
          res.end(
            answer(method, {
              code: '10000',
              msg: 'Success',
              out_trade_no: trade.out_trade_no,
              trade_no: trade.trade_no,
              trade_status: trade.status,
              total_amount: trade.total_amount,
            }),
          );
          return;
        case 'alipay.trade.close':
          if (!trade) {
            res.end(answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST' }));
            return;
          }
          trade.status = 'TRADE_CLOSED';
          res.end(answer(method, { code: '10000', msg: 'Success', out_trade_no: trade.out_trade_no }));
          return;
        case 'alipay.trade.refund': {
          // As Alipay: the same out_request_no is the same refund; never more than the total.
          if (!trade || trade.status !== 'TRADE_SUCCESS') {
            res.end(answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST' }));
            return;
          }
          const given = refunds.get(trade.out_trade_no) ?? new Map<string, { amount: string; day: string }>();
          refunds.set(trade.out_trade_no, given);
          const known = given.has(biz.out_request_no!);
          const fen = (yuan: string) => Math.round(Number(yuan) * 100);
          const total = [...given.values()].reduce((sum, v) => sum + fen(v.amount), 0);
          if (!known && total + fen(biz.refund_amount!) > fen(trade.total_amount)) {
            res.end(
              answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' }),
            );
            return;
          }
          if (!known) given.set(biz.out_request_no!, { amount: biz.refund_amount!, day: businessDay() });
          res.end(
            answer(method, {
              code: '10000',
              msg: 'Success',
              out_trade_no: trade.out_trade_no,
              trade_no: trade.trade_no,
              refund_fee: biz.refund_amount,
              fund_change: known ? 'N' : 'Y',
            }),
          );
          return;
        }
        case 'alipay.data.dataservice.bill.downloadurl.query':
          res.end(
            answer(method, {
              code: '10000',
              msg: 'Success',
              bill_download_url: `http://127.0.0.1:${port}/bill/${biz.bill_date}.zip`,
            }),
          );
          return;
        default:
          res.end(answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.UNKNOWN' }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    appId,
    appPrivateKey: app.privateKey,
    alipayPublicKey: alipay.publicKey,
    endpoint: `http://127.0.0.1:${port}`,
    trades,
    calls,
    pay(outTradeNo) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`no trade ${outTradeNo}`);
      trade.status = 'TRADE_SUCCESS';
      trade.paid_day = businessDay();
      return signNotification(
        {
          app_id: appId,
          charset: 'utf-8',
          version: '1.0',
          notify_type: 'trade_status_sync',
          notify_id: `n${trade.trade_no}`,
          notify_time: '2026-11-23 12:00:00',
          gmt_payment: '2026-11-23 12:00:00',
          out_trade_no: trade.out_trade_no,
          trade_no: trade.trade_no,
          total_amount: trade.total_amount,
          trade_status: 'TRADE_SUCCESS',
        },
        alipay.privateKey,
      );
    },
    forge: (fields) => signNotification(fields, stranger.privateKey),
    sign: (fields) => signNotification(fields, alipay.privateKey),
    breakAnswerSignatures() {
      brokenAnswers = true;
    },
    addBillLine(cells) {
      extraBillLines.push(cells);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
