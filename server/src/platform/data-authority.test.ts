import { describe, expect, it } from 'vitest';
import type { Principal } from './auth.ts';
import { dataAuthorityCondition, ownDataCondition, scopeCovers } from './data-authority.ts';

const scopes = new Map();
const main: Principal = {
  userId: 7,
  mainId: 7,
  userType: 1,
  userName: 'boss',
  sessionId: 1,
  role: null,
  dataScopes: scopes,
};
const employee: Principal = {
  userId: 9,
  mainId: 7,
  userType: 2,
  userName: 'clerk',
  sessionId: 2,
  role: { id: 5, menuIds: [] },
  dataScopes: scopes,
};

describe('dataAuthorityCondition', () => {
  it('lets a main account see every row of its tenant, adding no parameter', () => {
    const params: unknown[] = [7];
    expect(dataAuthorityCondition(main, 'shops', 's.id', params)).toBe('TRUE');
    expect(params).toEqual([7]);
  });

  it("narrows an employee to its own setting, numbering placeholders after the caller's", () => {
    const params: unknown[] = [7, 'x'];
    const sql = dataAuthorityCondition(employee, 'warehouses', 'w.id', params);
    expect(params).toEqual([7, 'x', 9, 12]);
    expect(sql).toContain('da.user_id = $3');
    expect(sql).toContain('da.data_menu_id = $4');
    expect(sql).toContain('w.id IN (SELECT di.item_id');
    expect(sql).not.toContain('OR w.id = $3');
  });

  it('always shows an employee its own row in the employees area', () => {
    const params: unknown[] = [];
    expect(dataAuthorityCondition(employee, 'employees', 'u.id', params)).toContain('OR u.id = $1');
    expect(params).toEqual([9, 18]);
  });

  it('refuses anything but a plain column name', () => {
    expect(() => dataAuthorityCondition(employee, 'shops', 's.id; DROP TABLE shops', [])).toThrow(/unsafe/);
    expect(() => ownDataCondition(employee, 'purchase', '1=1 OR x', [])).toThrow(/unsafe/);
  });

  it('limits own-data areas to the creator for type 3', () => {
    const params: unknown[] = [7];
    const sql = ownDataCondition(employee, 'productLibrary', 'p.created_by', params);
    expect(params).toEqual([7, 9, 13]);
    expect(sql).toContain('p.created_by = $2');
    expect(ownDataCondition(main, 'purchase', 'p.created_by', [])).toBe('TRUE');
  });
});

describe('scopeCovers: nobody grants data they do not have', () => {
  const all = { authType: 1 as const, items: new Set<number>() };
  const some = { authType: 2 as const, items: new Set([1, 2, 3]) };
  const own = { authType: 3 as const, items: new Set<number>() };

  it('from all data, anything', () => {
    expect(scopeCovers(all, { authType: 1, items: [] })).toBe(true);
    expect(scopeCovers(all, { authType: 2, items: [99] })).toBe(true);
  });
  it('from selected items, a subset of them only', () => {
    expect(scopeCovers(some, { authType: 2, items: [1, 3] })).toBe(true);
    expect(scopeCovers(some, { authType: 2, items: [1, 4] })).toBe(false);
    expect(scopeCovers(some, { authType: 1, items: [] })).toBe(false);
  });
  it('from own data, own data only; from nothing, nothing', () => {
    expect(scopeCovers(own, { authType: 3, items: [] })).toBe(true);
    expect(scopeCovers(own, { authType: 1, items: [] })).toBe(false);
    expect(scopeCovers(undefined, { authType: 2, items: [1] })).toBe(false);
  });
});
