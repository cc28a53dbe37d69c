import { z } from 'zod';
import type { TLanguage } from './i18n.ts';

/**
 * The permission catalogue: every function menu of the suite, as one versioned tree
 * (docs/product.md; docs/permissions.md). Server and browser use the same ids:
 * the server to decide, the browser to show or hide. docs/permissions.md explains the tree.
 *
 *   tab > service (module) > page > button
 *   tab 2 (ERP) has one extra level: tab > group > service > page > button
 *
 * Ids are unique across the whole tree, because a role's grant is one flat list of them.
 * Ids never change meaning; a retired id is never reused. Bump the version when the tree changes.
 */
export const PERMISSION_CATALOGUE_VERSION = 1;

export const permissionPaths = {
  /** The caller's authority list (docs/api.md). */
  functionMenu: '/api/v3/user/function/menu',
} as const;

export type TPermissionKind = 'tab' | 'group' | 'service' | 'page' | 'button';
export type TLocalizedName = Record<TLanguage, string>;

export type TCatalogueNode = {
  id: number;
  kind: TPermissionKind;
  /** Stable code; for services of the personal centre it is the web module key. */
  key: string;
  name: TLocalizedName;
  /** Only main accounts have it; a role can never grant it (the distributor module). */
  mainOnly?: true;
  child_list: TCatalogueNode[];
};

/** Every permission id this product checks, for server and web alike. */
export const PERMISSIONS = {
  tabs: { accountCentre: 1, erp: 2, selection: 3 },
  personalCenter: { module: 250, page: 254, editProfile: 255 },
  serviceUpgrade: { module: 251, page: 256, buyPackage: 257 },
  coupon: { module: 252, page: 258 },
  role: {
    module: 253,
    page: 260,
    create: 277,
    edit: 278,
    setPermissions: 279,
    toggleStatus: 280,
    delete: 281,
  },
  employee: {
    module: 259,
    page: 261,
    create: 283,
    edit: 284,
    dataAuthority: 285,
    toggleStatus: 286,
    changePassword: 288,
  },
  bill: {
    module: 262,
    softwareFee: 268,
    softwareDeduction: 269,
    cloud: 270,
    onlineTopUp: 271,
    offlineTopUp: 272,
    applyCredit: 273,
    offlineTopUpManagement: 274,
    export: 275,
  },
  distributionBill: { module: 263, page: 264 },
  earnMoney: { module: 265, page: 266 },
  distributor: { module: 267, page: 276 },
} as const;

/** Always selected in every role and locked in the settings dialog (docs/product.md). */
export const LOCKED_PERMISSION_IDS: readonly number[] = [250, 254, 255];

type N = TCatalogueNode;
const n = (
  id: number,
  kind: TPermissionKind,
  key: string,
  zh: string,
  kr: string,
  th: string,
  child_list: N[] = [],
  extra: { mainOnly?: true } = {},
): N => ({ id, kind, key, name: { zh, kr, th }, child_list, ...extra });

/** The tree. Personal-centre ids 250-299 are the contract's; ERP 300-399; selection 400-499. */
export const PERMISSION_CATALOGUE: readonly TCatalogueNode[] = [
  n(1, 'tab', 'accountCentre', '账户中心', '계정 센터', 'ศูนย์บัญชี', [
    n(250, 'service', 'personalCenter', '个人中心', '개인 센터', 'ศูนย์ส่วนตัว', [
      n(254, 'page', 'personalCenter.home', '个人中心首页', '개인 센터 홈', 'หน้าหลักศูนย์ส่วนตัว', [
        n(255, 'button', 'personalCenter.editProfile', '编辑个人资料', '개인 정보 수정', 'แก้ไขข้อมูลส่วนตัว'),
      ]),
    ]),
    n(251, 'service', 'serviceUpgrade', '服务升级', '서비스 업그레이드', 'อัปเกรดบริการ', [
      n(256, 'page', 'serviceUpgrade.packages', '套餐订购', '패키지 주문', 'สั่งซื้อแพ็กเกจ', [
        n(257, 'button', 'serviceUpgrade.buy', '购买套餐', '패키지 구매', 'ซื้อแพ็กเกจ'),
      ]),
    ]),
    n(252, 'service', 'myCoupon', '我的优惠券', '내 쿠폰', 'คูปองของฉัน', [
      n(258, 'page', 'myCoupon.list', '优惠券列表', '쿠폰 목록', 'รายการคูปอง'),
    ]),
    n(253, 'service', 'roleManagement', '角色管理', '역할 관리', 'การจัดการบทบาท', [
      n(260, 'page', 'role.list', '角色列表', '역할 목록', 'รายการบทบาท', [
        n(277, 'button', 'role.create', '新建角色', '역할 생성', 'สร้างบทบาท'),
        n(278, 'button', 'role.edit', '编辑角色', '역할 편집', 'แก้ไขบทบาท'),
        n(279, 'button', 'role.setPermissions', '设置权限', '권한 설정', 'ตั้งค่าสิทธิ์'),
        n(280, 'button', 'role.toggleStatus', '启用/禁用角色', '역할 사용/사용 중지', 'เปิด/ปิดใช้งานบทบาท'),
        n(281, 'button', 'role.delete', '删除角色', '역할 삭제', 'ลบบทบาท'),
      ]),
    ]),
    n(259, 'service', 'authorityManagement', '权限管理', '권한 관리', 'การจัดการสิทธิ์', [
      n(261, 'page', 'employee.list', '子账号列表', '하위 계정 목록', 'รายการบัญชีย่อย', [
        n(283, 'button', 'employee.create', '新增账号', '계정 추가', 'เพิ่มบัญชี'),
        n(284, 'button', 'employee.edit', '编辑账号', '계정 편집', 'แก้ไขบัญชี'),
        n(285, 'button', 'employee.dataAuthority', '数据权限', '데이터 권한', 'สิทธิ์ข้อมูล'),
        n(286, 'button', 'employee.toggleStatus', '启用/禁用账号', '계정 사용/사용 중지', 'เปิด/ปิดใช้งานบัญชี'),
        n(288, 'button', 'employee.changePassword', '修改密码', '비밀번호 변경', 'เปลี่ยนรหัสผ่าน'),
      ]),
    ]),
    n(262, 'service', 'myBill', '我的账单', '내 청구서', 'บิลของฉัน', [
      n(268, 'page', 'bill.softwareFee', '软件费用明细', '소프트웨어 요금 내역', 'รายละเอียดค่าซอฟต์แวร์'),
      n(269, 'page', 'bill.softwareDeduction', '软件扣费明细', '소프트웨어 차감 내역', 'รายละเอียดการหักค่าซอฟต์แวร์'),
      n(270, 'page', 'bill.cloud', '云仓账单', '클라우드 창고 청구서', 'บิลคลังสินค้าคลาวด์', [
        n(271, 'button', 'bill.onlineTopUp', '在线充值', '온라인 충전', 'เติมเงินออนไลน์'),
        n(272, 'button', 'bill.offlineTopUp', '线下充值', '오프라인 충전', 'เติมเงินออฟไลน์'),
        n(273, 'button', 'bill.applyCredit', '申请授信额度', '신용 한도 신청', 'ขอวงเงินเครดิต'),
        n(274, 'button', 'bill.offlineTopUpManagement', '线下充值管理', '오프라인 충전 관리', 'จัดการการเติมเงินออฟไลน์'),
        n(275, 'button', 'bill.export', '导出', '내보내기', 'ส่งออก'),
      ]),
    ]),
    n(263, 'service', 'distributionBill', '分销账单', '유통 청구서', 'บิลการจัดจำหน่าย', [
      n(264, 'page', 'distributionBill.list', '分销账单明细', '유통 청구서 내역', 'รายละเอียดบิลการจัดจำหน่าย'),
    ]),
    n(265, 'service', 'earnMoney', '推广赚钱', '추천 수익', 'แนะนำและรับรายได้', [
      n(266, 'page', 'earnMoney.partner', '合作伙伴计划', '파트너 프로그램', 'โปรแกรมพันธมิตร'),
    ]),
    n(
      267,
      'service',
      'distributor',
      '分销商',
      '유통업체',
      'ผู้จัดจำหน่าย',
      [n(276, 'page', 'distributor.apply', '分销商申请', '유통업체 신청', 'สมัครเป็นผู้จัดจำหน่าย', [], { mainOnly: true })],
      { mainOnly: true },
    ),
  ]),
  n(2, 'tab', 'erp', 'ERP系统', 'ERP 시스템', 'ระบบ ERP', [
    n(300, 'group', 'erp.products', '商品', '상품', 'สินค้า', [
      n(310, 'service', 'erp.productLibrary', '商品库', '상품 라이브러리', 'ไลบรารีสินค้า', [
        n(311, 'page', 'erp.productLibrary.list', '商品列表', '상품 목록', 'รายการสินค้า', [
          n(312, 'button', 'erp.productLibrary.create', '新增商品', '상품 추가', 'เพิ่มสินค้า'),
          n(313, 'button', 'erp.productLibrary.edit', '编辑商品', '상품 편집', 'แก้ไขสินค้า'),
          n(314, 'button', 'erp.productLibrary.delete', '删除商品', '상품 삭제', 'ลบสินค้า'),
          n(315, 'button', 'erp.productLibrary.import', '导入商品', '상품 가져오기', 'นำเข้าสินค้า'),
        ]),
      ]),
      n(316, 'service', 'erp.listing', '刊登', '리스팅', 'ลงประกาศขาย', [
        n(317, 'page', 'erp.listing.drafts', '刊登草稿', '리스팅 초안', 'ร่างประกาศขาย', [
          n(318, 'button', 'erp.listing.publish', '发布', '게시', 'เผยแพร่'),
          n(319, 'button', 'erp.listing.edit', '编辑草稿', '초안 편집', 'แก้ไขร่าง'),
        ]),
      ]),
    ]),
    n(301, 'group', 'erp.orders', '订单', '주문', 'คำสั่งซื้อ', [
      n(320, 'service', 'erp.orderManagement', '订单管理', '주문 관리', 'การจัดการคำสั่งซื้อ', [
        n(321, 'page', 'erp.orders.list', '订单列表', '주문 목록', 'รายการคำสั่งซื้อ', [
          n(322, 'button', 'erp.orders.ship', '发货', '발송', 'จัดส่ง'),
          n(323, 'button', 'erp.orders.cancel', '取消订单', '주문 취소', 'ยกเลิกคำสั่งซื้อ'),
          n(324, 'button', 'erp.orders.export', '导出订单', '주문 내보내기', 'ส่งออกคำสั่งซื้อ'),
        ]),
        n(325, 'page', 'erp.orders.returns', '退货管理', '반품 관리', 'การจัดการสินค้าคืน', [
          n(326, 'button', 'erp.orders.handleReturn', '处理退货', '반품 처리', 'ดำเนินการคืนสินค้า'),
        ]),
      ]),
    ]),
    n(302, 'group', 'erp.purchasing', '采购', '구매', 'การจัดซื้อ', [
      n(330, 'service', 'erp.purchase', '采购管理', '구매 관리', 'การจัดการการจัดซื้อ', [
        n(331, 'page', 'erp.purchase.orders', '采购单', '구매 주문서', 'ใบสั่งซื้อ', [
          n(332, 'button', 'erp.purchase.create', '新建采购单', '구매 주문서 생성', 'สร้างใบสั่งซื้อ'),
          n(333, 'button', 'erp.purchase.approve', '审核采购单', '구매 주문서 승인', 'อนุมัติใบสั่งซื้อ'),
        ]),
        n(334, 'page', 'erp.purchase.suppliers', '供应商', '공급업체', 'ซัพพลายเออร์', [
          n(335, 'button', 'erp.purchase.editSupplier', '编辑供应商', '공급업체 편집', 'แก้ไขซัพพลายเออร์'),
        ]),
      ]),
    ]),
    n(303, 'group', 'erp.warehouse', '仓库', '창고', 'คลังสินค้า', [
      n(340, 'service', 'erp.inventory', '库存管理', '재고 관리', 'การจัดการสต็อก', [
        n(341, 'page', 'erp.inventory.list', '库存列表', '재고 목록', 'รายการสต็อก', [
          n(342, 'button', 'erp.inventory.adjust', '库存调整', '재고 조정', 'ปรับสต็อก'),
        ]),
        n(343, 'page', 'erp.inventory.inbound', '入库单', '입고 전표', 'ใบรับสินค้าเข้า', [
          n(344, 'button', 'erp.inventory.createInbound', '新建入库单', '입고 전표 생성', 'สร้างใบรับสินค้าเข้า'),
        ]),
      ]),
    ]),
    n(304, 'group', 'erp.logistics', '物流', '물류', 'โลจิสติกส์', [
      n(350, 'service', 'erp.shipping', '物流设置', '물류 설정', 'การตั้งค่าการขนส่ง', [
        n(351, 'page', 'erp.shipping.rules', '物流规则', '물류 규칙', 'กฎการขนส่ง', [
          n(352, 'button', 'erp.shipping.editRules', '编辑规则', '규칙 편집', 'แก้ไขกฎ'),
        ]),
      ]),
    ]),
    n(305, 'group', 'erp.shops', '店铺', '상점', 'ร้านค้า', [
      n(360, 'service', 'erp.shopAuthorization', '店铺授权', '상점 인증', 'การอนุญาตร้านค้า', [
        n(361, 'page', 'erp.shops.list', '店铺列表', '상점 목록', 'รายการร้านค้า', [
          n(362, 'button', 'erp.shops.authorize', '授权店铺', '상점 인증', 'อนุญาตร้านค้า'),
          n(363, 'button', 'erp.shops.unbind', '解绑店铺', '상점 연결 해제', 'ยกเลิกการผูกร้านค้า'),
        ]),
      ]),
    ]),
    n(306, 'group', 'erp.data', '数据', '데이터', 'ข้อมูล', [
      n(370, 'service', 'erp.reports', '数据报表', '데이터 보고서', 'รายงานข้อมูล', [
        n(371, 'page', 'erp.reports.sales', '销售报表', '판매 보고서', 'รายงานการขาย', [
          n(372, 'button', 'erp.reports.export', '导出报表', '보고서 내보내기', 'ส่งออกรายงาน'),
        ]),
      ]),
    ]),
  ]),
  n(3, 'tab', 'selection', '选品系统', '상품 소싱 시스템', 'ระบบคัดเลือกสินค้า', [
    n(400, 'service', 'selection.products', '选品', '상품 소싱', 'คัดเลือกสินค้า', [
      n(401, 'page', 'selection.products.hot', '热销商品', '인기 상품', 'สินค้าขายดี', [
        n(402, 'button', 'selection.products.collect', '采集商品', '상품 수집', 'เก็บข้อมูลสินค้า'),
      ]),
      n(403, 'page', 'selection.products.keywords', '关键词分析', '키워드 분석', 'วิเคราะห์คีย์เวิร์ด'),
    ]),
    n(404, 'service', 'selection.market', '市场分析', '시장 분석', 'วิเคราะห์ตลาด', [
      n(405, 'page', 'selection.market.categories', '类目分析', '카테고리 분석', 'วิเคราะห์หมวดหมู่'),
    ]),
    n(406, 'service', 'selection.shopTracking', '店铺追踪', '상점 추적', 'ติดตามร้านค้า', [
      n(407, 'page', 'selection.shopTracking.list', '追踪店铺', '추적 상점', 'ร้านค้าที่ติดตาม', [
        n(408, 'button', 'selection.shopTracking.add', '添加追踪', '추적 추가', 'เพิ่มการติดตาม'),
      ]),
    ]),
  ]),
];

// ---------------------------------------------------------------------------------------------
// Tree rules (docs/product.md), pure, on any tree of {id, kind, child_list}: the catalogue,
// or the tree the role function-menu call answers. The settings dialog and the server share them.
// ---------------------------------------------------------------------------------------------

export type TTreeLike = { id: number; kind: TPermissionKind; child_list?: readonly TTreeLike[] | null };

export type TPermissionTreeIndex = {
  readonly ids: ReadonlySet<number>;
  readonly kind: ReadonlyMap<number, TPermissionKind>;
  readonly parent: ReadonlyMap<number, number | null>;
  readonly children: ReadonlyMap<number, readonly number[]>;
  readonly roots: readonly number[];
};

export function indexPermissionTree(roots: readonly TTreeLike[]): TPermissionTreeIndex {
  const ids = new Set<number>();
  const kind = new Map<number, TPermissionKind>();
  const parent = new Map<number, number | null>();
  const children = new Map<number, number[]>();
  const visit = (node: TTreeLike, parentId: number | null) => {
    if (ids.has(node.id)) throw new Error(`permission id ${node.id} appears twice`);
    ids.add(node.id);
    kind.set(node.id, node.kind);
    parent.set(node.id, parentId);
    const list = node.child_list ?? [];
    children.set(
      node.id,
      list.map((c) => c.id),
    );
    for (const child of list) visit(child, node.id);
  };
  for (const root of roots) visit(root, null);
  return { ids, kind, parent, children, roots: roots.map((r) => r.id) };
}

export function ancestorsOf(index: TPermissionTreeIndex, id: number): number[] {
  const out: number[] = [];
  let current = index.parent.get(id) ?? null;
  while (current !== null) {
    out.push(current);
    current = index.parent.get(current) ?? null;
  }
  return out;
}

export function descendantsOf(index: TPermissionTreeIndex, id: number): number[] {
  const out: number[] = [];
  const stack = [...(index.children.get(id) ?? [])];
  while (stack.length) {
    const next = stack.pop()!;
    out.push(next);
    stack.push(...(index.children.get(next) ?? []));
  }
  return out;
}

/** Ticking a node of these kinds ticks everything below it. */
const CASCADING_KINDS: ReadonlySet<TPermissionKind> = new Set(['tab', 'group', 'service']);

/**
 * The canonical form of a selection: ids the tree knows, the locked ids, and every ancestor of
 * a selected node (a granted button is useless without its page, service and tab).
 */
export function normalizePermissionSelection(index: TPermissionTreeIndex, ids: Iterable<number>): Set<number> {
  const out = new Set<number>();
  const add = (id: number) => {
    if (!index.ids.has(id) || out.has(id)) return;
    out.add(id);
    for (const a of ancestorsOf(index, id)) out.add(a);
  };
  for (const id of ids) add(id);
  for (const id of LOCKED_PERMISSION_IDS) add(id);
  return out;
}

export function isLockedPermission(id: number): boolean {
  return LOCKED_PERMISSION_IDS.includes(id);
}

/**
 * One checkbox clicked. Ticking a tab, group or service ticks all its descendants; ticking a
 * page or button ticks only it and its ancestors. Unticking clears the node and everything
 * below it. Locked ids stay ticked whatever happens.
 */
export function tickPermission(
  index: TPermissionTreeIndex,
  selected: Iterable<number>,
  id: number,
  checked: boolean,
): Set<number> {
  const next = new Set(selected);
  if (!index.ids.has(id)) return normalizePermissionSelection(index, next);
  if (checked) {
    next.add(id);
    if (CASCADING_KINDS.has(index.kind.get(id)!)) for (const d of descendantsOf(index, id)) next.add(d);
  } else {
    next.delete(id);
    for (const d of descendantsOf(index, id)) next.delete(d);
  }
  return normalizePermissionSelection(index, next);
}

/** The 'check all' box of a node: ticks (or clears) the node and all its descendants. */
export function setAllPermissions(
  index: TPermissionTreeIndex,
  selected: Iterable<number>,
  id: number,
  checked: boolean,
): Set<number> {
  const next = new Set(selected);
  if (!index.ids.has(id)) return normalizePermissionSelection(index, next);
  for (const d of [id, ...descendantsOf(index, id)]) {
    if (checked) next.add(d);
    else next.delete(d);
  }
  return normalizePermissionSelection(index, next);
}

/** The derived chooseAll: the node has descendants and every one of them is ticked. */
export function isAllChosen(index: TPermissionTreeIndex, selected: ReadonlySet<number>, id: number): boolean {
  const below = descendantsOf(index, id);
  return below.length > 0 && below.every((d) => selected.has(d));
}

// ---------------------------------------------------------------------------------------------
// The authority list (GET /api/v3/user/function/menu)
// ---------------------------------------------------------------------------------------------

export const ZFunctionMenu = z.object({
  /** Granted buttons. */
  button_list: z.array(z.string()),
  /** Granted tabs and ERP groups. */
  menu_list: z.array(z.string()),
  /** Granted services (modules). */
  module_list: z.array(z.string()),
  /** Granted pages, with module_list merged in (docs/product.md). */
  page_list: z.array(z.string()),
  /** When true, a button not in button_list shows the no-permission message instead of acting. */
  menu_verify: z.boolean(),
});
export type TFunctionMenu = z.infer<typeof ZFunctionMenu>;

/** The authority list of a set of granted ids (ids as strings, in catalogue order). */
export function toFunctionMenu(
  index: TPermissionTreeIndex,
  granted: ReadonlySet<number>,
  menuVerify = true,
): TFunctionMenu {
  const pick = (kinds: TPermissionKind[]) =>
    [...index.ids].filter((id) => granted.has(id) && kinds.includes(index.kind.get(id)!)).map(String);
  return {
    button_list: pick(['button']),
    menu_list: pick(['tab', 'group']),
    module_list: pick(['service']),
    page_list: pick(['service', 'page']),
    menu_verify: menuVerify,
  };
}

/** Whether the authority list lets the caller use a function (button, page or module). */
export function canUse(menu: TFunctionMenu | undefined | null, id: number): boolean {
  if (!menu) return false;
  if (!menu.menu_verify) return true;
  const key = String(id);
  return menu.button_list.includes(key) || menu.page_list.includes(key) || menu.menu_list.includes(key);
}

/** The catalogue as one index (shared by the server's checks and the web's dialog). */
export const CATALOGUE_INDEX: TPermissionTreeIndex = indexPermissionTree(PERMISSION_CATALOGUE);

/** Ids a role may carry: the catalogue minus main-only nodes. */
export const GRANTABLE_PERMISSION_IDS: ReadonlySet<number> = (() => {
  const out = new Set<number>();
  const visit = (node: TCatalogueNode) => {
    if (node.mainOnly) return;
    out.add(node.id);
    node.child_list.forEach(visit);
  };
  PERMISSION_CATALOGUE.forEach(visit);
  return out;
})();
