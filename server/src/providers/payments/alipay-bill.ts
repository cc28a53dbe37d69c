import JSZip from 'jszip';
import { parseCsv } from '../../platform/csv.ts';
import type { StatementLine } from './provider.ts';

/**
 * Alipay's trade bill of a day (alipay.data.dataservice.bill.downloadurl.query, bill_type trade):
 * a zip of two GBK-encoded CSV files, the detail (`<pid>_<date>_业务明细.csv`) and its summary
 * (`..._业务明细(汇总).csv`). The detail has `#` comment lines above and below one header line
 * and a row per payment (业务类型 交易) or refund (退款, its amount negative, its request number
 * in 退款批次号/请求号: our refund's out_request_no).
 */
const gbk = new TextDecoder('gbk');

const COLUMNS = {
  tradeNo: '支付宝交易号',
  orderCode: '商户订单号',
  type: '业务类型',
  amount: '订单金额（元）',
  refundNo: '退款批次号/请求号',
} as const;

/** Yuan as Alipay writes it (`12.50`, `-12.50`, spaces or tabs around) to whole fen, sign dropped. */
function fenOf(text: string): number {
  const match = /^-?(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new Error(`alipay bill: not an amount: ${JSON.stringify(text)}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The statement lines of the detail CSV's text. */
export function parseAlipayBill(text: string): StatementLine[] {
  const rows = parseCsv(
    text
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .join('\n'),
  ).map((cells) => cells.map((cell) => cell.trim()));
  const [header, ...data] = rows;
  if (!header) return [];
  const at = Object.fromEntries(Object.entries(COLUMNS).map(([key, name]) => [key, header.indexOf(name)])) as Record<
    keyof typeof COLUMNS,
    number
  >;
  const missing = Object.entries(at).filter(([, index]) => index < 0);
  if (missing.length > 0) throw new Error(`alipay bill: no column ${missing.map(([key]) => COLUMNS[key as keyof typeof COLUMNS]).join(', ')}`);
  const lines: StatementLine[] = [];
  for (const row of data) {
    const type = row[at.type];
    if (type !== '交易' && type !== '退款') continue;
    const refund = type === '退款';
    lines.push({
      kind: refund ? 'refund' : 'payment',
      orderCode: row[at.orderCode] ?? '',
      reference: (refund ? row[at.refundNo] : row[at.tradeNo]) ?? '',
      amountFen: fenOf(row[at.amount] ?? ''),
    });
  }
  return lines;
}

/** The statement lines of the downloaded zip: its detail file, not the summary. */
export async function readAlipayBill(zipBytes: Uint8Array): Promise<StatementLine[]> {
  const zip = await JSZip.loadAsync(zipBytes, { decodeFileName: (bytes) => gbk.decode(bytes as Uint8Array) });
  const detail = Object.values(zip.files).find(
    (file) => !file.dir && file.name.endsWith('.csv') && file.name.includes('业务明细') && !file.name.includes('汇总'),
  );
  if (!detail) throw new Error(`alipay bill: no detail file among ${Object.keys(zip.files).join(', ')}`);
  return parseAlipayBill(gbk.decode(await detail.async('uint8array')));
}
