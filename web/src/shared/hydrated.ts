import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the server renders a page and while the browser takes that page over, true after
 * (and at once on a page the browser renders itself). What depends on the reader's time zone or
 * clock waits for it: the server knows neither, and the two renders must agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
