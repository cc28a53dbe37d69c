import { describe, expect, it } from 'vitest';
import { buildMenuTree, MODULE_PERMISSION_IDS, MODULES, resolveActiveModule, visibleModules } from './modules.ts';

const mainWithDistribution = { userType: 1, showDistribution: true } as const;

describe('visibleModules', () => {
  it('shows every module to a main account with distribution on', () => {
    expect(visibleModules(mainWithDistribution).map((m) => m.key)).toEqual([
      'personalCenter',
      'serviceUpgrade',
      'myCoupon',
      'roleManagement',
      'authorityManagement',
      'auditLog',
      'myBill',
      'distributionBill',
      'earnMoney',
      'distributor',
    ]);
  });

  it('hides the audit log from sub-accounts', () => {
    const keys = visibleModules({ userType: 2, showDistribution: true }).map((m) => m.key);
    expect(keys).not.toContain('auditLog');
    expect(keys).toContain('authorityManagement');
    const sub = visibleModules({ userType: 2, showDistribution: true });
    expect(resolveActiveModule('auditLog', sub)?.key).toBe('personalCenter');
  });

  it('hides the distributor application from sub-accounts', () => {
    const keys = visibleModules({ userType: 2, showDistribution: true }).map((m) => m.key);
    expect(keys).not.toContain('distributor');
    expect(keys).toContain('distributionBill');
  });

  it('hides the distribution bill unless the distribution info says so', () => {
    const keys = visibleModules({ userType: 1, showDistribution: false }).map((m) => m.key);
    expect(keys).not.toContain('distributionBill');
    expect(keys).toContain('myBill');
  });
});

describe('resolveActiveModule', () => {
  const all = visibleModules(mainWithDistribution);

  it('opens the module named by ?active=', () => {
    expect(resolveActiveModule('myBill', all)?.key).toBe('myBill');
    expect(resolveActiveModule('myBill', all)?.group).toBe('billManagement');
  });

  it('falls back to the personal centre for a missing, unknown or hidden module', () => {
    expect(resolveActiveModule(null, all)?.key).toBe('personalCenter');
    expect(resolveActiveModule('nope', all)?.key).toBe('personalCenter');
    const sub = visibleModules({ userType: 2, showDistribution: false });
    expect(resolveActiveModule('distributor', sub)?.key).toBe('personalCenter');
  });
});

describe('buildMenuTree', () => {
  it('nests grouped modules under their group, in registry order', () => {
    const tree = buildMenuTree(MODULES).map((node) =>
      node.kind === 'module' ? node.module.key : `${node.key}:${node.modules.map((m) => m.key).join(',')}`,
    );
    expect(tree).toEqual([
      'personalCenter',
      'serviceUpgrade',
      'myCoupon',
      'accountManagement:roleManagement,authorityManagement,auditLog',
      'billManagement:myBill,distributionBill',
      'earnMoney',
      'distributor',
    ]);
  });
});

describe('visibleModules with the authority list', () => {
  const menu = {
    button_list: [],
    menu_list: ['1'],
    module_list: ['250', '252'],
    page_list: ['250', '254', '252', '258'],
    menu_verify: true,
  };

  it('shows a sub-account only the modules its role grants', () => {
    const keys = visibleModules({ userType: 2, showDistribution: true, menu }).map((m) => m.key);
    expect(keys).toEqual(['personalCenter', 'myCoupon']);
  });

  it('narrows nothing when menu verification is off', () => {
    const keys = visibleModules({ userType: 1, showDistribution: true, menu: { ...menu, menu_verify: false } }).map(
      (m) => m.key,
    );
    expect(keys).toHaveLength(10);
  });

  it('maps every module a role can grant to its permission id in the catalogue', () => {
    for (const module of MODULES.filter((m) => m.key !== 'auditLog')) {
      expect(MODULE_PERMISSION_IDS.get(module.key), module.key).toBeTypeOf('number');
    }
  });

  it('shows the audit log, which has no catalogue entry, to a main account whatever the list says', () => {
    expect(MODULE_PERMISSION_IDS.has('auditLog')).toBe(false);
    const keys = visibleModules({ userType: 1, showDistribution: true, menu }).map((m) => m.key);
    expect(keys).toContain('auditLog');
    const sub = visibleModules({ userType: 2, showDistribution: true, menu: { ...menu, menu_verify: false } });
    expect(sub.map((m) => m.key)).not.toContain('auditLog');
  });
});
