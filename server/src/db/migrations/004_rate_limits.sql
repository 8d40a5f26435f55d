-- Request counters of the rate limiter on PostgreSQL, shared by every instance (http/rateLimitStore.ts):
-- one row per route and client address, counting until window_ends.
CREATE TABLE IF NOT EXISTS rate_limits (
  route text NOT NULL,
  source text NOT NULL,
  count integer NOT NULL,
  window_ends timestamptz NOT NULL,
  PRIMARY KEY (route, source)
);

CREATE INDEX IF NOT EXISTS rate_limits_window_ends ON rate_limits (window_ends);
