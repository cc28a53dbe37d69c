import { describe, expect, it } from 'vitest';
import {
  buildMenuTree,
  holdsNothing,
  MODULE_PERMISSION_IDS,
  MODULES,
  resolveActiveModule,
  resolveModuleRequest,
  visibleModules,
} from './modules.ts';
import { routeTitleKey } from './route-titles.ts';

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

describe('opening a module by URL', () => {
  const sub = visibleModules({
    userType: 2,
    showDistribution: false,
    menu: { button_list: [], menu_list: ['1'], module_list: ['250'], page_list: ['250', '254'], menu_verify: true },
  });

  it('refuses a module the account is not granted instead of showing another one', () => {
    expect(resolveModuleRequest('roleManagement', sub)).toMatchObject({
      kind: 'denied',
      module: { key: 'roleManagement' },
    });
    expect(resolveModuleRequest('auditLog', sub)).toMatchObject({ kind: 'denied' });
  });

  it('opens a granted module, and the default one for no or an unknown key', () => {
    expect(resolveModuleRequest('personalCenter', sub)).toMatchObject({
      kind: 'module',
      module: { key: 'personalCenter' },
    });
    expect(resolveModuleRequest('noSuchThing', sub)).toMatchObject({
      kind: 'module',
      module: { key: 'personalCenter' },
    });
    expect(resolveModuleRequest(null, sub)).toMatchObject({ kind: 'module', module: { key: 'personalCenter' } });
  });

  it('tells an employee holding no page at all (a disabled role) from one holding little', () => {
    const empty = { button_list: [], menu_list: [], module_list: [], page_list: [], menu_verify: true };
    expect(holdsNothing(2, empty)).toBe(true);
    expect(holdsNothing(2, { ...empty, page_list: ['250', '254'] })).toBe(false);
    expect(holdsNothing(1, empty)).toBe(false);
    expect(holdsNothing(2, undefined)).toBe(false);
  });
});

describe('page titles from the route table', () => {
  it('names the route, and on /home the module ?active= asks for', () => {
    expect(routeTitleKey([undefined, { title: 'common.titles.login' }], new URLSearchParams())).toBe(
      'common.titles.login',
    );
    expect(routeTitleKey([{ title: 'module' }], new URLSearchParams('active=auditLog'))).toBe(
      'layout.modules.auditLog',
    );
    expect(routeTitleKey([{ title: 'module' }], new URLSearchParams())).toBe('layout.modules.personalCenter');
    expect(routeTitleKey([undefined], new URLSearchParams())).toBeUndefined();
  });
});
