import { describe, expect, it } from 'vitest';
import { clearOpsSession, readOpsSession, saveOpsSession } from './ops-session.ts';

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
