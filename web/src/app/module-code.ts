import { createElement, type ComponentType } from 'react';
import type { ModuleKey, ModuleProps } from './modules.ts';

/**
 * Each personal centre module's page code, fetched when the module is first opened (modules.ts)
 * or, for the module a visitor lands on, alongside the shell (route-loaders.ts): one table, so
 * the two cannot fetch different files.
 */
export const MODULE_CODE: Record<ModuleKey, () => Promise<ComponentType<ModuleProps>>> = {
  personalCenter: () =>
    import('../features/personal-centre/personal-centre-page.tsx').then((m) => m.PersonalCentrePage),
  serviceUpgrade: () =>
    import('../features/service-upgrade/service-upgrade-page.tsx').then((m) => m.ServiceUpgradePage),
  myCoupon: () => import('../features/coupons/coupons-page.tsx').then((m) => m.CouponsPage),
  roleManagement: () => import('../features/roles/role-management-page.tsx').then((m) => m.RoleManagementPage),
  authorityManagement: () =>
    import('../features/employees/authority-management-page.tsx').then((m) => m.AuthorityManagementPage),
  auditLog: () => import('../features/audit-log/audit-log-page.tsx').then((m) => m.AuditLogPage),
  // My bill's cloud warehouse tab is the warehouse feature's, handed in here (features do not import each other).
  myBill: () =>
    Promise.all([
      import('../features/bills/my-bill-page.tsx'),
      import('../features/warehouse/warehouse-bill.tsx'),
    ]).then(
      ([bills, warehouse]) =>
        function MyBillModule() {
          return createElement(bills.MyBillPage, { warehouseBill: createElement(warehouse.WarehouseBill) });
        },
    ),
  distributionBill: () => import('../features/distribution/distribution-page.tsx').then((m) => m.DistributionPage),
  earnMoney: () => import('../features/earn-money/earn-money-page.tsx').then((m) => m.EarnMoneyPage),
  distributor: () => import('../features/supplier/supplier-page.tsx').then((m) => m.SupplierPage),
};

/** The code of the module `?active=` names, or of the default one when it names none it knows. */
export function loadModuleCode(active: string | null): Promise<unknown> {
  const load = Object.hasOwn(MODULE_CODE, active ?? '') ? MODULE_CODE[active as ModuleKey] : MODULE_CODE.personalCenter;
  return load();
}
