/**
 * The payment flow's clock (docs/product.md): the order state is asked every 3 s until
 * it says paid; asking stops after 5 minutes (the code is then shown as expired, to be
 * regenerated), when a check fails, or when the user leaves. 'Payment successful' stays 5 s.
 */

export const PAY_POLL_INTERVAL_MS = 3_000;
export const PAY_POLL_LIMIT_MS = 5 * 60_000;
export const PAY_SUCCESS_SECONDS = 5;

export type PollStep = 'poll' | 'expire';

/** What to do at `now` for a code shown since `startedAt`. */
export function nextPayPollStep(startedAt: number, now: number): PollStep {
  return now - startedAt >= PAY_POLL_LIMIT_MS ? 'expire' : 'poll';
}

/** The sandbox cashier's page: the local stand-in of the provider's payment page (`/dev/pay`). */
export function isSandboxCashier(url: string): boolean {
  try {
    return new URL(url, 'http://localhost').pathname === '/dev/pay';
  } catch {
    return false;
  }
}
