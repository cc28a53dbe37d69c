import { DATA_MENUS } from '@seller-centre/contract/employees';
import { CATALOGUE_INDEX, PERMISSIONS, tickPermission } from '@seller-centre/contract/permissions';
import { hashPassword } from '../../platform/passwords.ts';
import { roleGrantFromRows } from '../../platform/permissions.ts';
import type { Queryable } from '../client.ts';

/**
 * Demo data of access control: platforms, a dozen shops, warehouses, four roles (one
 * disabled) and two employees. The employees' sign-in details are documented in README and
 * docs/permissions.md.
 */

const DEMO_PLATFORMS = [
  { code: 'coupang', name: 'Coupang' },
  { code: 'shopee', name: 'Shopee' },
  { code: 'lazada', name: 'Lazada' },
  { code: 'tiktok', name: 'TikTok Shop' },
  { code: 'amazon', name: 'Amazon' },
] as const;

export const DEMO_SHOPS: Record<string, string[]> = {
  coupang: ['Coupang KR Main', 'Coupang KR Outlet', 'Coupang Rocket Growth'],
  shopee: ['Shopee TH Official', 'Shopee SG Store', 'Shopee MY Store'],
  lazada: ['Lazada TH Flagship', 'Lazada PH Store', 'Lazada VN Store'],
  tiktok: ['TikTok Shop TH Live', 'TikTok Shop MY Live', 'TikTok Shop SG Live'],
};

const DEMO_WAREHOUSES = ['Shenzhen Warehouse', 'Yiwu Warehouse', 'Incheon Warehouse', 'Bangkok Warehouse'];

const { role, employee, bill, personalCenter, coupon, serviceUpgrade } = PERMISSIONS;

/** Roles of the demo tenant: [name, describe, status, grant]. */
const DEMO_ROLES: [string, string, 0 | 1, number[]][] = [
  [
    '运营专员',
    '店铺运营，仅看分配的店铺',
    1,
    [
      personalCenter.module,
      coupon.module,
      bill.softwareFee,
      bill.cloud,
      // ERP: products and orders, without delete or export
      311,
      312,
      313,
      317,
      318,
      319,
      321,
      322,
      325,
      326,
    ],
  ],
  [
    '财务专员',
    '账单与充值',
    1,
    [
      personalCenter.module,
      coupon.module,
      serviceUpgrade.module,
      bill.module,
      // distribution bill page
      264,
    ],
  ],
  ['账号管理员', '管理角色与子账号', 1, [personalCenter.module, role.module, employee.module]],
  ['客服', '已停用的示例角色', 0, [personalCenter.module, 321]],
];

/** The demo employees (password rule of spec 02: 8-16, a digit, a letter, one of !@#$%^&*<>/?). */
export const DEMO_EMPLOYEES = [
  {
    user_name: 'operator01',
    area: '86',
    phone_number: '13800138001',
    password: 'Operator@2026',
    role: '运营专员',
    /** Sees two shops and one warehouse, and only its own product-library and purchase data. */
    shops: ['Coupang KR Main', 'Shopee TH Official'],
    warehouses: ['Shenzhen Warehouse'],
  },
  {
    user_name: 'finance01',
    area: '86',
    phone_number: '13800138002',
    password: 'Finance@2026',
    role: '财务专员',
    shops: 'all',
    warehouses: 'all',
  },
] as const;

export async function seedAccessDemo(tx: Queryable, mainId: number): Promise<void> {
  for (const [index, p] of DEMO_PLATFORMS.entries()) {
    await tx.query('INSERT INTO platforms (main_id, code, name, sort) VALUES ($1, $2, $3, $4)', [
      mainId,
      p.code,
      p.name,
      (index + 1) * 10,
    ]);
  }
  const shopIds = new Map<string, number>();
  for (const [platform, names] of Object.entries(DEMO_SHOPS)) {
    for (const name of names) {
      const [row] = await tx.query<{ id: string }>(
        'INSERT INTO shops (main_id, platform, shop_name) VALUES ($1, $2, $3) RETURNING id',
        [mainId, platform, name],
      );
      shopIds.set(name, Number(row!.id));
    }
  }
  const warehouseIds = new Map<string, number>();
  for (const name of DEMO_WAREHOUSES) {
    const [row] = await tx.query<{ id: string }>(
      'INSERT INTO warehouses (main_id, name) VALUES ($1, $2) RETURNING id',
      [mainId, name],
    );
    warehouseIds.set(name, Number(row!.id));
  }

  const roleIds = new Map<string, number>();
  for (const [name, describe, status, grant] of DEMO_ROLES) {
    const [row] = await tx.query<{ id: string }>(
      'INSERT INTO auth_roles (main_id, name, describe, status, created_by) VALUES ($1, $2, $3, $4, $1) RETURNING id',
      [mainId, name, describe, status],
    );
    const id = Number(row!.id);
    roleIds.set(name, id);
    // Ticked as in the settings dialog: a service brings its pages and buttons along.
    const ticked = grant.reduce<Set<number>>(
      (set, menuId) => tickPermission(CATALOGUE_INDEX, set, menuId, true),
      new Set(),
    );
    await tx.query('INSERT INTO auth_role_menus (role_id, menu_id) SELECT $1, unnest($2::int[])', [
      id,
      [...roleGrantFromRows(ticked)],
    ]);
  }

  for (const e of DEMO_EMPLOYEES) {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO users (main_id, user_type, user_name, area, phone_number, password_hash, auth_role_id, created_by, company_name)
       SELECT $1, 2, $2, $3, $4, $5, $6, $1, m.company_name FROM users m WHERE m.id = $1
       RETURNING id`,
      [mainId, e.user_name, e.area, e.phone_number, await hashPassword(e.password), roleIds.get(e.role)],
    );
    const userId = Number(row!.id);
    const scoped = e.shops !== 'all';
    const areas: [number, 1 | 2 | 3, number[]][] = [
      [DATA_MENUS.shops, scoped ? 2 : 1, scoped ? e.shops.map((s) => shopIds.get(s)!) : []],
      [
        DATA_MENUS.warehouses,
        e.warehouses === 'all' ? 1 : 2,
        e.warehouses === 'all' ? [] : e.warehouses.map((w) => warehouseIds.get(w)!),
      ],
      [DATA_MENUS.productLibrary, scoped ? 3 : 1, []],
      [DATA_MENUS.purchase, scoped ? 3 : 1, []],
      [DATA_MENUS.employees, 1, []],
    ];
    for (const [menu, type, items] of areas) {
      await tx.query('INSERT INTO employee_data_authority (user_id, data_menu_id, auth_type) VALUES ($1, $2, $3)', [
        userId,
        menu,
        type,
      ]);
      if (items.length) {
        await tx.query(
          'INSERT INTO employee_data_items (user_id, data_menu_id, item_id) SELECT $1, $2, unnest($3::bigint[])',
          [userId, menu, items],
        );
      }
    }
  }
}
