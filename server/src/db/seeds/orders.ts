import { sql } from 'kysely';
import { toJsonb, type Db } from '../client.ts';

/**
 * A few orders of the demo tenant, so the software bill is not empty on first sign-in: three paid
 * (a plan with a coupon, a value-added package, a top-up), one that expired and one cancelled.
 * They are bill history only: the demo's packages and balances are seeded on their own.
 */
export async function seedOrdersDemo(tx: Db, tenantId: number, userName: string): Promise<void> {
  const orders = [
    {
      code: 'SCDEMO000001',
      pay: 1,
      pkg: 1,
      title: 'Shopee 套餐：5 个店铺，12 个月',
      original: 102000,
      discount: 2000,
      state: 'paid',
      days: 40,
      item: { kind: 'plan', ppi_id: 2, system: 1, platform: 'Shopee', platform_image_url: '', shops: 5, months: 12 },
    },
    {
      code: 'SCDEMO000002',
      pay: 2,
      pkg: 2,
      title: '增值服务：文本翻译 100,000',
      original: 5000,
      discount: 0,
      state: 'paid',
      days: 21,
      item: {
        kind: 'valueAdded',
        package_pay_id: 1,
        quota_type: 4,
        quota_amount: 100000,
        service: 'text_translation',
        package_name: '100,000',
      },
    },
    {
      code: 'SCDEMO000003',
      pay: 3,
      pkg: 0,
      title: '第三方余额充值 500.00 元',
      original: 50000,
      discount: 0,
      state: 'paid',
      days: 9,
      item: { kind: 'topUp', amount_fen: 50000 },
    },
    {
      code: 'SCDEMO000004',
      pay: 2,
      pkg: 11,
      title: '增值服务：视频翻译 60',
      original: 19900,
      discount: 0,
      state: 'expired',
      days: 5,
      item: { kind: 'valueAdded', package_pay_id: 4, quota_type: 7, quota_amount: 60, service: 'video_translation', package_name: '60' },
    },
    {
      code: 'SCDEMO000005',
      pay: 3,
      pkg: 0,
      title: '第三方余额充值 50.00 元',
      original: 5000,
      discount: 0,
      state: 'cancelled',
      days: 2,
      item: { kind: 'topUp', amount_fen: 5000 },
    },
  ];
  for (const o of orders) {
    const createdAt = sql<Date>`now() - make_interval(days => ${o.days})`;
    const { id } = await tx
      .insertInto('orders')
      .values({
        order_code: o.code,
        main_id: tenantId,
        user_id: tenantId,
        user_name: userName,
        pay_type: o.pay,
        package_pay_type: o.pkg,
        title: o.title,
        item: toJsonb(o.item),
        original_fen: o.original,
        discount_fen: o.discount,
        amount_fen: o.original - o.discount,
        provider: 'sandbox',
        provider_trade_no: o.state === 'paid' ? `SANDBOX${o.code}` : null,
        state: o.state,
        expires_at: sql<Date>`now() - make_interval(days => ${o.days}) + interval '15 minutes'`,
        paid_at: o.state === 'paid' ? sql<Date>`now() - make_interval(days => ${o.days}) + interval '1 minute'` : null,
        closed_at:
          o.state === 'paid' ? null : sql<Date>`now() - make_interval(days => ${o.days}) + interval '15 minutes'`,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('order_status_history')
      .values([
        { order_id: id, from_state: null, to_state: 'unpaid', reason: 'created', at: createdAt },
        { order_id: id, from_state: 'unpaid', to_state: o.state, reason: 'demo', at: createdAt },
      ])
      .execute();
  }
}
