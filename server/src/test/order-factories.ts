import { sql } from 'kysely';
import { signSandbox, SANDBOX_APP_ID } from '../providers/payments/sandbox.ts';
import type { TestApp } from './build-app.ts';

/** Orders, coupons and sandbox notifications for the money tests, written straight or sent as the sandbox would. */

export async function createCoupon(
  app: TestApp,
  tenantId: number,
  overrides: Partial<{
    use_type: number;
    discount_type: number;
    discount_value: string;
    min_basket_price: string;
    expiresInSeconds: number;
    used: boolean;
    system_type: number;
    use_type_value: number | null;
  }> = {},
): Promise<number> {
  const row = await app.db
    .insertInto('coupons')
    .values({
      main_id: tenantId,
      title: 'test coupon',
      use_type: overrides.use_type ?? 1,
      use_type_value: overrides.use_type_value ?? null,
      discount_type: overrides.discount_type ?? 1,
      discount_value: overrides.discount_value ?? '20.00',
      min_basket_price: overrides.min_basket_price ?? '0.00',
      expiration_time: sql<Date>`now() + make_interval(secs => ${overrides.expiresInSeconds ?? 86_400})`,
      used_at: overrides.used ? sql<Date>`now()` : null,
      system_type: overrides.system_type ?? 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function generateOrder(app: TestApp, token: string, payload: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/v2/order/generateOrder',
    headers: { authorization: token },
    payload,
  });
}

export async function payState(app: TestApp, token: string, orderCode: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/order/checkOrderState',
    headers: { authorization: token },
    payload: { order_code: orderCode, pay_type: 1 },
  });
}

/** A sandbox notification for an order, signed unless `forge` changes it after signing. */
export function sandboxNotification(
  orderCode: string,
  amount: string,
  options: { tradeNo?: string; appId?: string; status?: string; forge?: Record<string, string> } = {},
): Record<string, string> {
  const fields: Record<string, string> = {
    app_id: options.appId ?? SANDBOX_APP_ID,
    out_trade_no: orderCode,
    trade_no: options.tradeNo ?? `T${orderCode}`,
    total_amount: amount,
    trade_status: options.status ?? 'TRADE_SUCCESS',
  };
  return { ...fields, sign_type: 'HMAC-SHA256', sign: signSandbox(fields), ...options.forge };
}

export async function notify(app: TestApp, fields: Record<string, string>, provider = 'sandbox') {
  return app.inject({
    method: 'POST',
    url: `/api/v1/pay/notify/${provider}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

export async function sandboxAction(app: TestApp, orderCode: string, action: 'pay' | 'cancel') {
  return app.inject({ method: 'POST', url: '/api/dev/pay', payload: { order_code: orderCode, action } });
}

/** Moves an order's expiry into the past, as if its time had run out. */
export async function expireNow(app: TestApp, orderCode: string) {
  await app.db
    .updateTable('orders')
    .set({ expires_at: sql<Date>`now() - interval '1 second'` })
    .where('order_code', '=', orderCode)
    .execute();
}
