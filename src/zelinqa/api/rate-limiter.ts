// The optional per-key request limit of docs/zelinqa-api.md §2.2/docs/zelinqa-api.md §5.3 as a sliding window: the count of the current minute plus the
// previous minute's count weighted by the part of it the last 60 s still cover. Refused requests are not
// counted. On PostgreSQL the counts are rows shared by every process and host (store.hitRateLimit); on SQLite,
// whose file one process serves, they stay in memory.
import type { StoreOperations } from "../store/index.js";

export const RATE_WINDOW_MS = 60_000;

export interface RateDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  check(keyId: string, nowMs: number): Promise<RateDecision>;
}

/** The current window's start, the previous one's, and the previous window's weight in the sliding minute. */
export function slidingWindow(nowMs: number): { start: number; previousStart: number; previousWeight: number } {
  const start = Math.floor(nowMs / RATE_WINDOW_MS) * RATE_WINDOW_MS;
  return { start, previousStart: start - RATE_WINDOW_MS, previousWeight: 1 - (nowMs - start) / RATE_WINDOW_MS };
}

/** Until the next window starts: by then the refused window's count weighs less (an upper bound is fine). */
function retryAfter(nowMs: number): number {
  return Math.max(1, Math.ceil((RATE_WINDOW_MS - (nowMs % RATE_WINDOW_MS)) / 1000));
}

export function createRateLimiter(perMinute: number): RateLimiter {
  const counts = new Map<string, { start: number; count: number; previous: number }>();
  return {
    check(keyId, nowMs) {
      const window = slidingWindow(nowMs);
      let entry = counts.get(keyId);
      if (!entry || entry.start !== window.start) {
        const previous = entry?.start === window.previousStart ? entry.count : 0;
        if (counts.size > 10_000) counts.clear();
        entry = { start: window.start, count: 0, previous };
        counts.set(keyId, entry);
      }
      const allowed = entry.previous * window.previousWeight + entry.count + 1 <= perMinute;
      if (allowed) entry.count += 1;
      return Promise.resolve({ allowed, retryAfterSeconds: allowed ? 0 : retryAfter(nowMs) });
    },
  };
}

/** The same window over the store's shared counters: one statement per request. */
export function createSharedRateLimiter(store: Pick<StoreOperations, "hitRateLimit">, perMinute: number): RateLimiter {
  return {
    async check(keyId, nowMs) {
      const window = slidingWindow(nowMs);
      const allowed = await store.hitRateLimit({ keyId, ...window, limit: perMinute });
      return { allowed, retryAfterSeconds: allowed ? 0 : retryAfter(nowMs) };
    },
  };
}
