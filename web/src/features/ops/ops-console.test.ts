import { describe, expect, it } from 'vitest';
import type { OpsRoute } from './ops-route.ts';
import { collectOpsRoutes, OPS_ROUTES } from './ops-routes.ts';
import { clearOpsSession, readOpsSession, saveOpsSession } from './ops-session.ts';

const page = (() => null) as unknown as OpsRoute['page'];

describe('the console routes', () => {
  it('finds every routes/*.route.tsx file, in menu order', () => {
    expect(OPS_ROUTES.map((r) => r.path)).toContain('coupons');
  });

  it('orders pages by their order, and refuses two pages at one path or a file without a route', () => {
    const routes = collectOpsRoutes({
      './routes/b.route.tsx': { default: { path: 'queue', order: 20, titleKey: 'x', page } },
      './routes/a.route.tsx': { default: { path: 'coupons', order: 10, titleKey: 'y', page } },
    });
    expect(routes.map((r) => r.path)).toEqual(['coupons', 'queue']);
    expect(() =>
      collectOpsRoutes({
        './routes/a.route.tsx': { default: { path: 'coupons', order: 10, titleKey: 'y', page } },
        './routes/b.route.tsx': { default: { path: 'coupons', order: 20, titleKey: 'x', page } },
      }),
    ).toThrow(/two console pages at \/ops\/coupons/);
    expect(() => collectOpsRoutes({ './routes/c.route.tsx': {} })).toThrow(/default-exports/);
    expect(() =>
      collectOpsRoutes({ './routes/d.route.tsx': { default: { path: '../x', order: 1, titleKey: 'z', page } } }),
    ).toThrow(/path/);
  });
});

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}

describe('the operator session in the browser', () => {
  it('keeps the token until it expires or is cleared', () => {
    const store = memoryStorage();
    const now = 1_000_000;
    saveOpsSession(
      {
        authorization: 'tok',
        expires_in: 60,
        operator_id: 1,
        account_name: 'ops.a',
        display_name: 'A',
        role: 'support',
        permissions: ['read', 'coupons', 'warehouse-links'],
      },
      now,
      store,
    );
    expect(readOpsSession(now + 59_000, store)?.token).toBe('tok');
    expect(readOpsSession(now + 60_000, store)).toBeUndefined();
    clearOpsSession(store);
    expect(readOpsSession(now, store)).toBeUndefined();
    store.setItem('ops.session', 'not json');
    expect(readOpsSession(now, store)).toBeUndefined();
  });
});
