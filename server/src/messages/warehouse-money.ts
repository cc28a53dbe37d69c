import type { Catalogue } from './catalogue.ts';

/** The warehouse account's money: top-ups, payment notes, credit lines, and a remote provider's refusals. */
export const warehouseMoneyMessages = {
  warehouseProviderRefused: {
    zh: '仓库服务商拒绝了请求：{message}',
    kr: '창고 서비스 제공자가 요청을 거절했습니다: {message}',
    th: 'ผู้ให้บริการคลังสินค้าปฏิเสธคำขอ: {message}',
  },
  warehouseTopUpTitle: {
    zh: '云仓账户充值 {amount} 元（{provider}）',
    kr: '클라우드 창고 계정 충전 {amount}위안 ({provider})',
    th: 'เติมเงินบัญชีคลังสินค้าคลาวด์ {amount} หยวน ({provider})',
  },
  warehouseTopUpNotFound: {
    zh: '充值订单不存在',
    kr: '충전 주문이 없습니다',
    th: 'ไม่พบคำสั่งเติมเงิน',
  },
  paymentMethodUnknown: {
    zh: '请选择汇款方式',
    kr: '송금 방식을 선택하세요',
    th: 'โปรดเลือกวิธีการโอนเงิน',
  },
  paymentAccountUnknown: {
    zh: '请选择收款账号',
    kr: '수취 계좌를 선택하세요',
    th: 'โปรดเลือกบัญชีรับเงิน',
  },
  paymentCurrencyUnknown: {
    zh: '请选择币种',
    kr: '통화를 선택하세요',
    th: 'โปรดเลือกสกุลเงิน',
  },
  paymentDateInvalid: {
    zh: '请选择付款日期',
    kr: '결제일을 선택하세요',
    th: 'โปรดเลือกวันที่ชำระเงิน',
  },
  paymentTransactionNoTaken: {
    zh: '该交易号已提交过付款通知，请勿重复提交',
    kr: '이 거래 번호로 이미 결제 통지를 제출했습니다. 중복 제출하지 마세요',
    th: 'หมายเลขธุรกรรมนี้ได้ส่งแจ้งการชำระเงินแล้ว โปรดอย่าส่งซ้ำ',
  },
  paymentNoteNotFound: {
    zh: '付款通知不存在',
    kr: '결제 통지가 없습니다',
    th: 'ไม่พบการแจ้งชำระเงิน',
  },
  paymentNoteNotDiscardable: {
    zh: '不允许废弃已完成和已审核状态的数据',
    kr: '완료되었거나 심사된 데이터는 폐기할 수 없습니다',
    th: 'ไม่อนุญาตให้ยกเลิกข้อมูลที่เสร็จสมบูรณ์หรือตรวจสอบแล้ว',
  },
  paymentNoteWrongStatus: {
    zh: '付款通知当前状态不允许此操作',
    kr: '결제 통지의 현재 상태에서는 이 작업을 할 수 없습니다',
    th: 'สถานะปัจจุบันของการแจ้งชำระเงินไม่อนุญาตให้ดำเนินการนี้',
  },
  paymentNoteDescRequired: {
    zh: '请填写驳回原因',
    kr: '반려 사유를 입력하세요',
    th: 'โปรดระบุเหตุผลที่ปฏิเสธ',
  },
  creditEffectiveTimePast: {
    zh: '有效时间必须比当前时间大',
    kr: '유효 시간은 현재 시간보다 늦어야 합니다',
    th: 'เวลาที่มีผลต้องมากกว่าเวลาปัจจุบัน',
  },
  creditApplicationPending: {
    zh: '已有待审核的额度申请，请等待审核或先作废',
    kr: '심사 대기 중인 한도 신청이 있습니다. 심사를 기다리거나 먼저 무효화하세요',
    th: 'มีคำขอวงเงินที่รอตรวจสอบอยู่แล้ว โปรดรอการตรวจสอบหรือยกเลิกก่อน',
  },
  creditApplicationNotFound: {
    zh: '额度申请不存在',
    kr: '한도 신청이 없습니다',
    th: 'ไม่พบคำขอวงเงิน',
  },
  creditVoidOnlyPending: {
    zh: '只有待审核的申请可以作废',
    kr: '심사 대기 중인 신청만 무효화할 수 있습니다',
    th: 'ยกเลิกได้เฉพาะคำขอที่รอตรวจสอบเท่านั้น',
  },
  creditDeleteOnlyVoided: {
    zh: '只有已作废的申请可以删除',
    kr: '무효화된 신청만 삭제할 수 있습니다',
    th: 'ลบได้เฉพาะคำขอที่ยกเลิกแล้วเท่านั้น',
  },
  creditApplicationWrongStatus: {
    zh: '额度申请当前状态不允许此操作',
    kr: '한도 신청의 현재 상태에서는 이 작업을 할 수 없습니다',
    th: 'สถานะปัจจุบันของคำขอวงเงินไม่อนุญาตให้ดำเนินการนี้',
  },
  creditApplicationLapsed: {
    zh: '该申请的有效时间已过，不能再批准',
    kr: '이 신청의 유효 시간이 지나 승인할 수 없습니다',
    th: 'คำขอนี้หมดเวลามีผลแล้ว ไม่สามารถอนุมัติได้',
  },
} as const satisfies Catalogue;
