-- Counters for rate limits and throttles (platform/rate-limit.ts). One row per key and fixed
-- window; every instance increments the same row atomically, so limits hold across instances.
CREATE TABLE rate_limits (
  key       text PRIMARY KEY,
  hits      integer NOT NULL,
  -- when the current window ends and the count starts again from zero
  reset_at  timestamptz NOT NULL
);
CREATE INDEX rate_limits_reset_at_idx ON rate_limits (reset_at);
