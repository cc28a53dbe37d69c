import type { TLanguage } from '@seller-centre/contract/i18n';

/**
 * Names and remarks the seeds write (coupon titles, fee-flow notes, third-party remarks). A seed
 * stores `seed:<key>`, and every read renders it in the reader's language, so a Korean reader of
 * a tenant seeded in Chinese reads Korean. Text a person typed (an operator's coupon title or
 * note) is stored and shown as typed.
 */
export const SEEDED_PREFIX = 'seed:';

export const seededTexts = {
  'coupon.new_seller_gift': { zh: '新卖家礼券', kr: '신규 셀러 선물 쿠폰', th: 'คูปองของขวัญผู้ขายใหม่' },
  'coupon.package_300_off_2000': {
    zh: '套餐满 2000 减 300',
    kr: '요금제 2000 이상 300 할인',
    th: 'แพ็กเกจซื้อครบ 2000 ลด 300',
  },
  'coupon.translation_discount': { zh: '翻译充值折扣券', kr: '번역 충전 할인 쿠폰', th: 'คูปองส่วนลดเติมบริการแปล' },
  'coupon.image_translation_top_up': { zh: '图片翻译充值券', kr: '이미지 번역 충전 쿠폰', th: 'คูปองเติมบริการแปลรูปภาพ' },
  'coupon.warehouse_100_off_1000': {
    zh: '仓库充值满 1000 减 100',
    kr: '창고 충전 1000 이상 100 할인',
    th: 'เติมเงินคลังครบ 1000 ลด 100',
  },
  'coupon.selection_discount': { zh: '选品折扣券', kr: '상품 소싱 할인 쿠폰', th: 'คูปองส่วนลดคัดเลือกสินค้า' },
  'coupon.listing_top_up': { zh: '刊登充值券', kr: '등록 충전 쿠폰', th: 'คูปองเติมโควตาลงสินค้า' },
  'coupon.package_discount': { zh: '套餐折扣券', kr: '요금제 할인 쿠폰', th: 'คูปองส่วนลดแพ็กเกจ' },
  'coupon.warehouse_welcome': { zh: '仓库欢迎券', kr: '창고 환영 쿠폰', th: 'คูปองต้อนรับคลังสินค้า' },
  'coupon.cutout_50_off_500': {
    zh: '抠图充值满 500 减 50',
    kr: '누끼 충전 500 이상 50 할인',
    th: 'เติมบริการตัดพื้นหลังครบ 500 ลด 50',
  },
  'flow.offline_top_up': { zh: '线下充值', kr: '오프라인 충전', th: 'เติมเงินออฟไลน์' },
  'flow.freight_hold': { zh: '预扣运费', kr: '운송비 사전 보류', th: 'กันเงินค่าขนส่งล่วงหน้า' },
  'flow.cancel_unfreeze': { zh: '取消订单解冻', kr: '주문 취소로 보류 해제', th: 'ยกเลิกคำสั่งซื้อ ปลดการกันเงิน' },
  'third_party.opening_balance': { zh: '期初余额', kr: '기초 잔액', th: 'ยอดยกมา' },
  'third_party.top_up': { zh: '充值', kr: '충전', th: 'เติมเงิน' },
} as const satisfies Record<string, Record<TLanguage, string>>;

export type SeededKey = keyof typeof seededTexts;

/** What a seed stores for a name it wants said in each reader's language. */
export const seeded = (key: SeededKey): string => `${SEEDED_PREFIX}${key}`;

/** A stored name or remark as its reader reads it: a seed's key in the reader's language, else as stored. */
export function seededText(lang: TLanguage, stored: string): string {
  if (!stored.startsWith(SEEDED_PREFIX)) return stored;
  const key = stored.slice(SEEDED_PREFIX.length);
  return key in seededTexts ? seededTexts[key as SeededKey][lang] : stored;
}
