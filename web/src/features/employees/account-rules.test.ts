import { ZEmployeePassword, type TDataAuthorityTree } from '@seller-centre/contract/employees';
import { describe, expect, it } from 'vitest';
import {
  buildDataAuthorityRequest,
  formatPhone,
  groupChoicesByTag,
  groupShopsByPlatform,
  initialDataAuthority,
  isProtectedAccount,
  isValidEmployeePassword,
  missingChoiceKey,
  nextAccountStatus,
  setGroupChosen,
  toShopAuth,
  toWarehouseAuth,
} from './account-rules.ts';

describe('isValidEmployeePassword (docs/product.md)', () => {
  it.each(['Abcdef1!', 'abc12345/', 'PASSWORD9?', 'a1<bcdefghijklmn'])('accepts %s', (pw) => {
    expect(isValidEmployeePassword(pw)).toBe(true);
  });
  it.each([
    ['too short', 'Ab1!xyz'],
    ['too long', 'Abcdefgh1!abcdefg'],
    ['no digit', 'Abcdefgh!'],
    ['no letter', '12345678!'],
    ['no special', 'Abcdefgh1'],
    ['a special outside the list', 'Abcdefg1_'],
  ])('refuses a password with %s', (_, pw) => {
    expect(isValidEmployeePassword(pw)).toBe(false);
  });
  it('answers as the contract schema the server applies', () => {
    const samples = [
      'Abcdef1!',
      'abc12345/',
      'PASSWORD9?',
      'a1<bcdefghijklmn',
      'Ab1!xyz',
      'Abcdefgh1!abcdefg',
      'Abcdefgh!',
      '12345678!',
      'Abcdefgh1',
      'Abcdefg1_',
      'Ab1>Ab1>',
      '        a1!',
      'Ａb1!cdefg',
      '',
    ];
    for (const pw of samples) expect(isValidEmployeePassword(pw), pw).toBe(ZEmployeePassword.safeParse(pw).success);
  });
});

describe('account rows', () => {
  it('protects accounts holding role 1', () => {
    expect(isProtectedAccount({ auth_role_id: 1 })).toBe(true);
    expect(isProtectedAccount({ auth_role_id: 2 })).toBe(false);
    expect(isProtectedAccount({ auth_role_id: null })).toBe(false);
  });

  it('shows the phone with its area code', () => {
    expect(formatPhone({ area: '66', user_mobile: '812345678' })).toBe('+66 812345678');
    expect(formatPhone({ area: '', user_mobile: '812345678' })).toBe('812345678');
    expect(formatPhone({ area: '86', user_mobile: '' })).toBe('-');
  });

  it('toggles to the opposite status', () => {
    expect(nextAccountStatus({ status: 1 })).toBe(0);
    expect(nextAccountStatus({ status: 0 })).toBe(1);
  });
});

describe('shop and warehouse scope', () => {
  const group = {
    shopee: [{ id: 4, shop_name: 'Shopee TH' }],
    mystery: [{ id: 9, shop_name: 'Somewhere' }],
    coupang: [
      { id: 1, shop_name: 'Coupang A' },
      { id: 2, shop_name: 'Coupang B' },
    ],
    lazada: [],
  };
  const platforms = [
    { platform: 'coupang', platform_name: 'Coupang' },
    { platform: 'shopee', platform_name: 'Shopee' },
  ];

  it('groups shops by platform in the platform list order, with display names', () => {
    const groups = groupShopsByPlatform(group, platforms);
    expect(groups.map((g) => [g.key, g.label, g.items.map((i) => i.id)])).toEqual([
      ['coupang', 'Coupang', [1, 2]],
      ['shopee', 'Shopee', [4]],
      ['mystery', 'mystery', [9]],
    ]);
  });

  it('sends the chosen shops per platform, and nothing for all shops', () => {
    const groups = groupShopsByPlatform(group, platforms);
    expect(toShopAuth(2, [2, 4], groups)).toEqual({
      auth_type: 2,
      auth_data: [
        { platform: 'coupang', auth_value: '2' },
        { platform: 'shopee', auth_value: '4' },
      ],
    });
    expect(toShopAuth(1, [2, 4], groups)).toEqual({ auth_type: 1, auth_data: [] });
  });

  it('sends the chosen warehouses comma-joined, and nothing for all warehouses', () => {
    expect(toWarehouseAuth(2, [501, 503, 501])).toEqual({ auth_type: 2, auth_value: '501,503' });
    expect(toWarehouseAuth(1, [501])).toEqual({ auth_type: 1, auth_value: '' });
  });

  it('ticks and clears a whole group, keeping the other choices', () => {
    expect(setGroupChosen([9], [1, 2], true).sort()).toEqual([1, 2, 9]);
    expect(setGroupChosen([1, 2, 9], [1, 2], false)).toEqual([9]);
  });
});

describe('data authority', () => {
  const area = (
    id: number,
    types: number[],
    authType: number,
    value: string,
    data: [number, string, string][] = [],
  ) => ({
    id,
    name: `area ${id}`,
    auth_types: types,
    auth_data: { id: authType ? id * 10 : 0, data_menu_id: id, auth_type: authType, auth_value: value },
    data: data.map(([i, name, group_tag]) => ({ id: i, name, group_tag })),
  });
  const tree: TDataAuthorityTree = [
    {
      name: 'Shops',
      code: 'shop',
      child_list: [
        area(11, [1, 2], 2, '1001,1004', [
          [1001, 'A', 'Coupang'],
          [1004, 'B', 'Shopee'],
          [1002, 'C', 'Coupang'],
        ]),
      ],
    },
    { name: 'Warehouses', code: 'warehouse', child_list: [area(12, [1, 2], 1, '')] },
    { name: 'Products', code: 'product', child_list: [area(13, [1, 3], 3, ''), area(14, [1, 3], 0, '')] },
    { name: 'Staff', code: 'staff', child_list: [area(18, [1, 2], 1, '', [[7, 'finance01', '']])] },
  ];

  it('reads the current settings; an area never set has type 0', () => {
    expect(initialDataAuthority(tree)).toEqual({
      11: { authType: 2, items: [1001, 1004] },
      12: { authType: 1, items: [] },
      13: { authType: 3, items: [] },
      14: { authType: 0, items: [] },
      18: { authType: 1, items: [] },
    });
  });

  it('saves every area that has a type, items only for selected', () => {
    const state = { ...initialDataAuthority(tree), 18: { authType: 2 as const, items: [7] } };
    const result = buildDataAuthorityRequest(5, tree, state);
    expect(result).toEqual({
      ok: true,
      request: {
        user_id: 5,
        auth_data: [
          { id: 110, data_menu_id: 11, auth_type: 2, auth_value: '1001,1004' },
          { id: 120, data_menu_id: 12, auth_type: 1, auth_value: '' },
          { id: 130, data_menu_id: 13, auth_type: 3, auth_value: '' },
          { id: 180, data_menu_id: 18, auth_type: 2, auth_value: '7' },
        ],
      },
    });
  });

  it('refuses a selected area without items, naming its message and tab', () => {
    const state = { ...initialDataAuthority(tree), 12: { authType: 2 as const, items: [] } };
    expect(buildDataAuthorityRequest(5, tree, state)).toEqual({
      ok: false,
      dataMenuId: 12,
      tabCode: 'warehouse',
      message: 'atLeastOneWarehouse',
    });
    expect(missingChoiceKey(11)).toBe('atLeastOneShop');
    expect(missingChoiceKey(18)).toBe('atLeastOneEmployee');
  });

  it('groups choices by their tag', () => {
    const groups = groupChoicesByTag(tree[0]!.child_list[0]!.data);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['Coupang', [1001, 1002]],
      ['Shopee', [1004]],
    ]);
  });
});
