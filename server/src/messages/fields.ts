import { VALIDATION, type TValidationMessage } from '@seller-centre/contract/validation';
import type { Catalogue } from './catalogue.ts';

/**
 * Field labels: a message names a field the way the form does, never by its wire name
 * (`sms_code`). Fields are keyed by wire name; a path (`auth_data.0.auth_type`) is named by
 * its last named part.
 */
export const fieldLabels = {
  account_name: { zh: '账号', kr: '계정', th: 'บัญชี' },
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
  amount: { zh: '充值金额', kr: '충전 금액', th: 'จำนวนเงินเติม' },
  coupon_id: { zh: '优惠券', kr: '쿠폰', th: 'คูปอง' },
  cycle: { zh: '购买周期', kr: '구매 기간', th: 'ระยะเวลา' },
  order_code: { zh: '订单号', kr: '주문 번호', th: 'เลขที่คำสั่งซื้อ' },
  package_id: { zh: '套餐', kr: '패키지', th: 'แพ็กเกจ' },
  package_pay_type: { zh: '套餐类型', kr: '패키지 유형', th: 'ประเภทแพ็กเกจ' },
  page_size: { zh: '每页条数', kr: '페이지당 건수', th: 'จำนวนต่อหน้า' },
  pay_state: { zh: '支付状态', kr: '결제 상태', th: 'สถานะการชำระเงิน' },
  pay_type: { zh: '支付类型', kr: '결제 유형', th: 'ประเภทการชำระเงิน' },
  ppi_id: { zh: '套餐平台', kr: '요금제 플랫폼', th: 'แพลตฟอร์มแพ็กเกจ' },
  shop_number: { zh: '店铺数量', kr: '상점 수', th: 'จำนวนร้านค้า' },
  time_from: { zh: '开始时间', kr: '시작 시간', th: 'เวลาเริ่มต้น' },
  time_to: { zh: '结束时间', kr: '종료 시간', th: 'เวลาสิ้นสุด' },
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
  [VALIDATION.yuanTwoDecimals]: {
    zh: '请输入金额，最多两位小数',
    kr: '금액을 소수점 둘째 자리까지 입력하세요',
    th: 'โปรดใส่จำนวนเงิน ทศนิยมไม่เกินสองตำแหน่ง',
  },
  [VALIDATION.billTime]: {
    zh: '时间格式应为 YYYY-MM-DD HH:mm:ss',
    kr: '시간 형식은 YYYY-MM-DD HH:mm:ss 이어야 합니다',
    th: 'รูปแบบเวลาต้องเป็น YYYY-MM-DD HH:mm:ss',
  },
} as const satisfies Record<TValidationMessage, Catalogue[string]>;
