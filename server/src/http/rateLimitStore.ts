import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client';

/** How often (at most) expired counters are deleted. */
const PURGE_EVERY_MS = 60_000;

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result: Result) => void;

/** What the plugin passes: its options, and for a route's child store the route (`routeInfo`). */
interface StoreOptions {
  routeInfo?: { method?: string; url?: string };
}

/**
 * @fastify/rate-limit's store on PostgreSQL: every instance counts in the `rate_limits` table, so N instances
 * allow what one does (its default store counts in each process's memory: two instances allowed twice the
 * requests). One statement increments a counter, or starts a new window when the last one ended, so parallel
 * requests on any instance are counted exactly. On PGlite (one process) the default in-memory store serves.
 */
export function postgresRateLimitStore(db: Db, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  let lastPurge = 0;
  const purgeExpired = () => {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    db.query('DELETE FROM rate_limits WHERE window_ends < now()').catch((error) =>
      log.warn({ err: error }, 'rate limit counters not purged'),
    );
  };

  class PostgresRateLimitStore {
    private readonly route: string;
    constructor(private readonly options: StoreOptions) {
      const info = options.routeInfo;
      this.route = info?.url ? `${info.method ?? ''} ${info.url}` : 'global';
    }

    incr(source: string, callback: Callback, timeWindow: number) {
      purgeExpired();
      db.prepared<{ count: number; ttl: string }>(
        'rate-limit-incr',
        `INSERT INTO rate_limits AS r (route, source, count, window_ends)
              VALUES ($1, $2, 1, now() + $3::float8 * interval '1 millisecond')
         ON CONFLICT (route, source) DO UPDATE SET
              count = CASE WHEN r.window_ends <= now() THEN 1 ELSE r.count + 1 END,
              window_ends = CASE WHEN r.window_ends <= now() THEN excluded.window_ends ELSE r.window_ends END
         RETURNING count, ceil(extract(epoch FROM r.window_ends - now()) * 1000) AS ttl`,
        [this.route, source, timeWindow],
      ).then(
        ({ rows }) => callback(null, { current: Number(rows[0].count), ttl: Math.max(0, Number(rows[0].ttl)) }),
        (error: Error) => callback(error, { current: 0, ttl: 0 }),
      );
    }

    read(source: string, callback: Callback) {
      db.query<{ count: number; ttl: string }>(
        `SELECT count, ceil(extract(epoch FROM window_ends - now()) * 1000) AS ttl
           FROM rate_limits WHERE route = $1 AND source = $2 AND window_ends > now()`,
        [this.route, source],
      ).then(
        ({ rows }) =>
          callback(
            null,
            rows[0] ? { current: Number(rows[0].count), ttl: Number(rows[0].ttl) } : { current: 0, ttl: 0 },
          ),
        (error: Error) => callback(error, { current: 0, ttl: 0 }),
      );
    }

    child(routeOptions: object) {
      return new PostgresRateLimitStore({ ...this.options, ...(routeOptions as StoreOptions) });
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
