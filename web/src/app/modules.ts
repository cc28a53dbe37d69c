import type { THomeModuleKey } from '@seller-centre/contract/paths';
import {
  canUse,
  PERMISSION_CATALOGUE,
  type TCatalogueNode,
  type TFunctionMenu,
} from '@seller-centre/contract/permissions';
import { createElement, Fragment, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { useHydrated } from '../shared/hydrated.ts';

/**
 * The personal centre's modules (docs/product.md): one table drives the menu, its groups,
 * the page titles, who may see a module and which component renders it. `/home?active=<key>`
 * opens a module.
 */

export type ModuleKey = THomeModuleKey;

export type ModuleGroupKey = 'accountManagement' | 'billManagement';

/** What every module component receives. */
export type ModuleProps = { moduleKey: ModuleKey };

export type ModuleDefinition = {
  key: ModuleKey;
  /** The menu group it sits in; none for a top-level entry. */
  group?: ModuleGroupKey;
  /** Translation key of its menu label and page title. */
  titleKey: string;
  /** Loaded when first opened. */
  component: LazyExoticComponent<ComponentType<ModuleProps>>;
  /** Shown only to main accounts (user_type 1). */
  hiddenFromSubAccounts?: boolean;
  /** Shown only when the distribution info says so (is_show_distributor). */
  requiresDistribution?: boolean;
};

/** Who is looking: decides which modules are on the menu. */
export type ModuleViewer = {
  userType: 1 | 2;
  showDistribution: boolean;
  /** The authority list: with menu_verify on, a module whose service id is not granted is hidden. */
  menu?: TFunctionMenu;
};

export const MODULE_GROUPS: Record<ModuleGroupKey, { titleKey: string }> = {
  accountManagement: { titleKey: 'layout.groups.accountManagement' },
  billManagement: { titleKey: 'layout.groups.billManagement' },
};

/**
 * Marked once the module's page answers: a page the server drew can be read before its code has
 * run and taken it over (shared/hydrated.ts). Nothing to see; tests wait for it. Beside every
 * module's page, and the no-permission page shown instead of one.
 */
export function ModuleReady() {
  return createElement('span', {
    hidden: true,
    'data-testid': 'module-ready',
    'data-ready': useHydrated() || undefined,
  });
}

/** A module's page, fetched when first opened. */
function lazyPage(load: () => Promise<ComponentType<ModuleProps>>): LazyExoticComponent<ComponentType<ModuleProps>> {
  return lazy(() =>
    load().then((Page) => ({
      default: (props: ModuleProps) =>
        createElement(Fragment, null, createElement(Page, props), createElement(ModuleReady)),
    })),
  );
}

const PersonalCentrePage = lazyPage(() =>
  import('../features/personal-centre/personal-centre-page.tsx').then((m) => m.PersonalCentrePage),
);
const CouponsPage = lazyPage(() => import('../features/coupons/coupons-page.tsx').then((m) => m.CouponsPage));
const EarnMoneyPage = lazyPage(() => import('../features/earn-money/earn-money-page.tsx').then((m) => m.EarnMoneyPage));

const RoleManagementPage = lazyPage(() =>
  import('../features/roles/role-management-page.tsx').then((m) => m.RoleManagementPage),
);
const AuthorityManagementPage = lazyPage(() =>
  import('../features/employees/authority-management-page.tsx').then((m) => m.AuthorityManagementPage),
);

const ServiceUpgradePage = lazyPage(() =>
  import('../features/service-upgrade/service-upgrade-page.tsx').then((m) => m.ServiceUpgradePage),
);
// My bill's cloud warehouse tab is the warehouse feature's, handed in here (features do not import each other).
const MyBillPage = lazyPage(() =>
  Promise.all([import('../features/bills/my-bill-page.tsx'), import('../features/warehouse/warehouse-bill.tsx')]).then(
    ([bills, warehouse]) =>
      () =>
        createElement(bills.MyBillPage, { warehouseBill: createElement(warehouse.WarehouseBill) }),
  ),
);

const DistributionPage = lazyPage(() =>
  import('../features/distribution/distribution-page.tsx').then((m) => m.DistributionPage),
);
const SupplierPage = lazyPage(() => import('../features/supplier/supplier-page.tsx').then((m) => m.SupplierPage));

const AuditLogPage = lazyPage(() => import('../features/audit-log/audit-log-page.tsx').then((m) => m.AuditLogPage));

/** Menu order. */
export const MODULES: readonly ModuleDefinition[] = [
  { key: 'personalCenter', titleKey: 'layout.modules.personalCenter', component: PersonalCentrePage },
  { key: 'serviceUpgrade', titleKey: 'layout.modules.serviceUpgrade', component: ServiceUpgradePage },
  { key: 'myCoupon', titleKey: 'layout.modules.myCoupon', component: CouponsPage },
  {
    key: 'roleManagement',
    group: 'accountManagement',
    titleKey: 'layout.modules.roleManagement',
    component: RoleManagementPage,
  },
  {
    key: 'authorityManagement',
    group: 'accountManagement',
    titleKey: 'layout.modules.authorityManagement',
    component: AuthorityManagementPage,
  },
  {
    // No catalogue entry (a role can never grant it): main accounts only, as on the server.
    key: 'auditLog',
    group: 'accountManagement',
    titleKey: 'layout.modules.auditLog',
    component: AuditLogPage,
    hiddenFromSubAccounts: true,
  },
  { key: 'myBill', group: 'billManagement', titleKey: 'layout.modules.myBill', component: MyBillPage },
  {
    key: 'distributionBill',
    group: 'billManagement',
    titleKey: 'layout.modules.distributionBill',
    component: DistributionPage,
    requiresDistribution: true,
  },
  { key: 'earnMoney', titleKey: 'layout.modules.earnMoney', component: EarnMoneyPage },
  {
    key: 'distributor',
    titleKey: 'layout.modules.distributor',
    component: SupplierPage,
    hiddenFromSubAccounts: true,
  },
];

export const DEFAULT_MODULE_KEY: ModuleKey = 'personalCenter';

/** The permission id of each module: the catalogue's service whose key is the module key. */
export const MODULE_PERMISSION_IDS: ReadonlyMap<string, number> = (() => {
  const out = new Map<string, number>();
  const visit = (node: TCatalogueNode) => {
    if (node.kind === 'service') out.set(node.key, node.id);
    node.child_list.forEach(visit);
  };
  PERMISSION_CATALOGUE.forEach(visit);
  return out;
})();

/**
 * Whether the authority list lets the viewer open a module (no list: nothing is narrowed). A
 * module with no catalogue entry is not narrowed by it either: the main-account-only ones
 * (`hiddenFromSubAccounts`) are kept from sub-accounts by that flag instead.
 */
function moduleGranted(key: ModuleKey, menu: TFunctionMenu | undefined): boolean {
  if (!menu) return true;
  const id = MODULE_PERMISSION_IDS.get(key);
  return id === undefined || canUse(menu, id);
}

export function visibleModules(
  viewer: ModuleViewer,
  modules: readonly ModuleDefinition[] = MODULES,
): ModuleDefinition[] {
  return modules.filter(
    (m) =>
      !(m.hiddenFromSubAccounts && viewer.userType !== 1) &&
      !(m.requiresDistribution && !viewer.showDistribution) &&
      moduleGranted(m.key, viewer.menu),
  );
}

/**
 * What `?active=` opens: the module if the viewer may see it; a refusal when it names a module
 * the viewer is not granted (a link from someone else, a bookmark from before a role change);
 * otherwise the default module.
 */
export function resolveModuleRequest(
  active: string | null | undefined,
  visible: readonly ModuleDefinition[],
): { kind: 'module'; module: ModuleDefinition | undefined } | { kind: 'denied'; module: ModuleDefinition } {
  const known = MODULES.find((m) => m.key === active);
  if (known && !visible.includes(known)) return { kind: 'denied', module: known };
  return { kind: 'module', module: resolveActiveModule(active, visible) };
}

/** The module `?active=` asks for if the viewer may see it, else the first visible one. */
export function resolveActiveModule(
  active: string | null | undefined,
  modules: readonly ModuleDefinition[],
): ModuleDefinition | undefined {
  return modules.find((m) => m.key === active) ?? modules.find((m) => m.key === DEFAULT_MODULE_KEY) ?? modules[0];
}

export type MenuNode =
  | { kind: 'module'; module: ModuleDefinition }
  | { kind: 'group'; key: ModuleGroupKey; titleKey: string; modules: ModuleDefinition[] };

/** Top-level modules and groups in menu order; a group sits where its first module is. */
export function buildMenuTree(modules: readonly ModuleDefinition[]): MenuNode[] {
  const tree: MenuNode[] = [];
  const groups = new Map<ModuleGroupKey, Extract<MenuNode, { kind: 'group' }>>();
  for (const module of modules) {
    if (!module.group) {
      tree.push({ kind: 'module', module });
      continue;
    }
    let group = groups.get(module.group);
    if (!group) {
      group = { kind: 'group', key: module.group, titleKey: MODULE_GROUPS[module.group].titleKey, modules: [] };
      groups.set(module.group, group);
      tree.push(group);
    }
    group.modules.push(module);
  }
  return tree;
}

/**
 * True for an employee whose authority list grants no page at all: its role was disabled or
 * taken away while it was signed in (every enabled role keeps the personal centre's pages).
 */
export function holdsNothing(userType: 1 | 2, menu: TFunctionMenu | undefined): boolean {
  return userType !== 1 && menu !== undefined && menu.page_list.length === 0;
}
