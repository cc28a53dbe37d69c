import { PERMISSIONS } from '@seller-centre/contract/permissions';
import { describe, expect, it } from 'vitest';
import type { Principal } from './auth.ts';
import { AppError } from './errors.ts';
import { functionMenuOf, grantsOf, requireMainAccount, requirePermission, roleGrantFromRows } from './permissions.ts';

const main: Principal = {
  userId: 1,
  tenantId: 1,
  userType: 1,
  userName: 'boss',
  sessionId: 1,
  role: null,
  dataScopes: new Map(),
};
/** An employee as the session lookup makes it: with its role's stored ids, or no enabled role. */
const employee = (role: Principal['role'] = null): Principal => ({
  userId: 2,
  tenantId: 1,
  userType: 2,
  userName: 'clerk',
  sessionId: 2,
  role,
  dataScopes: new Map(),
});

describe('roleGrantFromRows', () => {
  it('adds ancestors and locked ids, drops unknown and main-only ids', () => {
    const grant = roleGrantFromRows([PERMISSIONS.role.create, 99_999, PERMISSIONS.distributor.page]);
    expect([...grant].sort((a, b) => a - b)).toEqual([1, 250, 253, 254, 255, 260, 277]);
  });
});

describe('grantsOf and requirePermission', () => {
  it('gives a main account everything', () => {
    expect(grantsOf(main).has(PERMISSIONS.distributor.module)).toBe(true);
    expect(() => requirePermission(main, PERMISSIONS.role.delete)).not.toThrow();
  });

  it("gives an employee its role's grant, with the ancestors of what the role stores", () => {
    const principal = employee({ id: 5, menuIds: [PERMISSIONS.role.create] });
    requirePermission(principal, PERMISSIONS.role.create);
    requirePermission(principal, PERMISSIONS.role.page);
    let refused: unknown;
    try {
      requirePermission(principal, PERMISSIONS.role.delete);
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 403, key: 'forbidden' });
  });

  it('gives an employee of the built-in top role everything a role may carry, but no main-only area', () => {
    const grants = grantsOf(employee({ id: 1, menuIds: [] }));
    expect(grants.has(PERMISSIONS.employee.dataAuthority)).toBe(true);
    expect(grants.has(PERMISSIONS.distributor.page)).toBe(false);
  });

  it('gives an employee nothing when no enabled role of its tenant came with the session', () => {
    expect(grantsOf(employee()).size).toBe(0);
    const menu = functionMenuOf(employee());
    expect(menu).toEqual({ button_list: [], menu_list: [], module_list: [], page_list: [], menu_verify: true });
  });

  it('keeps main-only areas to main accounts', () => {
    expect(() => requireMainAccount(main)).not.toThrow();
    expect(() => requireMainAccount(employee())).toThrow(AppError);
  });
});
