import { describe, expect, it } from 'vitest';
import { OrderStateCache } from './state-cache.ts';

describe('the order-state cache', () => {
  it('answers what was filled until the order changes', () => {
    const cache = new OrderStateCache();
    cache.fill('A', { tenantId: 1, paid: false }, cache.startRead());
    expect(cache.get('A')).toMatchObject({ tenantId: 1, paid: false });
    cache.invalidate('A');
    expect(cache.get('A')).toBeUndefined();
  });

  it('never puts back a state read before a change', () => {
    const cache = new OrderStateCache();
    const generation = cache.startRead(); // a poll reads 'unpaid' from the database...
    cache.invalidate('A'); // ...while the payment commits and drops the entry
    cache.fill('A', { tenantId: 1, paid: false }, generation);
    expect(cache.get('A')).toBeUndefined();
  });

  it('reads an unpaid order again after a while, but keeps a paid one', () => {
    const cache = new OrderStateCache(10, 1000);
    cache.fill('U', { tenantId: 1, paid: false }, cache.startRead(), 0);
    cache.fill('P', { tenantId: 1, paid: true }, cache.startRead(), 0);
    expect(cache.get('U', 1001)).toBeUndefined();
    expect(cache.get('P', 1_000_000)).toBeDefined();
  });

  it('stays within its size, dropping the oldest', () => {
    const cache = new OrderStateCache(2);
    for (const code of ['A', 'B', 'C']) cache.fill(code, { tenantId: 1, paid: false }, cache.startRead());
    expect(cache.size).toBe(2);
    expect(cache.get('A')).toBeUndefined();
  });
});
