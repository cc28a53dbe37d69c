import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';

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

type Trade = { out_trade_no: string; total_amount: string; status: string; trade_no: string; notify_url: string };

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
  close(): Promise<void>;
};

export async function startFakeAlipay(port: number): Promise<FakeAlipay> {
  const app = keyPair();
  const alipay = keyPair();
  const stranger = keyPair();
  const appId = '2021000000000042';
  const trades = new Map<string, Trade>();
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
        createVerify('RSA-SHA256').update(content, 'utf8').verify(app.publicKey, sign ?? '', 'base64');
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
