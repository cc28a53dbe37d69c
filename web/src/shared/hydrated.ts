import { startTransition, useEffect, useState } from 'react';

/** Whether this page was drawn by a server: true in the server's render, and set by the app's start. */
let drawnByServer = typeof document === 'undefined';

/** Called by the app's start before it takes over a page the server drew (main.tsx). */
export function takeOverServerPage(): void {
  drawnByServer = true;
}

/**
 * False while the server renders a page and while the browser takes that page over, true after
 * (and at once on a page the browser renders itself). What depends on the reader's time zone or
 * clock waits for it: the server knows neither, and the two renders must agree.
 *
 * The change comes in a transition, which yields to the browser every few milliseconds while what
 * waited (a page's lists and charts) renders. A part mounted later on a page the server drew
 * waits one render too: it cannot tell whether it is being taken over from the server's markup.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(!drawnByServer);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
