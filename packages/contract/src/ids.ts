import { z } from 'zod';

/**
 * An optional id of a query or body: a whole number from 1 (at most `max`). Absent, `null` or
 * `''` (what a form sends when nothing is picked, e.g. `coupon_id: ''`) all mean none, so an
 * empty choice is never refused as "too small". Every optional id of the contract uses this one
 * rule.
 */
export function optionalId(max: number = Number.MAX_SAFE_INTEGER) {
  return z.preprocess(
    (value) =>
      value === '' || value === null ? undefined : typeof value === 'string' ? value.trim() || undefined : value,
    z.coerce.number().int().min(1).max(max).optional(),
  );
}
