import { VALIDATION, type TValidationMessage } from '@seller-centre/contract/validation';
import type { Catalogue } from './catalogue.ts';

/**
 * Field labels: a message names a field the way the form does, never by its wire name
 * (`sms_code`). Fields are keyed by wire name; a path (`auth_data.0.auth_type`) is named by
 * its last named part.
 */
export const fieldLabels = {
  account_name: { zh: '账号', kr: '계정', th: 'บัญชี' },
  discount_type: { zh: '优惠类型', kr: '할인 유형', th: 'ประเภทส่วนลด' },
  discount_value: { zh: '优惠额度', kr: '할인 값', th: 'มูลค่าส่วนลด' },
  expiration_time: { zh: '过期时间', kr: '만료 시간', th: 'เวลาหมดอายุ' },
  min_basket_price: { zh: '使用门槛', kr: '최소 주문 금액', th: 'ยอดขั้นต่ำ' },
  page_size: { zh: '每页条数', kr: '페이지당 건수', th: 'จำนวนต่อหน้า' },
  system_type: { zh: '适用系统', kr: '적용 시스템', th: 'ระบบที่ใช้ได้' },
  tenant_id: { zh: '租户编号', kr: '테넌트 번호', th: 'รหัสผู้เช่า' },
  title: { zh: '标题', kr: '제목', th: 'หัวข้อ' },
  use_type_value: { zh: '适用服务', kr: '적용 서비스', th: 'บริการที่ใช้ได้' },
  action: { zh: '操作类型', kr: '작업 유형', th: 'ประเภทการดำเนินการ' },
  agent_id: { zh: '代理编号', kr: '대리점 번호', th: 'รหัสตัวแทน' },
  area: { zh: '区号', kr: '국가 번호', th: 'รหัสประเทศ' },
  auth_data: { zh: '数据权限', kr: '데이터 권한', th: 'สิทธิ์ข้อมูล' },
  auth_role_id: { zh: '角色', kr: '역할', th: 'บทบาท' },
  auth_type: { zh: '数据范围', kr: '데이터 범위', th: 'ขอบเขตข้อมูล' },
  auth_value: { zh: '所选数据', kr: '선택한 데이터', th: 'ข้อมูลที่เลือก' },
  body: { zh: '请求内容', kr: '요청 내용', th: 'เนื้อหาคำขอ' },
  checked: { zh: '隐私条款', kr: '개인정보 약관', th: 'ข้อกำหนดความเป็นส่วนตัว' },
  company_name: { zh: '公司名称', kr: '회사명', th: 'ชื่อบริษัท' },
  confirmPassword: { zh: '确认密码', kr: '비밀번호 확인', th: 'ยืนยันรหัสผ่าน' },
  data_menu_id: { zh: '数据权限项', kr: '데이터 권한 항목', th: 'รายการสิทธิ์ข้อมูล' },
  describe: { zh: '角色描述', kr: '역할 설명', th: 'คำอธิบายบทบาท' },
  function_menu_ids: { zh: '功能权限', kr: '기능 권한', th: 'สิทธิ์ฟังก์ชัน' },
  id: { zh: '编号', kr: '번호', th: 'รหัส' },
  invite_code: { zh: '邀请码', kr: '초대 코드', th: 'รหัสเชิญ' },
  invite_code_type: { zh: '邀请码类型', kr: '초대 코드 유형', th: 'ประเภทรหัสเชิญ' },
  limit: { zh: '每页条数', kr: '페이지당 건수', th: 'จำนวนต่อหน้า' },
  long_time: { zh: '自动登录', kr: '자동 로그인', th: 'เข้าสู่ระบบอัตโนมัติ' },
  name: { zh: '名称', kr: '이름', th: 'ชื่อ' },
  nickname: { zh: '微信昵称', kr: 'WeChat 닉네임', th: 'ชื่อเล่น WeChat' },
  open_id: { zh: '微信 open id', kr: 'WeChat open id', th: 'WeChat open id' },
  page: { zh: '页码', kr: '페이지', th: 'หน้า' },
  password: { zh: '密码', kr: '비밀번호', th: 'รหัสผ่าน' },
  phone_number: { zh: '手机号', kr: '휴대폰 번호', th: 'หมายเลขโทรศัพท์' },
  platform: { zh: '平台', kr: '플랫폼', th: 'แพลตฟอร์ม' },
  querystring: { zh: '查询参数', kr: '조회 조건', th: 'เงื่อนไขการค้นหา' },
  referrer: { zh: '推荐来源', kr: '추천 경로', th: 'แหล่งแนะนำ' },
  scene_mark: { zh: '二维码', kr: 'QR 코드', th: 'คิวอาร์โค้ด' },
  secondary_source: { zh: '二级来源', kr: '2차 유입 경로', th: 'แหล่งที่มารอง' },
  shop_auth: { zh: '店铺权限', kr: '상점 권한', th: 'สิทธิ์ร้านค้า' },
  site: { zh: '站点', kr: '사이트', th: 'ไซต์' },
  sms_code: { zh: '验证码', kr: '인증번호', th: 'รหัสยืนยัน' },
  source: { zh: '来源', kr: '유입 경로', th: 'แหล่งที่มา' },
  status: { zh: '状态', kr: '상태', th: 'สถานะ' },
  system: { zh: '系统', kr: '시스템', th: 'ระบบ' },
  system_list: { zh: '服务列表', kr: '서비스 목록', th: 'รายการบริการ' },
  target_type: { zh: '对象类型', kr: '대상 유형', th: 'ประเภทเป้าหมาย' },
  type: { zh: '类型', kr: '유형', th: 'ประเภท' },
  use_type: { zh: '使用类型', kr: '사용 유형', th: 'ประเภทการใช้งาน' },
  user_id: { zh: '账号', kr: '계정', th: 'บัญชี' },
  user_name: { zh: '用户名', kr: '사용자 이름', th: 'ชื่อผู้ใช้' },
  warehouse_auth: { zh: '仓库权限', kr: '창고 권한', th: 'สิทธิ์คลังสินค้า' },
} as const satisfies Catalogue;

/** The contract's validation ids (contract/validation.ts) in words. */
export const validationDetails = {
  [VALIDATION.phoneDigits]: { zh: '请输入 5-15 位数字', kr: '숫자 5~15자리를 입력하세요', th: 'โปรดใส่ตัวเลข 5-15 หลัก' },
  [VALIDATION.smsCodeDigits]: { zh: '请输入 6 位数字验证码', kr: '6자리 숫자를 입력하세요', th: 'โปรดใส่ตัวเลข 6 หลัก' },
  [VALIDATION.lettersOrDigits]: {
    zh: '只能输入字母或数字',
    kr: '영문자 또는 숫자만 입력할 수 있습니다',
    th: 'ใส่ได้เฉพาะตัวอักษรภาษาอังกฤษหรือตัวเลขเท่านั้น',
  },
  [VALIDATION.needsLetter]: {
    zh: '至少包含一个字母',
    kr: '영문자를 하나 이상 포함해야 합니다',
    th: 'ต้องมีตัวอักษรอย่างน้อยหนึ่งตัว',
  },
  [VALIDATION.needsDigit]: {
    zh: '至少包含一个数字',
    kr: '숫자를 하나 이상 포함해야 합니다',
    th: 'ต้องมีตัวเลขอย่างน้อยหนึ่งตัว',
  },
  [VALIDATION.needsSpecial]: {
    zh: '至少包含一个特殊字符 !@#$%^&*<>/?',
    kr: '특수문자 !@#$%^&*<>/? 중 하나 이상을 포함해야 합니다',
    th: 'ต้องมีอักขระพิเศษ !@#$%^&*<>/? อย่างน้อยหนึ่งตัว',
  },
  [VALIDATION.privacyRequired]: {
    zh: '请勾选用户注册隐私条款',
    kr: '회원가입 개인정보 약관에 동의해 주세요',
    th: 'โปรดยอมรับข้อกำหนดความเป็นส่วนตัวของการลงทะเบียน',
  },
  [VALIDATION.passwordMismatch]: {
    zh: '两次输入的密码不一致',
    kr: '두 비밀번호가 일치하지 않습니다',
    th: 'รหัสผ่านทั้งสองไม่ตรงกัน',
  },
  [VALIDATION.commaJoinedIds]: {
    zh: '应为以逗号分隔的编号',
    kr: '쉼표로 구분된 번호여야 합니다',
    th: 'ต้องเป็นรหัสที่คั่นด้วยเครื่องหมายจุลภาค',
  },
  [VALIDATION.yuanTwoPlaces]: {
    zh: '请输入金额，最多两位小数',
    kr: '소수점 이하 최대 2자리의 금액을 입력하세요',
    th: 'โปรดใส่จำนวนเงิน ทศนิยมไม่เกิน 2 ตำแหน่ง',
  },
  [VALIDATION.oneTenant]: {
    zh: '请填写租户编号或主账号手机号（二选一）',
    kr: '테넌트 번호 또는 주 계정 휴대폰 번호 중 하나를 입력하세요',
    th: 'โปรดระบุรหัสผู้เช่าหรือหมายเลขโทรศัพท์ของบัญชีหลักอย่างใดอย่างหนึ่ง',
  },
  [VALIDATION.softwareTopUpRequired]: {
    zh: '软件充值券必须选择适用服务',
    kr: '소프트웨어 충전 쿠폰은 적용 서비스를 선택해야 합니다',
    th: 'คูปองเติมเงินซอฟต์แวร์ต้องเลือกบริการที่ใช้ได้',
  },
  [VALIDATION.softwareTopUpOnly]: {
    zh: '仅软件充值券可选择适用服务',
    kr: '적용 서비스는 소프트웨어 충전 쿠폰에서만 선택할 수 있습니다',
    th: 'เลือกบริการที่ใช้ได้เฉพาะคูปองเติมเงินซอฟต์แวร์เท่านั้น',
  },
  [VALIDATION.aboveZero]: { zh: '必须大于 0', kr: '0보다 커야 합니다', th: 'ต้องมากกว่า 0' },
  [VALIDATION.discountRate]: {
    zh: '折扣须大于 0 且小于 10（如 8.5 折）',
    kr: '할인율은 0보다 크고 10보다 작아야 합니다 (예: 8.5)',
    th: 'อัตราส่วนลดต้องมากกว่า 0 และน้อยกว่า 10 (เช่น 8.5)',
  },
  [VALIDATION.aboveReduction]: {
    zh: '使用门槛须大于减免金额',
    kr: '최소 주문 금액은 할인 금액보다 커야 합니다',
    th: 'ยอดขั้นต่ำต้องมากกว่าจำนวนส่วนลด',
  },
  [VALIDATION.inFuture]: { zh: '须晚于当前时间', kr: '현재 시각 이후여야 합니다', th: 'ต้องเป็นเวลาในอนาคต' },
} as const satisfies Record<TValidationMessage, Catalogue[string]>;
