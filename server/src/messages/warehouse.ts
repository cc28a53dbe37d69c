import type { Catalogue } from './catalogue.ts';

/** The cloud warehouse bill: refusals of the generic warehouse-service call and its services. */
export const warehouseMessages = {
  warehouseUnknownService: {
    zh: '不支持的仓库服务：{service}',
    kr: '지원하지 않는 창고 서비스입니다: {service}',
    th: 'ไม่รองรับบริการคลังสินค้า: {service}',
  },
  warehouseProviderNotFound: {
    zh: '服务商不存在',
    kr: '서비스 제공자가 없습니다',
    th: 'ไม่พบผู้ให้บริการ',
  },
  warehouseProviderUnavailable: {
    zh: '服务商暂时无法连接，请稍后再试',
    kr: '서비스 제공자에 연결할 수 없습니다. 잠시 후 다시 시도하세요',
    th: 'ไม่สามารถเชื่อมต่อผู้ให้บริการได้ โปรดลองอีกครั้งภายหลัง',
  },
  warehouseProviderNameTaken: {
    zh: '已有同名的服务商',
    kr: '같은 이름의 서비스 제공자가 이미 있습니다',
    th: 'มีผู้ให้บริการชื่อนี้อยู่แล้ว',
  },
  warehouseServiceNotOffered: {
    zh: '该服务商暂不支持此操作',
    kr: '이 서비스 제공자는 이 작업을 지원하지 않습니다',
    th: 'ผู้ให้บริการนี้ยังไม่รองรับการดำเนินการนี้',
  },
  warehouseBadAnswer: {
    zh: '服务商返回的数据格式不正确',
    kr: '서비스 제공자의 응답 형식이 올바르지 않습니다',
    th: 'รูปแบบข้อมูลจากผู้ให้บริการไม่ถูกต้อง',
  },
  warehouseFeeKeyReused: {
    zh: '该幂等键已用于另一笔费用',
    kr: '이 멱등 키는 이미 다른 비용에 사용되었습니다',
    th: 'คีย์นี้ถูกใช้กับค่าใช้จ่ายอื่นแล้ว',
  },
  warehouseFreezeNotFound: {
    zh: '找不到对应的冻结流水',
    kr: '해당 동결 내역을 찾을 수 없습니다',
    th: 'ไม่พบรายการอายัดที่เกี่ยวข้อง',
  },
} as const satisfies Catalogue;
