import type { Catalogue } from './catalogue.ts';

/** Messages of the third-party bill and its postings. */
export const thirdPartyMessages = {
  thirdPartyDuplicate: {
    zh: '该交易编号已用于另一笔交易',
    kr: '이 거래 번호는 이미 다른 거래에 사용되었습니다',
    th: 'รหัสธุรกรรมนี้ถูกใช้กับธุรกรรมอื่นแล้ว',
  },
  suiteKeyInvalid: {
    zh: '缺少或错误的系统调用密钥',
    kr: '시스템 호출 키가 없거나 올바르지 않습니다',
    th: 'ไม่มีคีย์การเรียกระบบหรือคีย์ไม่ถูกต้อง',
  },
} as const satisfies Catalogue;
