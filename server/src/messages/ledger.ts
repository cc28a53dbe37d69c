import type { Catalogue } from './catalogue.ts';

/** Money and quota: the ledger's and the quota module's refusals. */
export const ledgerMessages = {
  ledgerInsufficientFunds: {
    zh: '余额不足',
    kr: '잔액이 부족합니다',
    th: 'ยอดเงินคงเหลือไม่เพียงพอ',
  },
  ledgerKeyReused: {
    zh: '该幂等键已用于另一笔交易',
    kr: '이 멱등 키는 이미 다른 거래에 사용되었습니다',
    th: 'คีย์นี้ถูกใช้กับรายการอื่นแล้ว',
  },
  ledgerPendingResolved: {
    zh: '该冻结已处理，不能重复处理',
    kr: '이 동결 건은 이미 처리되었습니다',
    th: 'รายการอายัดนี้ได้รับการดำเนินการแล้ว',
  },
  ledgerPendingNotFound: {
    zh: '冻结记录不存在',
    kr: '동결 기록이 없습니다',
    th: 'ไม่พบรายการอายัด',
  },
  quotaInsufficient: {
    zh: '剩余额度不足，请先购买增值服务',
    kr: '남은 한도가 부족합니다. 먼저 부가 서비스를 구매하세요',
    th: 'โควตาคงเหลือไม่เพียงพอ โปรดซื้อบริการเสริมก่อน',
  },
  quotaKeyReused: {
    zh: '该请求编号已用于另一次扣费',
    kr: '이 요청 키는 이미 다른 차감에 사용되었습니다',
    th: 'คีย์คำขอนี้ถูกใช้กับการหักอื่นแล้ว',
  },
} as const satisfies Catalogue;
