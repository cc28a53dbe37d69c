import { sql } from 'kysely';
import { createMainAccount, enableCustomerChat } from '../../modules/accounts/service.ts';
import { toJsonb, type Db } from '../client.ts';
import { seeded } from '../../messages/seeded.ts';

/** Demo invitees registered with the demo tenant's invite code. */
export const DEMO_INVITEES = [
  { phone_number: '13900139001', days_ago: 2 },
  { phone_number: '13900139002', days_ago: 9 },
  { phone_number: '13900139003', days_ago: 31 },
] as const;
export const DEMO_INVITE_CODE = 'DEMO2026';
const DEMO_GIVEN_DAYS = 7;

/**
 * Demo data of the personal centre: packages, coupons, invitations, carousel, so a
 * newcomer signing in as the demo tenant sees every part of the page populated. Dates are
 * relative to now, so the demo looks the same whenever it is seeded.
 */
export async function seedPersonalCentreDemo(tx: Db, tenantId: number): Promise<void> {
  await enableCustomerChat(tx, tenantId);

  // Login carousel (platform-wide). Images are drawn by the server (modules/system-config/assets.ts).
  await tx
    .insertInto('system_config')
    .values({
      config_code: 'login_advertising_map',
      config_value: toJsonb([
        { img_url: '/api/v3/system/ads/1.svg', jump_url: '/register' },
        { img_url: '/api/v3/system/ads/2.svg' },
        { img_url: '/api/v3/system/ads/3.svg' },
      ]),
      sort: 0,
    })
    .onConflict((oc) => oc.column('config_code').doNothing())
    .execute();

  // Shop quotas per platform: ERP (system 1) and the selection product (system 2).
  const platforms: [number, string, string, number, number, number][] = [
    [1, 'Coupang', 'coupang.svg', 10, 6, 180],
    [1, 'Shopee', 'shopee.svg', 20, 17, 180],
    [1, 'Lazada', 'lazada.svg', 5, 5, 25],
    [1, 'TikTok Shop', 'tiktok.svg', 3, 0, 365],
    [2, 'Coupang', 'coupang.svg', 5, 4, 90],
  ];
  for (const [system, platform, logo, shops, left, days] of platforms) {
    await tx
      .insertInto('package_platforms')
      .values({
        main_id: tenantId,
        system,
        platform,
        platform_image_url: `/api/v3/system/platform-logos/${logo}`,
        shop_number: shops,
        surplus_shop_number: left,
        expire_at: sql<Date>`date_trunc('day', now()) + make_interval(days => ${days})`,
      })
      .execute();
  }

  // Coupons of every tab (0 not used, 1 used, 2 expired), use type and discount type.
  // [title, use_type, use_type_value, discount_type, discount_value, min_basket_price, expires in days, used days ago, system_type]
  const coupons: [string, number, number | null, number, string, string, number, number | null, number][] = [
    [seeded('coupon.new_seller_gift'), 1, null, 1, '50.00', '0.00', 30, null, 1],
    [seeded('coupon.package_300_off_2000'), 1, null, 2, '300.00', '2000.00', 60, null, 1],
    [seeded('coupon.translation_discount'), 2, 1, 3, '8.50', '0.00', 14, null, 1],
    [seeded('coupon.image_translation_top_up'), 2, 4, 1, '20.00', '0.00', 7, null, 1],
    [seeded('coupon.warehouse_100_off_1000'), 3, null, 2, '100.00', '1000.00', 45, null, 1],
    [seeded('coupon.selection_discount'), 1, null, 3, '9.00', '0.00', 20, null, 2],
    [seeded('coupon.listing_top_up'), 2, 6, 1, '10.00', '0.00', 30, 3, 1],
    [seeded('coupon.package_discount'), 1, null, 3, '9.50', '0.00', 10, 12, 1],
    [seeded('coupon.warehouse_welcome'), 3, null, 1, '30.00', '0.00', -5, null, 1],
    [seeded('coupon.cutout_50_off_500'), 2, 3, 2, '50.00', '500.00', -20, null, 1],
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
    await tx
      .insertInto('coupons')
      .values({
        main_id: tenantId,
        title,
        use_type: useType,
        use_type_value: useTypeValue,
        discount_type: discountType,
        discount_value: value,
        min_basket_price: minBasket,
        expiration_time: sql<Date>`date_trunc('day', now()) + make_interval(days => ${expiresIn}) + interval '23 hours 59 minutes'`,
        used_at: usedAgo === null ? null : sql<Date>`now() - make_interval(days => ${usedAgo})`,
        system_type: systemType,
        created_at: sql<Date>`now() - interval '60 days'`,
      })
      .execute();
  }

  // Invitations: accounts that registered with the demo tenant's code (no password; SMS sign-in).
  for (const [i, invitee] of DEMO_INVITEES.entries()) {
    const registered = new Date(Date.now() - invitee.days_ago * 24 * 3600 * 1000);
    const inviteeId = await createMainAccount(tx, {
      area: '86',
      phoneNumber: invitee.phone_number,
      inviteCode: `DEMOINV${i + 1}`,
      createdAt: registered,
    });
    await tx
      .insertInto('invitations')
      .values({
        inviter_id: tenantId,
        invitee_id: inviteeId,
        invite_code_type: '1',
        inviter_given_days: DEMO_GIVEN_DAYS,
        created_at: registered,
      })
      .execute();
  }

  await tx
    .insertInto('distribution_settings')
    .values({ main_id: tenantId, is_show_distributor: true, is_sync_m2b: true })
    .onConflict((oc) => oc.column('main_id').doUpdateSet({ is_show_distributor: true, is_sync_m2b: true }))
    .execute();
}
