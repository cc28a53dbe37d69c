import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The personal centre's modules (spec 01 section 2): one table drives the menu, its groups,
 * the page titles, who may see a module and which component renders it. `/home?active=<key>`
 * opens a module.
 */

export type ModuleKey =
  | 'personalCenter'
  | 'serviceUpgrade'
  | 'myCoupon'
  | 'roleManagement'
  | 'authorityManagement'
  | 'myBill'
  | 'distributionBill'
  | 'earnMoney'
  | 'distributor';

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
};

export const MODULE_GROUPS: Record<ModuleGroupKey, { titleKey: string }> = {
  accountManagement: { titleKey: 'layout.groups.accountManagement' },
  billManagement: { titleKey: 'layout.groups.billManagement' },
};

// Until a module's feature exists it renders the shared "not available yet" page.
const ModuleUnavailable = lazy(() =>
  import('./shell/module-unavailable.tsx').then((m) => ({ default: m.ModuleUnavailable })),
);

/** Menu order. */
export const MODULES: readonly ModuleDefinition[] = [
  { key: 'personalCenter', titleKey: 'layout.modules.personalCenter', component: ModuleUnavailable },
  { key: 'serviceUpgrade', titleKey: 'layout.modules.serviceUpgrade', component: ModuleUnavailable },
  { key: 'myCoupon', titleKey: 'layout.modules.myCoupon', component: ModuleUnavailable },
  {
    key: 'roleManagement',
    group: 'accountManagement',
    titleKey: 'layout.modules.roleManagement',
    component: ModuleUnavailable,
  },
  {
    key: 'authorityManagement',
    group: 'accountManagement',
    titleKey: 'layout.modules.authorityManagement',
    component: ModuleUnavailable,
  },
  { key: 'myBill', group: 'billManagement', titleKey: 'layout.modules.myBill', component: ModuleUnavailable },
  {
    key: 'distributionBill',
    group: 'billManagement',
    titleKey: 'layout.modules.distributionBill',
    component: ModuleUnavailable,
    requiresDistribution: true,
  },
  { key: 'earnMoney', titleKey: 'layout.modules.earnMoney', component: ModuleUnavailable },
  {
    key: 'distributor',
    titleKey: 'layout.modules.distributor',
    component: ModuleUnavailable,
    hiddenFromSubAccounts: true,
  },
];

export const DEFAULT_MODULE_KEY: ModuleKey = 'personalCenter';

export function visibleModules(
  viewer: ModuleViewer,
  modules: readonly ModuleDefinition[] = MODULES,
): ModuleDefinition[] {
  return modules.filter(
    (m) =>
      !(m.hiddenFromSubAccounts && viewer.userType !== 1) &&
      !(m.requiresDistribution && !viewer.showDistribution),
  );
}

/** The module `?active=` asks for if the viewer may see it, else the first visible one. */
export function resolveActiveModule(
  active: string | null | undefined,
  modules: readonly ModuleDefinition[],
): ModuleDefinition | undefined {
  return (
    modules.find((m) => m.key === active) ??
    modules.find((m) => m.key === DEFAULT_MODULE_KEY) ??
    modules[0]
  );
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
