import type { Queryable } from '../client.ts';

/** Demo invitees registered with the demo tenant's invite code. */
export const DEMO_INVITEES = [
  { phone_number: '13900139001', days_ago: 2 },
  { phone_number: '13900139002', days_ago: 9 },
  { phone_number: '13900139003', days_ago: 31 },
] as const;
const DEMO_INVITE_CODE = 'DEMO2026';
const DEMO_GIVEN_DAYS = 7;

/**
 * Demo data of the personal centre: packages, coupons, invitations, carousel, so a
 * newcomer signing in as the demo tenant sees every part of the page populated. Dates are
 * relative to now, so the demo looks the same whenever it is seeded.
 */
export async function seedPersonalCentreDemo(tx: Queryable, mainId: number): Promise<void> {
  await tx.query('UPDATE users SET invite_code = $2, co_chat_status = 1 WHERE id = $1', [mainId, DEMO_INVITE_CODE]);

  // Login carousel (platform-wide). Images are drawn by the server (modules/system-config/assets.ts).
  await tx.query(
    `INSERT INTO system_config (config_code, config_value, sort) VALUES ('login_advertising_map', $1::jsonb, 0)
     ON CONFLICT (config_code) DO NOTHING`,
    [
      JSON.stringify([
        { img_url: '/api/v3/system/ads/1.svg', jump_url: '/register' },
        { img_url: '/api/v3/system/ads/2.svg' },
        { img_url: '/api/v3/system/ads/3.svg' },
      ]),
    ],
  );

  // Shop quotas per platform: ERP (system 1) and the selection product (system 2).
  const platforms: [number, string, string, number, number, number][] = [
    [1, 'Coupang', 'coupang.svg', 10, 6, 180],
    [1, 'Shopee', 'shopee.svg', 20, 17, 180],
    [1, 'Lazada', 'lazada.svg', 5, 5, 25],
    [1, 'TikTok Shop', 'tiktok.svg', 3, 0, 365],
    [2, 'Coupang', 'coupang.svg', 5, 4, 90],
  ];
  for (const [system, platform, logo, shops, left, days] of platforms) {
    await tx.query(
      `INSERT INTO package_platforms (main_id, system, platform, platform_image_url, shop_number, surplus_shop_number, expire_at)
       VALUES ($1, $2, $3, $4, $5, $6, date_trunc('day', now()) + make_interval(days => $7))`,
      [mainId, system, platform, `/api/v3/system/platform-logos/${logo}`, shops, left, days],
    );
  }

  const added: [number, string, number, number][] = [
    [1, 'Text translation', 100_000, 23_456],
    [1, 'Image translation', 2_000, 315],
    [1, 'Image cutout', 500, 500],
    [1, 'Listing', 1_000, 87],
    [2, 'Selection searches', 300, 41],
  ];
  for (const [system, codeName, total, used] of added) {
    await tx.query(
      'INSERT INTO package_added (main_id, system, code_name, total_num, num_used) VALUES ($1, $2, $3, $4, $5)',
      [mainId, system, codeName, total, used],
    );
  }

  // Coupons of every tab (0 not used, 1 used, 2 expired), use type and discount type.
  // [title, use_type, use_type_value, discount_type, discount_value, min_basket_price, expires in days, used days ago, system_type]
  const coupons: [string, number, number | null, number, string, string, number, number | null, number][] = [
    ['New seller gift', 1, null, 1, '50.00', '0.00', 30, null, 1],
    ['Package 300 off 2000', 1, null, 2, '300.00', '2000.00', 60, null, 1],
    ['Translation top-up discount', 2, 1, 3, '8.50', '0.00', 14, null, 1],
    ['Image translation top-up', 2, 4, 1, '20.00', '0.00', 7, null, 1],
    ['Warehouse top-up 100 off 1000', 3, null, 2, '100.00', '1000.00', 45, null, 1],
    ['Selection discount', 1, null, 3, '9.00', '0.00', 20, null, 2],
    ['Listing top-up', 2, 6, 1, '10.00', '0.00', 30, 3, 1],
    ['Package discount', 1, null, 3, '9.50', '0.00', 10, 12, 1],
    ['Warehouse welcome', 3, null, 1, '30.00', '0.00', -5, null, 1],
    ['Image cutout top-up 50 off 500', 2, 3, 2, '50.00', '500.00', -20, null, 1],
  ];
  for (const [
    title,
    useType,
    useTypeValue,
    discountType,
    value,
    minBasket,
    expiresIn,
    usedAgo,
    systemType,
  ] of coupons) {
    await tx.query(
      `INSERT INTO coupons (main_id, title, use_type, use_type_value, discount_type, discount_value, min_basket_price,
                            expiration_time, used_at, system_type, created_at)
       VALUES ($1, $2, $3, $4, $5, $6::numeric, $7::numeric,
               date_trunc('day', now()) + make_interval(days => $8) + interval '23 hours 59 minutes',
               CASE WHEN $9::int IS NULL THEN NULL ELSE now() - make_interval(days => $9::int) END,
               $10, now() - interval '60 days')`,
      [mainId, title, useType, useTypeValue, discountType, value, minBasket, expiresIn, usedAgo, systemType],
    );
  }

  // Invitations: accounts that registered with the demo tenant's code (no password; SMS sign-in).
  for (const [i, invitee] of DEMO_INVITEES.entries()) {
    const [row] = await tx.query<{ id: string }>(
      `WITH next AS (SELECT nextval(pg_get_serial_sequence('users', 'id')) AS id)
       INSERT INTO users (id, main_id, user_type, area, phone_number, invite_code, created_at)
       SELECT id, id, 1, '86', $1, $2, now() - make_interval(days => $3) FROM next
       RETURNING id`,
      [invitee.phone_number, `DEMOINV${i + 1}`, invitee.days_ago],
    );
    await tx.query(
      `INSERT INTO invitations (inviter_id, invitee_id, invite_code_type, inviter_given_days, created_at)
       VALUES ($1, $2, '1', $3, now() - make_interval(days => $4))`,
      [mainId, Number(row!.id), DEMO_GIVEN_DAYS, invitee.days_ago],
    );
  }

  await tx.query(
    `INSERT INTO distribution_settings (main_id, is_show_distributor, is_sync_m2b) VALUES ($1, true, true)
     ON CONFLICT (main_id) DO UPDATE SET is_show_distributor = true, is_sync_m2b = true`,
    [mainId],
  );
}
