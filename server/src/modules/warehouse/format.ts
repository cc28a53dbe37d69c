import { parseBillTime } from '@seller-centre/contract/quota';
import type { TLanguage } from '@seller-centre/contract/i18n';
import { sql, type RawBuilder } from 'kysely';
import { fenToYuan } from '../../platform/fen.ts';

/** Warehouse systems print times as "YYYY-MM-DD HH:mm:ss" in business time (UTC+08:00). */
export function wmsTime(at: Date | null | undefined): string {
  if (!at) return '';
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * `wmsTime` of a timestamptz column, written by the database (business time is a fixed UTC+8, as
 * `wmsTime` has it): an export reads a short text per row instead of building a Date to format.
 */
export function wmsTimeOf(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} AT TIME ZONE INTERVAL '+08:00', 'YYYY-MM-DD HH24:MI:SS')`;
}

/** A filter bound ("YYYY-MM-DD HH:mm:ss" business time, a day, or ISO) as a Date; undefined when absent. */
export function boundOf(text: string | undefined, edge: 'from' | 'to'): Date | undefined {
  if (!text) return undefined;
  return new Date(parseBillTime(text, edge));
}

export const yuan = (fen: number) => fenToYuan(fen);

/** Text for LIKE: the caller's %, _ and \ match themselves. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type Words = Record<TLanguage, string>;

export const DIRECTION_TITLES: Record<number, Words> = {
  0: { zh: '冻结', kr: '동결', th: 'อายัด' },
  1: { zh: '解冻', kr: '동결 해제', th: 'ปลดอายัด' },
  2: { zh: '扣款', kr: '차감', th: 'หักเงิน' },
  3: { zh: '入账', kr: '입금', th: 'เงินเข้า' },
};

export const VERIFICATION_TITLES: Record<number, Words> = {
  2: { zh: '未对账', kr: '미대사', th: 'ยังไม่กระทบยอด' },
  3: { zh: '已对账', kr: '대사 완료', th: 'กระทบยอดแล้ว' },
};

export const WRITE_OFF_TITLES: Record<string, Words> = {
  n: { zh: '未核销', kr: '미상계', th: 'ยังไม่ตัดบัญชี' },
  p: { zh: '部分核销', kr: '부분 상계', th: 'ตัดบัญชีบางส่วน' },
  y: { zh: '已核销', kr: '상계 완료', th: 'ตัดบัญชีแล้ว' },
};

export function languageOf(text: string): TLanguage {
  return text === 'kr' || text === 'th' ? text : 'zh';
}
