// The optional per-key request limit of docs/zelinqa-api.md §2.2/§5.3: a fixed one-minute window per key, in process memory.
export interface RateLimiter {
  allow(keyId: string, nowMs: number): boolean;
  retryAfterSeconds(nowMs: number): number;
}

export function createRateLimiter(perMinute: number): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    allow(keyId, nowMs) {
      const start = Math.floor(nowMs / 60_000) * 60_000;
      const current = windows.get(keyId);
      if (!current || current.start !== start) {
        if (windows.size > 10_000) windows.clear();
        windows.set(keyId, { start, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= perMinute;
    },
    retryAfterSeconds(nowMs) {
      return Math.max(1, Math.ceil((60_000 - (nowMs % 60_000)) / 1000));
    },
  };
}
