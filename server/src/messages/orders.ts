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
  topUpTitle: {
    zh: '第三方余额充值 {amount} 元',
    kr: '제3자 잔액 충전 {amount}위안',
    th: 'เติมยอดเงินบุคคลที่สาม {amount} หยวน',
  },
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
  couponUsed: {
    zh: '{field}填写有误：优惠券已使用',
    kr: '{field} 입력값이 올바르지 않습니다: 이미 사용한 쿠폰입니다',
    th: '{field} ไม่ถูกต้อง: คูปองถูกใช้แล้ว',
  },
  couponExpired: {
    zh: '{field}填写有误：优惠券已过期',
    kr: '{field} 입력값이 올바르지 않습니다: 만료된 쿠폰입니다',
    th: '{field} ไม่ถูกต้อง: คูปองหมดอายุแล้ว',
  },
  couponWrongUse: {
    zh: '{field}填写有误：该优惠券不能用于此类购买',
    kr: '{field} 입력값이 올바르지 않습니다: 이 쿠폰은 이 구매에 사용할 수 없습니다',
    th: '{field} ไม่ถูกต้อง: ไม่สามารถใช้คูปองนี้กับการซื้อประเภทนี้ได้',
  },
  couponWrongService: {
    zh: '{field}填写有误：该优惠券只能用于另一项服务，不能用于此增值服务',
    kr: '{field} 입력값이 올바르지 않습니다: 다른 서비스 전용 쿠폰이라 이 부가 서비스에 사용할 수 없습니다',
    th: '{field} ไม่ถูกต้อง: คูปองนี้ใช้ได้กับบริการอื่นเท่านั้น ใช้กับบริการเสริมนี้ไม่ได้',
  },
  previousOrderPaid: {
    zh: '上一个订单已支付，未生成新订单；请查看账单后再决定是否继续购买',
    kr: '이전 주문이 이미 결제되어 새 주문을 만들지 않았습니다. 청구서를 확인한 뒤 계속 구매할지 결정해 주세요',
    th: 'คำสั่งซื้อก่อนหน้าชำระเงินแล้ว จึงไม่ได้สร้างคำสั่งซื้อใหม่ โปรดตรวจสอบบิลก่อนตัดสินใจซื้อต่อ',
  },
  couponWrongSystem: {
    zh: '{field}填写有误：该优惠券属于另一个系统（ERP / 选品），不能用于此购买',
    kr: '{field} 입력값이 올바르지 않습니다: 다른 시스템(ERP / 상품 소싱)의 쿠폰이라 이 구매에 사용할 수 없습니다',
    th: '{field} ไม่ถูกต้อง: คูปองนี้เป็นของอีกระบบหนึ่ง (ERP / ระบบคัดเลือกสินค้า) ใช้กับการซื้อนี้ไม่ได้',
  },
  couponBelowMinimum: {
    zh: '{field}填写有误：未达到优惠券最低消费 {min} 元',
    kr: '{field} 입력값이 올바르지 않습니다: 쿠폰 최소 구매 금액 {min}위안에 미달합니다',
    th: '{field} ไม่ถูกต้อง: ยอดซื้อไม่ถึงขั้นต่ำของคูปอง {min} หยวน',
  },
  couponReserved: {
    zh: '该优惠券已被另一个未支付的订单占用，请等待该订单过期或取消后再使用',
    kr: '이 쿠폰은 결제되지 않은 다른 주문에 사용 중입니다. 해당 주문이 만료되거나 취소된 후 사용하세요',
    th: 'คูปองนี้ถูกใช้กับคำสั่งซื้ออื่นที่ยังไม่ชำระ โปรดรอให้คำสั่งซื้อนั้นหมดอายุหรือถูกยกเลิก',
  },
  orderNotFound: { zh: '订单不存在', kr: '주문이 존재하지 않습니다', th: 'ไม่พบคำสั่งซื้อ' },
  orderNotPayable: {
    zh: '订单已支付、过期或取消，不能再操作',
    kr: '결제, 만료 또는 취소된 주문이라 더 이상 처리할 수 없습니다',
    th: 'คำสั่งซื้อชำระแล้ว หมดอายุ หรือถูกยกเลิก ไม่สามารถดำเนินการได้',
  },
  // --- refunds (docs/decisions.md, "Refunds") ---
  orderNotRefundable: {
    zh: '只有已支付的订单可以退款',
    kr: '결제된 주문만 환불할 수 있습니다',
    th: 'คืนเงินได้เฉพาะคำสั่งซื้อที่ชำระแล้ว',
  },
  refundOverPaid: {
    zh: '退款金额超过可退金额：已支付 {paid} 元，已退 {refunded} 元',
    kr: '환불 금액이 환불 가능 금액을 초과합니다: 결제 {paid}위안, 환불 완료 {refunded}위안',
    th: 'จำนวนเงินคืนเกินยอดที่คืนได้: ชำระ {paid} หยวน คืนแล้ว {refunded} หยวน',
  },
  refundKeyReused: {
    zh: '该退款编号已用于另一笔金额或原因不同的退款',
    kr: '이 환불 키는 금액이나 사유가 다른 환불에 이미 사용되었습니다',
    th: 'คีย์คืนเงินนี้ถูกใช้กับการคืนเงินอื่นที่มีจำนวนหรือเหตุผลต่างกันแล้ว',
  },
  refundPlanNotSupported: {
    zh: '套餐订单不能退款：套餐时长已与该平台的其他购买合并，无法单独收回',
    kr: '요금제 주문은 환불할 수 없습니다: 요금제 기간이 해당 플랫폼의 다른 구매와 합쳐져 따로 회수할 수 없습니다',
    th: 'คืนเงินคำสั่งซื้อแพ็กเกจไม่ได้: ระยะเวลาแพ็กเกจรวมกับการซื้ออื่นของแพลตฟอร์มนี้แล้ว จึงเรียกคืนแยกไม่ได้',
  },
  refundBalanceSpent: {
    zh: '无法退款：充值的余额已被使用，当前余额不足 {amount} 元',
    kr: '환불할 수 없습니다: 충전 잔액이 이미 사용되어 현재 잔액이 {amount}위안 미만입니다',
    th: 'คืนเงินไม่ได้: ยอดเงินที่เติมถูกใช้ไปแล้ว ยอดคงเหลือปัจจุบันน้อยกว่า {amount} หยวน',
  },
  refundQuotaSpent: {
    zh: '无法退款：需收回 {units} 个未使用额度，但剩余额度不足（已被使用）',
    kr: '환불할 수 없습니다: 미사용 할당량 {units}개를 회수해야 하지만 남은 할당량이 부족합니다(이미 사용됨)',
    th: 'คืนเงินไม่ได้: ต้องเรียกคืนโควตาที่ยังไม่ใช้ {units} หน่วย แต่โควตาคงเหลือไม่พอ (ถูกใช้ไปแล้ว)',
  },
  refundRefusedByProvider: {
    zh: '支付机构拒绝退款（{message}）；退款保持处理中，可用同一退款编号重试',
    kr: '결제 기관이 환불을 거절했습니다({message}). 환불은 처리 중으로 남아 있으며 같은 환불 키로 다시 시도할 수 있습니다',
    th: 'ผู้ให้บริการชำระเงินปฏิเสธการคืนเงิน ({message}) การคืนเงินยังอยู่ระหว่างดำเนินการ ลองใหม่ด้วยคีย์คืนเงินเดิมได้',
  },
  paymentUnavailable: {
    zh: '支付服务暂时不可用，请稍后再试',
    kr: '결제 서비스를 일시적으로 사용할 수 없습니다. 잠시 후 다시 시도하세요',
    th: 'บริการชำระเงินไม่พร้อมใช้งานชั่วคราว โปรดลองใหม่ภายหลัง',
  },
  // --- the sandbox cashier (PAYMENT_PROVIDER=sandbox) ---
  cashierTitle: { zh: '沙箱收银台', kr: '샌드박스 결제창', th: 'แคชเชียร์แซนด์บ็อกซ์' },
  cashierIntro: {
    zh: '这是本地支付沙箱，代替支付宝：点击“支付”会像支付宝一样发送已签名的支付通知。',
    kr: '알리페이를 대신하는 로컬 결제 샌드박스입니다. "결제"를 누르면 알리페이처럼 서명된 결제 알림을 보냅니다.',
    th: 'นี่คือแซนด์บ็อกซ์การชำระเงินในเครื่องแทน Alipay: กด "ชำระเงิน" จะส่งการแจ้งเตือนการชำระเงินที่ลงนามแล้วเหมือน Alipay',
  },
  cashierOrder: { zh: '订单号', kr: '주문 번호', th: 'เลขที่คำสั่งซื้อ' },
  cashierItem: { zh: '商品', kr: '상품', th: 'รายการ' },
  cashierAmount: { zh: '应付金额', kr: '결제 금액', th: 'ยอดที่ต้องชำระ' },
  cashierYuan: { zh: '¥{amount}', kr: '¥{amount}', th: '¥{amount}' },
  cashierState: { zh: '状态', kr: '상태', th: 'สถานะ' },
  cashierPay: { zh: '支付', kr: '결제', th: 'ชำระเงิน' },
  cashierCancel: { zh: '取消', kr: '취소', th: 'ยกเลิก' },
  cashierPaid: { zh: '支付成功', kr: '결제되었습니다', th: 'ชำระเงินสำเร็จ' },
  cashierCancelled: { zh: '订单已取消', kr: '주문이 취소되었습니다', th: 'ยกเลิกคำสั่งซื้อแล้ว' },
  cashierFailed: { zh: '操作失败：', kr: '작업 실패: ', th: 'ดำเนินการไม่สำเร็จ: ' },
  cashierMissing: {
    zh: '找不到该订单，请从二维码重新打开此页面',
    kr: '주문을 찾을 수 없습니다. QR 코드로 이 페이지를 다시 여세요',
    th: 'ไม่พบคำสั่งซื้อ โปรดเปิดหน้านี้อีกครั้งจากคิวอาร์โค้ด',
  },
  orderStateUnpaid: { zh: '待支付', kr: '결제 대기', th: 'รอชำระเงิน' },
  orderStatePaid: { zh: '已支付', kr: '결제 완료', th: 'ชำระแล้ว' },
  orderStateExpired: { zh: '已过期', kr: '만료됨', th: 'หมดอายุ' },
  orderStateCancelled: { zh: '已取消', kr: '취소됨', th: 'ยกเลิกแล้ว' },
} as const satisfies Catalogue;

/** The value-added services by their catalogue code, as order titles name them. */
export const valueAddedServiceNames = {
  text_translation: { zh: '文本翻译', kr: '텍스트 번역', th: 'แปลข้อความ' },
  picture_translation: { zh: '图片翻译', kr: '이미지 번역', th: 'แปลรูปภาพ' },
  video_translation: { zh: '视频翻译', kr: '동영상 번역', th: 'แปลวิดีโอ' },
  matting: { zh: '抠图', kr: '누끼 따기', th: 'ตัดพื้นหลังภาพ' },
  listing_quota: { zh: '刊登额度', kr: '등록 한도', th: 'โควตาการลงสินค้า' },
  product_monitoring: { zh: '商品监控', kr: '상품 모니터링', th: 'ติดตามสินค้า' },
  keyword_monitoring: { zh: '关键词监控', kr: '키워드 모니터링', th: 'ติดตามคีย์เวิร์ด' },
  follow_sell_monitoring: { zh: '跟卖监控', kr: '동일 상품 판매 모니터링', th: 'ติดตามผู้ขายสินค้าเดียวกัน' },
} as const;

/** The quota services by deduction type, as the personal centre and the deduction bill name them. */
export const quotaServiceNames = {
  1: valueAddedServiceNames.listing_quota,
  2: valueAddedServiceNames.picture_translation,
  3: { zh: '抠图次数', kr: '누끼 따기 횟수', th: 'จำนวนครั้งตัดพื้นหลังภาพ' },
  4: valueAddedServiceNames.text_translation,
  5: { zh: '文本翻译（其他）', kr: '텍스트 번역(기타)', th: 'แปลข้อความ (อื่น ๆ)' },
  6: { zh: '图片翻译（第三方）', kr: '이미지 번역(제3자)', th: 'แปลรูปภาพ (บุคคลที่สาม)' },
  7: { zh: '视频翻译（第三方）', kr: '동영상 번역(제3자)', th: 'แปลวิดีโอ (บุคคลที่สาม)' },
  8: valueAddedServiceNames.product_monitoring,
  9: valueAddedServiceNames.keyword_monitoring,
  10: valueAddedServiceNames.follow_sell_monitoring,
} as const;

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
    12: valueAddedServiceNames.product_monitoring,
    13: valueAddedServiceNames.keyword_monitoring,
    14: valueAddedServiceNames.follow_sell_monitoring,
  },
} as const;
