import { describe, expect, it } from 'vitest';
import { OPERATOR_PERMISSIONS, OPERATOR_ROLE_PERMISSIONS, OPERATOR_ROLES, operatorRoleCan } from './operators.ts';

describe('operator roles', () => {
  it('lets every role read, and only admins change roles, the catalogue or partners', () => {
    for (const role of OPERATOR_ROLES) expect(operatorRoleCan(role, 'read')).toBe(true);
    for (const permission of ['operators', 'catalogue', 'partners'] as const) {
      expect(OPERATOR_ROLES.filter((role) => operatorRoleCan(role, permission))).toEqual(['admin']);
    }
  });

  it('keeps money away from support, and coupons and links away from finance', () => {
    expect(operatorRoleCan('support', 'money')).toBe(false);
    expect(operatorRoleCan('finance', 'money')).toBe(true);
    expect(operatorRoleCan('finance', 'coupons')).toBe(false);
    expect(operatorRoleCan('finance', 'warehouse-links')).toBe(false);
  });

  it('gives admins every permission, and names only known permissions', () => {
    expect(OPERATOR_ROLE_PERMISSIONS.admin).toEqual(OPERATOR_PERMISSIONS);
    for (const role of OPERATOR_ROLES) {
      for (const permission of OPERATOR_ROLE_PERMISSIONS[role]) expect(OPERATOR_PERMISSIONS).toContain(permission);
    }
  });
});
