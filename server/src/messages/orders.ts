import type { Catalogue } from './catalogue.ts';

/** The catalogue, orders, payments and the software bill. */
export const orderMessages = {
  // --- catalogue ---
  attributeShopNumber: { zh: '店铺数量', kr: '상점 수', th: 'จำนวนร้านค้า' },
  attributeCycle: { zh: '购买周期', kr: '구매 기간', th: 'ระยะเวลา' },
  shopNumberItem: { zh: '{count} 个店铺', kr: '상점 {count}개', th: '{count} ร้านค้า' },
  cycleItem: { zh: '{months} 个月', kr: '{months}개월', th: '{months} เดือน' },
  planTitle: {
    zh: '{platform} 套餐：{shops} 个店铺，{months} 个月',
    kr: '{platform} 요금제: 상점 {shops}개, {months}개월',
    th: 'แพ็กเกจ {platform}: {shops} ร้านค้า {months} เดือน',
  },
  valueAddedTitle: { zh: '增值服务：{name}', kr: '부가 서비스: {name}', th: 'บริการเสริม: {name}' },
  topUpTitle: { zh: '第三方余额充值 {amount} 元', kr: '제3자 잔액 충전 {amount}위안', th: 'เติมยอดเงินบุคคลที่สาม {amount} หยวน' },
  // --- order input ---
  fieldUnknown: {
    zh: '{field}填写有误：不存在或已下架',
    kr: '{field} 입력값이 올바르지 않습니다: 존재하지 않거나 판매 중지되었습니다',
    th: '{field} ไม่ถูกต้อง: ไม่มีอยู่หรือหยุดขายแล้ว',
  },
  fieldRequired: {
    zh: '{field}填写有误：必填',
    kr: '{field} 입력값이 올바르지 않습니다: 필수 항목입니다',
    th: '{field} ไม่ถูกต้อง: จำเป็นต้องกรอก',
  },
  fieldPlanPackage: {
    zh: '{field}填写有误：应为 平台,店铺数,周期，例如 1,5,12',
    kr: '{field} 입력값이 올바르지 않습니다: 플랫폼,상점 수,기간 형식이어야 합니다 (예: 1,5,12)',
    th: '{field} ไม่ถูกต้อง: ต้องเป็น แพลตฟอร์ม,จำนวนร้านค้า,ระยะเวลา เช่น 1,5,12',
  },
  fieldMinShops: {
    zh: '{field}填写有误：自定义店铺数量最少为 1',
    kr: '{field} 입력값이 올바르지 않습니다: 사용자 지정 상점 수는 최소 1개입니다',
    th: '{field} ไม่ถูกต้อง: จำนวนร้านค้าที่กำหนดเองต้องมีอย่างน้อย 1',
  },
  fieldNotListed: {
    zh: '{field}填写有误：请从可选项中选择',
    kr: '{field} 입력값이 올바르지 않습니다: 목록에서 선택하세요',
    th: '{field} ไม่ถูกต้อง: โปรดเลือกจากรายการ',
  },
  fieldMinTopUp: {
    zh: '{field}填写有误：最低充值 50 元，最多两位小数',
    kr: '{field} 입력값이 올바르지 않습니다: 최소 충전 금액은 50위안이며 소수점 둘째 자리까지 입력할 수 있습니다',
    th: '{field} ไม่ถูกต้อง: เติมเงินขั้นต่ำ 50 หยวน ทศนิยมไม่เกินสองตำแหน่ง',
  },
  fieldNotWithAmount: {
    zh: '{field}填写有误：自定义金额充值时不传套餐',
    kr: '{field} 입력값이 올바르지 않습니다: 사용자 지정 금액 충전 시 패키지를 보내지 않습니다',
    th: '{field} ไม่ถูกต้อง: เมื่อเติมเงินจำนวนที่กำหนดเองไม่ต้องส่งแพ็กเกจ',
  },
  // --- coupons ---
  couponNotFound: { zh: '优惠券不存在', kr: '쿠폰이 존재하지 않습니다', th: 'ไม่พบคูปอง' },
  couponUnusable: {
    zh: '{field}填写有误：{reason}',
    kr: '{field} 입력값이 올바르지 않습니다: {reason}',
    th: '{field} ไม่ถูกต้อง: {reason}',
  },
  couponReserved: {
    zh: '该优惠券已被另一个未支付的订单占用，请等待该订单过期或取消后再使用',
    kr: '이 쿠폰은 결제되지 않은 다른 주문에 사용 중입니다. 해당 주문이 만료되거나 취소된 후 사용하세요',
    th: 'คูปองนี้ถูกใช้กับคำสั่งซื้ออื่นที่ยังไม่ชำระ โปรดรอให้คำสั่งซื้อนั้นหมดอายุหรือถูกยกเลิก',
  },
  orderNotFound: { zh: '订单不存在', kr: '주문이 존재하지 않습니다', th: 'ไม่พบคำสั่งซื้อ' },
  orderNotPayable: {
    zh: '订单已{state}，不能再操作',
    kr: '주문이 이미 {state} 상태여서 더 이상 처리할 수 없습니다',
    th: 'คำสั่งซื้อ{state}แล้ว ไม่สามารถดำเนินการได้',
  },
  paymentUnavailable: {
    zh: '支付服务暂时不可用，请稍后再试',
    kr: '결제 서비스를 일시적으로 사용할 수 없습니다. 잠시 후 다시 시도하세요',
    th: 'บริการชำระเงินไม่พร้อมใช้งานชั่วคราว โปรดลองใหม่ภายหลัง',
  },
} as const satisfies Catalogue;

/** Why a coupon cannot be used, as the {reason} of couponUnusable. */
export const couponReasons = {
  used: { zh: '优惠券已使用', kr: '이미 사용한 쿠폰입니다', th: 'คูปองถูกใช้แล้ว' },
  expired: { zh: '优惠券已过期', kr: '만료된 쿠폰입니다', th: 'คูปองหมดอายุแล้ว' },
  wrongUse: {
    zh: '该优惠券不能用于此类购买',
    kr: '이 쿠폰은 이 구매에 사용할 수 없습니다',
    th: 'ไม่สามารถใช้คูปองนี้กับการซื้อประเภทนี้ได้',
  },
  belowMinimum: {
    zh: '未达到优惠券最低消费 {min} 元',
    kr: '쿠폰 최소 구매 금액 {min}위안에 미달합니다',
    th: 'ยอดซื้อไม่ถึงขั้นต่ำของคูปอง {min} หยวน',
  },
} as const satisfies Catalogue;

/** Names the software bill shows. */
export const billNames = {
  transactionType: {
    1: { zh: '套餐购买', kr: '요금제 구매', th: 'ซื้อแพ็กเกจ' },
    2: { zh: '增值服务', kr: '부가 서비스', th: 'บริการเสริม' },
    3: { zh: '第三方余额充值', kr: '제3자 잔액 충전', th: 'เติมยอดเงินบุคคลที่สาม' },
    4: { zh: '其他系统服务', kr: '기타 시스템 서비스', th: 'บริการระบบอื่น' },
  },
  packageType: {
    0: { zh: '余额充值', kr: '잔액 충전', th: 'เติมยอดเงิน' },
    1: { zh: '店铺套餐', kr: '상점 요금제', th: 'แพ็กเกจร้านค้า' },
    2: { zh: '文本翻译', kr: '텍스트 번역', th: 'แปลข้อความ' },
    3: { zh: '图片翻译', kr: '이미지 번역', th: 'แปลรูปภาพ' },
    4: { zh: '抠图', kr: '누끼 따기', th: 'ตัดพื้นหลังภาพ' },
    5: { zh: '刊登额度', kr: '등록 한도', th: 'โควตาการลงสินค้า' },
    11: { zh: '视频翻译', kr: '동영상 번역', th: 'แปลวิดีโอ' },
  },
  orderState: {
    paid: { zh: '支付', kr: '결제됨', th: 'ชำระแล้ว' },
    expired: { zh: '过期', kr: '만료됨', th: 'หมดอายุ' },
    cancelled: { zh: '取消', kr: '취소됨', th: 'ยกเลิก' },
    unpaid: { zh: '未支付', kr: '미결제', th: 'ยังไม่ชำระ' },
  },
} as const;
