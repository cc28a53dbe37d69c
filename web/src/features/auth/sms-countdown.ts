/**
 * The SMS button's countdown (docs/product.md): after a successful send the button is
 * disabled for 60 s and shows the seconds left, then it resets. Kept as a deadline, not a
 * counter, so a throttled background tab still ends on time.
 */
export const SMS_RESEND_SECONDS = 60;

/** Whole seconds left until the deadline (0 once it has passed). */
export function secondsLeft(deadline: number | undefined, now: number): number {
  if (deadline === undefined) return 0;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** The deadline after a send; the server's `resend_after_seconds` wins when it is longer. */
export function countdownDeadline(now: number, resendAfterSeconds?: number): number {
  const seconds = Math.max(SMS_RESEND_SECONDS, resendAfterSeconds ?? 0);
  return now + seconds * 1000;
}
