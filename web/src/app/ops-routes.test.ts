import { describe, expect, it } from 'vitest';
import type { OpsRoute } from '../shared/ops/ops-route.ts';
import { collectOpsRoutes, OPS_ROUTES } from './ops-routes.ts';

const page = (() => null) as unknown as OpsRoute['page'];

describe('the console routes', () => {
  it("finds every feature's ops/*.route.tsx file, in menu order", () => {
    const paths = OPS_ROUTES.map((r) => r.path);
    // pages owned by different features: coupons, warehouse, distribution, and the console's own
    expect(paths).toEqual(expect.arrayContaining(['coupons', 'warehouse', 'withdrawals', 'operators']));
    const orders = OPS_ROUTES.map((r) => r.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('orders pages by their order, and refuses two pages at one path or a file without a route', () => {
    const routes = collectOpsRoutes({
      '../features/x/ops/b.route.tsx': { default: { path: 'queue', order: 20, titleKey: 'x', page } },
      '../features/x/ops/a.route.tsx': { default: { path: 'coupons', order: 10, titleKey: 'y', page } },
    });
    expect(routes.map((r) => r.path)).toEqual(['coupons', 'queue']);
    expect(() =>
      collectOpsRoutes({
        '../features/x/ops/a.route.tsx': { default: { path: 'coupons', order: 10, titleKey: 'y', page } },
        '../features/x/ops/b.route.tsx': { default: { path: 'coupons', order: 20, titleKey: 'x', page } },
      }),
    ).toThrow(/two console pages at \/ops\/coupons/);
    expect(() => collectOpsRoutes({ '../features/x/ops/c.route.tsx': {} })).toThrow(/default-exports/);
    expect(() =>
      collectOpsRoutes({
        '../features/x/ops/d.route.tsx': { default: { path: '../x', order: 1, titleKey: 'z', page } },
      }),
    ).toThrow(/path/);
  });
});
