import { z } from 'zod';
import { NAME_PATTERN, VALIDATION } from './validation.ts';
import { ZArea, ZPhoneNumber } from './auth.ts';
import { ZName } from './names.ts';
import { withNormalisedPhone } from './phone.ts';
import { ZId, ZPageSize, ZStatus } from './roles.ts';

/**
 * Employee (sub-account) administration, titled 'authority management', and employee data
 * authority (docs/product.md). The contract gives only path shapes; these are ours.
 */
export const employeePaths = {
  /** GET list (page, limit, user_name, status) · POST create · PUT edit {user_id, auth_role_id, system_list}. */
  subAccounts: '/api/v1/auth/sub-account',
  /** PUT {user_id, password} */
  password: '/api/v1/auth/sub-account/password',
  /** PUT {user_id, status} */
  status: '/api/v1/auth/sub-account/status',
  /** GET ?user_id= : the data authority tree (v3, as the contract names it). */
  dataAuthorityTree: '/api/v3/auth/sub-account/data',
  /** PUT {user_id, auth_data} */
  dataAuthority: '/api/v1/auth/sub-account/data',
} as const;

export const EMPLOYEE_NAME_MAX = 32;
export const EMPLOYEE_PASSWORD_MIN = 8;
export const EMPLOYEE_PASSWORD_MAX = 16;
export const EMPLOYEE_PASSWORD_SPECIALS = '!@#$%^&*<>/?';

/** 8-16 characters with at least one digit, one letter and one of !@#$%^&*<>/? (docs/product.md). */
export const ZEmployeePassword = z
  .string()
  .min(EMPLOYEE_PASSWORD_MIN)
  .max(EMPLOYEE_PASSWORD_MAX)
  .regex(/\d/, VALIDATION.needsDigit)
  .regex(/[A-Za-z]/, VALIDATION.needsLetter)
  .regex(/[!@#$%^&*<>/?]/, VALIDATION.needsSpecial);

/** Employees sign in with their name: letters and digits only, as a main account's (docs/product.md). */
export const ZEmployeeName = ZName().min(1).max(EMPLOYEE_NAME_MAX).regex(NAME_PATTERN, VALIDATION.lettersOrDigits);

/** Service list labels (docs/product.md): 1 cloud warehouse, 2 listing, 3 product library, 4 selection, 5 ERP. */
export const SYSTEM_LIST_VALUES = [1, 2, 3, 4, 5] as const;
export const ZSystemList = z
  .array(z.number().int().min(1).max(5))
  .max(5)
  .transform((list) => [...new Set(list)].sort((a, b) => a - b));

/** Data authority types: 1 all data, 2 selected items, 3 own data only (product library, purchase data). */
export const AUTH_TYPES = { all: 1, selected: 2, own: 3 } as const;
export const ZAuthType = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)]));
export type TAuthType = z.infer<typeof ZAuthType>;

/** Data areas (data_menu_id) of the authority tree. 18 is the contract's 'selected employees' item. */
export const DATA_MENUS = { shops: 11, warehouses: 12, productLibrary: 13, purchase: 14, employees: 18 } as const;
export type TDataMenuId = (typeof DATA_MENUS)[keyof typeof DATA_MENUS];

/** Comma-joined ids, empty when the type is 1 (all). */
export const ZIdList = z
  .string()
  .trim()
  .max(20_000)
  .regex(/^(\d{1,15}(,\d{1,15})*)?$/, VALIDATION.commaJoinedIds);

export const ZSubAccountListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: ZPageSize.default(10),
  user_name: z.string().trim().max(EMPLOYEE_NAME_MAX).optional(),
  status: ZStatus.default(1),
});
export type TSubAccountListQuery = z.infer<typeof ZSubAccountListQuery>;

export const ZSubAccount = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  user_mobile: z.string(),
  area: z.string(),
  /** 1 for the main account's own row: the built-in top role, not editable. */
  auth_role_id: z.number().int().nullable(),
  auth_role_name: z.string(),
  status: z.number().int(),
  created_at: z.string(),
  added_time: z.string(),
  system_list: z.array(z.number().int()),
});
export type TSubAccount = z.infer<typeof ZSubAccount>;
export const ZSubAccountList = z.object({ total: z.number().int(), data: z.array(ZSubAccount) });
export type TSubAccountList = z.infer<typeof ZSubAccountList>;

export const ZShopAuth = z.object({
  auth_type: z.union([z.literal(1), z.literal(2)]),
  /** Per platform, the chosen shop ids comma-joined. Ignored when auth_type is 1. */
  auth_data: z
    .array(z.object({ platform: z.string().trim().min(1).max(32), auth_value: ZIdList }))
    .max(100)
    .default([]),
});
export type TShopAuth = z.input<typeof ZShopAuth>;

export const ZWarehouseAuth = z.object({
  auth_type: z.union([z.literal(1), z.literal(2)]),
  auth_value: ZIdList.default(''),
});
export type TWarehouseAuth = z.input<typeof ZWarehouseAuth>;

export const ZCreateSubAccountRequest = withNormalisedPhone(
  z.object({
    user_name: ZEmployeeName,
    area: ZArea,
    phone_number: ZPhoneNumber,
    password: ZEmployeePassword,
    auth_role_id: ZId,
    shop_auth: ZShopAuth,
    warehouse_auth: ZWarehouseAuth,
    system_list: ZSystemList.optional(),
  }),
);
export type TCreateSubAccountRequest = z.input<typeof ZCreateSubAccountRequest>;

export const ZUpdateSubAccountRequest = z.object({
  user_id: ZId,
  auth_role_id: ZId,
  /** Left out: the account keeps its service list. */
  system_list: ZSystemList.optional(),
});
export type TUpdateSubAccountRequest = z.input<typeof ZUpdateSubAccountRequest>;

export const ZSubAccountPasswordRequest = z.object({ user_id: ZId, password: ZEmployeePassword });
export type TSubAccountPasswordRequest = z.infer<typeof ZSubAccountPasswordRequest>;

export const ZSubAccountStatusRequest = z.object({ user_id: ZId, status: ZStatus });
export type TSubAccountStatusRequest = z.infer<typeof ZSubAccountStatusRequest>;

export const ZSubAccountIdQuery = z.object({ user_id: ZId });

/** One data-authority setting (docs/product.md). `id` is the setting's own id (0 if never saved). */
export const ZDataAuthorityItem = z.object({
  id: z.number().int(),
  data_menu_id: z.number().int(),
  auth_type: z.number().int(),
  auth_value: z.string(),
});
export type TDataAuthorityItem = z.infer<typeof ZDataAuthorityItem>;

export const ZDataAuthorityChoice = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Grouping label: the platform of a shop, empty otherwise. */
  group_tag: z.string(),
});

export const ZDataAuthorityChild = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The option pair offered: [1, 2] (all / selected) or [1, 3] (all / own data). */
  auth_types: z.array(z.number().int()),
  auth_data: ZDataAuthorityItem,
  data: z.array(ZDataAuthorityChoice),
});
export const ZDataAuthorityTab = z.object({
  name: z.string(),
  code: z.string(),
  child_list: z.array(ZDataAuthorityChild),
});
export const ZDataAuthorityTree = z.array(ZDataAuthorityTab);
export type TDataAuthorityTree = z.infer<typeof ZDataAuthorityTree>;

export const ZUpdateDataAuthorityRequest = z.object({
  user_id: ZId,
  auth_data: z
    .array(
      z.object({
        id: z.coerce.number().int().min(0).optional(),
        data_menu_id: z.coerce.number().int(),
        auth_type: ZAuthType,
        auth_value: ZIdList.default(''),
      }),
    )
    .min(1)
    .max(20),
});
export type TUpdateDataAuthorityRequest = z.input<typeof ZUpdateDataAuthorityRequest>;

/** Parses comma-joined ids ('' → []), dropping duplicates. */
export function parseIdList(value: string | undefined | null): number[] {
  if (!value) return [];
  return [...new Set(value.split(',').filter(Boolean).map(Number))];
}

type TLocalized = { zh: string; kr: string; th: string };

/**
 * The data authority tree's shape: tabs and their data areas, with the option pair each offers.
 * The server fills in each area's current setting and its choices.
 */
export const DATA_AUTHORITY_TABS: readonly {
  code: string;
  name: TLocalized;
  child_list: readonly { id: TDataMenuId; name: TLocalized; auth_types: readonly TAuthType[] }[];
}[] = [
  {
    code: 'shop',
    name: { zh: '店铺', kr: '상점', th: 'ร้านค้า' },
    child_list: [
      { id: DATA_MENUS.shops, name: { zh: '店铺数据', kr: '상점 데이터', th: 'ข้อมูลร้านค้า' }, auth_types: [1, 2] },
    ],
  },
  {
    code: 'warehouse',
    name: { zh: '仓库', kr: '창고', th: 'คลังสินค้า' },
    child_list: [
      {
        id: DATA_MENUS.warehouses,
        name: { zh: '仓库数据', kr: '창고 데이터', th: 'ข้อมูลคลังสินค้า' },
        auth_types: [1, 2],
      },
    ],
  },
  {
    code: 'product',
    name: { zh: '商品与采购', kr: '상품 및 구매', th: 'สินค้าและการจัดซื้อ' },
    child_list: [
      {
        id: DATA_MENUS.productLibrary,
        name: { zh: '商品库数据', kr: '상품 라이브러리 데이터', th: 'ข้อมูลไลบรารีสินค้า' },
        auth_types: [1, 3],
      },
      {
        id: DATA_MENUS.purchase,
        name: { zh: '采购数据', kr: '구매 데이터', th: 'ข้อมูลการจัดซื้อ' },
        auth_types: [1, 3],
      },
    ],
  },
  {
    code: 'staff',
    name: { zh: '员工', kr: '직원', th: 'พนักงาน' },
    child_list: [
      {
        id: DATA_MENUS.employees,
        name: { zh: '员工数据', kr: '직원 데이터', th: 'ข้อมูลพนักงาน' },
        auth_types: [1, 2],
      },
    ],
  },
];

export const DATA_MENU_IDS: readonly TDataMenuId[] = DATA_AUTHORITY_TABS.flatMap((t) => t.child_list.map((c) => c.id));
