import type { Catalogue } from './catalogue.ts';

/** Messages of the shared conventions: validation, the HTTP error classes, limits. */
export const commonMessages = {
  ok: { zh: '操作成功', kr: '작업 성공', th: 'ดำเนินการสำเร็จ' },
  badRequest: { zh: '请求参数错误', kr: '요청 매개변수 오류', th: 'พารามิเตอร์คำขอไม่ถูกต้อง' },
  invalidField: {
    zh: '{field}填写有误：{detail}',
    kr: '{field} 입력값이 올바르지 않습니다: {detail}',
    th: '{field} ไม่ถูกต้อง: {detail}',
  },
  invalidCharacter: {
    zh: '{field}填写有误：含有不允许的字符',
    kr: '{field} 입력값이 올바르지 않습니다: 허용되지 않는 문자가 포함되어 있습니다',
    th: '{field} ไม่ถูกต้อง: มีอักขระที่ไม่อนุญาต',
  },
  malformedJson: {
    zh: '请求体不是有效的 JSON',
    kr: '요청 본문이 올바른 JSON이 아닙니다',
    th: 'เนื้อหาคำขอไม่ใช่ JSON ที่ถูกต้อง',
  },
  unsupportedMediaType: {
    zh: '不支持的请求内容类型',
    kr: '지원하지 않는 요청 콘텐츠 유형입니다',
    th: 'ไม่รองรับประเภทเนื้อหาของคำขอ',
  },
  payloadTooLarge: { zh: '请求体过大', kr: '요청 본문이 너무 큽니다', th: 'เนื้อหาคำขอมีขนาดใหญ่เกินไป' },
  unauthorized: {
    zh: '登录已过期，请重新登录',
    kr: '로그인이 만료되었습니다. 다시 로그인하세요',
    th: 'การเข้าสู่ระบบหมดอายุ โปรดเข้าสู่ระบบอีกครั้ง',
  },
  forbidden: {
    zh: '暂无该功能权限，请联系公司超级管理员或其他权限管理人员',
    kr: '이 기능에 대한 권한이 없습니다. 회사 최고 관리자 또는 다른 권한 관리자에게 문의하세요',
    th: 'ไม่มีสิทธิ์ใช้ฟังก์ชันนี้ โปรดติดต่อผู้ดูแลระบบสูงสุดของบริษัทหรือผู้จัดการสิทธิ์คนอื่น',
  },
  notFound: { zh: '请求的资源不存在', kr: '요청한 리소스가 없습니다', th: 'ไม่พบทรัพยากรที่ร้องขอ' },
  apiNotFound: {
    zh: '接口不存在：{method} {url}',
    kr: '존재하지 않는 API입니다: {method} {url}',
    th: 'ไม่มี API นี้: {method} {url}',
  },
  tooManyRequests: {
    zh: '操作过于频繁，请 {seconds} 秒后再试',
    kr: '요청이 너무 잦습니다. {seconds}초 후에 다시 시도하세요',
    th: 'ดำเนินการบ่อยเกินไป โปรดลองใหม่ใน {seconds} วินาที',
  },
  internal: {
    zh: '服务异常，请联系管理员',
    kr: '서비스 오류입니다. 관리자에게 문의하세요',
    th: 'บริการขัดข้อง โปรดติดต่อผู้ดูแลระบบ',
  },
  unavailable: {
    zh: '服务暂不可用，请稍后再试',
    kr: '서비스를 일시적으로 사용할 수 없습니다. 잠시 후 다시 시도하세요',
    th: 'บริการไม่พร้อมใช้งานชั่วคราว โปรดลองใหม่ภายหลัง',
  },
  passwordHashingBusy: {
    zh: '当前登录人数较多，请 {seconds} 秒后再试',
    kr: '지금 요청이 많습니다. {seconds}초 후에 다시 시도하세요',
    th: 'ขณะนี้มีผู้ใช้งานจำนวนมาก โปรดลองใหม่ใน {seconds} วินาที',
  },
  databaseUnavailable: {
    zh: '数据服务暂时中断，您的操作未完成，请稍后重试',
    kr: '데이터 서비스가 일시적으로 중단되어 요청이 처리되지 않았습니다. 잠시 후 다시 시도하세요',
    th: 'บริการข้อมูลขัดข้องชั่วคราว คำขอของคุณยังไม่สำเร็จ โปรดลองใหม่อีกครั้งในภายหลัง',
  },
} as const satisfies Catalogue;
