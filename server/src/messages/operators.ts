import type { Catalogue } from './catalogue.ts';

/** The operator console's sign-in. */
export const operatorMessages = {
  operatorSignInFailed: {
    zh: '账号或密码错误',
    kr: '계정 또는 비밀번호가 올바르지 않습니다',
    th: 'บัญชีหรือรหัสผ่านไม่ถูกต้อง',
  },
} as const satisfies Catalogue;
