// Shared per-key request counts of the API's sliding-window rate limit (api/rate-limiter.ts): one row per key and
// minute. The check and the increment are one statement; the row lock of the current minute serialises
// concurrent requests of one key, across processes and hosts, so the limit is exact.
import type { SqlExecutor } from "./sql-executor.js";
import type { StoreOperations } from "./store-port.js";

type RateLimitOperations = Pick<StoreOperations, "hitRateLimit" | "purgeRateLimits">;

const HIT_SQL = `WITH prev AS (
    SELECT COALESCE(MAX(count), 0) AS n FROM rate_limit_windows WHERE key_id = $1 AND window_start = $3
  )
  INSERT INTO rate_limit_windows AS w (key_id, window_start, count)
  SELECT $1, $2, 1 FROM prev WHERE prev.n * CAST($4 AS DOUBLE PRECISION) + 1 <= CAST($5 AS DOUBLE PRECISION)
  ON CONFLICT (key_id, window_start) DO UPDATE SET count = w.count + 1
    WHERE w.count + 1 + (SELECT n FROM prev) * CAST($4 AS DOUBLE PRECISION) <= CAST($5 AS DOUBLE PRECISION)
  RETURNING count`;

export function rateLimitOperations(db: SqlExecutor): RateLimitOperations {
  return {
    async hitRateLimit(hit) {
      const row = await db.get(HIT_SQL, [hit.keyId, hit.start, hit.previousStart, hit.previousWeight, hit.limit]);
      return row !== undefined;
    },
    async purgeRateLimits(beforeMs) {
      return db.run(`DELETE FROM rate_limit_windows WHERE window_start < $1`, [beforeMs]);
    },
  };
}
