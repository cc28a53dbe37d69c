import type { Catalogue } from './catalogue.ts';

/** The operator console: its sign-in and its work. */
export const operatorMessages = {
  operatorSignInFailed: {
    zh: '账号或密码错误',
    kr: '계정 또는 비밀번호가 올바르지 않습니다',
    th: 'บัญชีหรือรหัสผ่านไม่ถูกต้อง',
  },
  tenantNotFound: {
    zh: '找不到该租户（主账号）',
    kr: '해당 테넌트(주 계정)를 찾을 수 없습니다',
    th: 'ไม่พบผู้เช่า (บัญชีหลัก) นี้',
  },
  topUpAmountTaken: {
    zh: '已有相同金额的充值套餐',
    kr: '같은 금액의 충전 패키지가 이미 있습니다',
    th: 'มีแพ็กเกจเติมเงินจำนวนนี้อยู่แล้ว',
  },
} as const satisfies Catalogue;
