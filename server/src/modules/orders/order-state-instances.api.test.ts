import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../test/access-factories.ts';
import { buildTestApp, onPostgres, type TestApp } from '../../test/build-app.ts';
import { generateOrder, payState, sandboxAction } from '../../test/order-factories.ts';

/**
 * Two instances on one PostgreSQL database, as behind a load balancer: a poll on one instance
 * answers from its memory, and a payment taken by the other is seen there at the very next poll.
 */
describe.skipIf(!onPostgres)('order state across instances', () => {
  let a: TestApp;
  let b: TestApp;
  let tenant: TestTenant;
  beforeAll(async () => {
    a = await buildTestApp();
    b = await buildTestApp({}, { sameDatabaseAs: a });
    tenant = await createTenant(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('sees a payment made through the other instance at the next poll', async () => {
    const { order_code } = (await generateOrder(a, tenant.token, { pay_type: 1, package_id: '1,1,1' })).json().data;
    expect((await payState(b, tenant.token, order_code)).json().data.pay_state).toBe(false);
    const hits = b.orders.cache.hits;
    expect((await payState(b, tenant.token, order_code)).json().data.pay_state).toBe(false);
    expect(b.orders.cache.hits).toBe(hits + 1);
    expect((await sandboxAction(a, order_code, 'pay')).json().data.state).toBe('paid');
    expect((await payState(b, tenant.token, order_code)).json().data.pay_state).toBe(true);
  });
});
