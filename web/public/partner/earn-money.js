/* global document, location */
// The partner stand-in's text and the account details it was given (a file of its own: the
// Content-Security-Policy runs no inline script).
(function () {
  var text = {
    zh: { title: '合作伙伴计划', intro: '把卖家中心推荐给身边的跨境卖家，对方开通付费套餐后，您将获得订单金额的推广佣金。', s1: '1. 分享专属链接', s1d: '在社群、课程或文章中分享您的推广链接。', s2: '2. 好友开通套餐', s2d: '好友通过链接注册并购买 ERP 或选品套餐。', s3: '3. 获得佣金', s3d: '佣金每月结算，可在分销账单中查看。', who: '本页面收到的账号信息（由卖家中心传入）：', phone: '手机号', company: '公司', email: '邮箱', uid: '用户 ID' },
    kr: { title: '파트너 프로그램', intro: '주변의 크로스보더 셀러에게 셀러 센터를 추천하세요. 추천받은 분이 유료 요금제를 이용하면 결제 금액의 일부를 수수료로 드립니다.', s1: '1. 전용 링크 공유', s1d: '커뮤니티, 강의, 글에서 추천 링크를 공유하세요.', s2: '2. 친구의 요금제 가입', s2d: '친구가 링크로 가입하고 ERP 또는 소싱 요금제를 구매합니다.', s3: '3. 수수료 받기', s3d: '수수료는 매월 정산되며 유통 청구서에서 확인할 수 있습니다.', who: '이 페이지가 받은 계정 정보(셀러 센터에서 전달):', phone: '휴대폰 번호', company: '회사', email: '이메일', uid: '사용자 ID' },
    th: { title: 'โปรแกรมพันธมิตร', intro: 'แนะนำศูนย์ผู้ขายให้ผู้ขายข้ามพรมแดนที่คุณรู้จัก เมื่อเพื่อนซื้อแพ็กเกจแบบชำระเงิน คุณจะได้รับค่าคอมมิชชันจากยอดสั่งซื้อ', s1: '1. แชร์ลิงก์เฉพาะของคุณ', s1d: 'แชร์ลิงก์แนะนำในกลุ่ม คอร์ส หรือบทความของคุณ', s2: '2. เพื่อนสมัครแพ็กเกจ', s2d: 'เพื่อนลงทะเบียนผ่านลิงก์และซื้อแพ็กเกจ ERP หรือคัดเลือกสินค้า', s3: '3. รับค่าคอมมิชชัน', s3d: 'ค่าคอมมิชชันสรุปยอดทุกเดือน ดูได้ในบิลตัวแทนจำหน่าย', who: 'ข้อมูลบัญชีที่หน้านี้ได้รับ (ส่งมาจากศูนย์ผู้ขาย):', phone: 'เบอร์โทรศัพท์', company: 'บริษัท', email: 'อีเมล', uid: 'รหัสผู้ใช้' }
  };
  var q = new URLSearchParams(location.search);
  var lang = text[q.get('lang')] ? q.get('lang') : 'zh';
  document.documentElement.lang = { zh: 'zh-CN', kr: 'ko', th: 'th' }[lang];
  document.title = text[lang].title;
  document.querySelectorAll('[data-t]').forEach(function (el) { el.textContent = text[lang][el.getAttribute('data-t')]; });
  ['phone', 'company', 'email', 'user_id'].forEach(function (k) { document.getElementById(k).textContent = q.get(k) || '-'; });
})();
