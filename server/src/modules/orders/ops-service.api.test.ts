import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../test/access-factories.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { generateOrder, notify, sandboxAction, sandboxNotification } from '../../test/order-factories.ts';
import { readCatalogue, updatePlanPlatformPrice } from '../catalogue/service.ts';
import { sql } from 'kysely';
import { transaction } from '../../db/client.ts';
import { listOrders, orderDetail } from './ops-service.ts';
import { ordersPageQuery } from './repository.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

describe('what the operator console reads', () => {
  it('lists orders and shows one with its notifications and status history', async () => {
    const tenant = await createTenant(app);
    const { order_code } = (await generateOrder(app, tenant.token, { pay_type: 1, package_id: '1,1,1' })).json().data;
    await notify(app, sandboxNotification(order_code, '0.01'));
    await sandboxAction(app, order_code, 'pay');
    const list = await listOrders(app.db, { page: 1, page_size: 20, main_id: tenant.tenantId }, 'zh');
    expect(list.total_count).toBe(1);
    expect(list.data[0]).toMatchObject({ order_code, state: 'paid', amount: '30.00' });
    const detail = await orderDetail(app.db, order_code, 'zh');
    expect(detail.history.map((h) => h.to_state)).toEqual(['unpaid', 'paid']);
    expect(detail.notifications.map((n) => n.outcome)).toEqual(['rejected', 'fulfilled']);
    await expect(orderDetail(app.db, 'SCNOPE', 'zh')).rejects.toMatchObject({ code: 404 });
  });

  it('reads the catalogue and changes a price, which the next quote uses', async () => {
    const catalogue = await readCatalogue(app.db);
    expect(catalogue.platforms.map((p) => p.platform)).toContain('Coupang');
    await updatePlanPlatformPrice(app.db, { ppi_id: 1, shop_month_price: '40' });
    const tenant = await createTenant(app);
    const res = await app.inject({
      method: 'GET',
      url: '/api/v3/package/payment/price?ppi_id=1&shop_number=1&cycle=1',
      headers: { authorization: tenant.token },
    });
    expect(res.json().data.selling_price).toBe('40.00');
  });

  it('pages all tenants’ orders newest first along an index, without sorting the table', async () => {
    // With sequential scans priced out, the plan shows whether an index serves the order: without
    // one the planner still has to scan and sort every order to find the newest page.
    const plan = await transaction(app.db, async (tx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(tx);
      const rows = await ordersPageQuery(tx, { page: 3, pageSize: 20 }).explain();
      return rows.map((r) => String(Object.values(r)[0])).join('\n');
    });
    expect(plan).toContain('orders_created_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
