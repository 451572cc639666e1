// When to retry a provider call and how long to wait (docs/zino-protocol.md §5 "Reliability"): exponential backoff with jitter,
// `Retry-After` honoured (seconds or an HTTP date), every wait capped and cancellable.

/** No single wait is longer than this, whatever the provider's Retry-After says. */
export const MAX_RETRY_DELAY_MS = 30_000;

/** `Retry-After` as milliseconds from `nowMs`, or undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

export interface BackoffOptions {
  /** 0 for the first retry. */
  retry: number;
  baseMs: number;
  retryAfterMs?: number | undefined;
  /** In [0, 1); injectable so tests are deterministic. */
  random?: () => number;
}

/** "Equal jitter": half the exponential step fixed, half random; Retry-After wins when it is longer. */
export function backoffDelayMs(options: BackoffOptions): number {
  const random = options.random ?? Math.random;
  const step = Math.min(MAX_RETRY_DELAY_MS, options.baseMs * 2 ** options.retry);
  const jittered = step / 2 + (step / 2) * random();
  const delay = Math.max(jittered, options.retryAfterMs ?? 0);
  return Math.round(Math.min(MAX_RETRY_DELAY_MS, delay));
}
