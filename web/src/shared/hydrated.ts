import { useDeferredValue, useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the server renders a page and while the browser takes that page over, true after
 * (and at once on a page the browser renders itself). What depends on the reader's time zone or
 * clock waits for it: the server knows neither, and the two renders must agree.
 */
export function useHydrated(): boolean {
  const hydrated = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  // The store's change renders at once, in one piece. Deferred, what it shows (a page's lists and
  // charts) renders in a transition, which yields to the browser every few milliseconds.
  return useDeferredValue(hydrated);
}
