import type { Catalogue } from './catalogue.ts';

/** The supplier application and distribution: refusals in the caller's language. */
export const distributionMessages = {
  supplierMainOnly: {
    zh: '子账号不能申请成为分销商',
    kr: '하위 계정은 유통 파트너를 신청할 수 없습니다',
    th: 'บัญชีย่อยไม่สามารถสมัครเป็นตัวแทนจำหน่ายได้',
  },
  supplierAlreadyApplied: {
    zh: '申请已提交或已通过，仅在被拒绝后可重新申请',
    kr: '신청이 이미 제출되었거나 승인되었습니다. 거절된 경우에만 다시 신청할 수 있습니다',
    th: 'ส่งใบสมัครแล้วหรือได้รับอนุมัติแล้ว สมัครใหม่ได้เฉพาะเมื่อถูกปฏิเสธ',
  },
  supplierApplicationNotFound: {
    zh: '申请不存在',
    kr: '신청을 찾을 수 없습니다',
    th: 'ไม่พบใบสมัคร',
  },
  supplierNotSubmitted: {
    zh: '该申请不在待审核状态',
    kr: '이 신청은 심사 대기 상태가 아닙니다',
    th: 'ใบสมัครนี้ไม่ได้อยู่ในสถานะรอตรวจสอบ',
  },
  distributionMainOnly: {
    zh: '子账号不能提现或修改提现信息',
    kr: '하위 계정은 출금하거나 출금 정보를 수정할 수 없습니다',
    th: 'บัญชีย่อยไม่สามารถถอนเงินหรือแก้ไขข้อมูลการถอนเงินได้',
  },
  notDistributor: {
    zh: '您还不是分销商',
    kr: '아직 유통 파트너가 아닙니다',
    th: 'คุณยังไม่ได้เป็นตัวแทนจำหน่าย',
  },
  withdrawalAboveZero: {
    zh: '提现金额必须大于0',
    kr: '출금 금액은 0보다 커야 합니다',
    th: 'จำนวนเงินที่ถอนต้องมากกว่า 0',
  },
  withdrawalAboveBalance: {
    zh: '请输入正确的提现金额，且不能超过账户余额',
    kr: '계정 잔액을 초과하지 않는 올바른 출금 금액을 입력하세요',
    th: 'โปรดใส่จำนวนเงินที่ถูกต้องและไม่เกินยอดคงเหลือในบัญชี',
  },
  withdrawalNotFound: {
    zh: '提现记录不存在',
    kr: '출금 기록을 찾을 수 없습니다',
    th: 'ไม่พบรายการถอนเงิน',
  },
  withdrawalReviewed: {
    zh: '该提现申请已审核',
    kr: '이 출금 신청은 이미 심사되었습니다',
    th: 'คำขอถอนเงินนี้ได้รับการตรวจสอบแล้ว',
  },
} as const satisfies Catalogue;
