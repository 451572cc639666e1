// Which failures are retried and how long to wait (docs/zelinqa-mcp.md §3.3).
import type { ZelinqaAPIError } from "./errors/api-error.js";

const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);
const MAX_DELAY_SECONDS = 30;

export function isRetryableResponse(error: ZelinqaAPIError): boolean {
  return RETRYABLE_STATUSES.has(error.statusCode) || error.code === "idempotency_contention";
}

/**
 * Delay in ms before retry n (0 for the first retry): the server's hint (Retry-After, else
 * details.retry_after_seconds, already folded into `retryAfter`) clamped to [0, 30] s, else exponential backoff.
 */
export function retryDelayMs(retryIndex: number, retryAfterSeconds: number | null, random: () => number): number {
  if (retryAfterSeconds !== null && Number.isFinite(retryAfterSeconds)) {
    return Math.min(Math.max(retryAfterSeconds, 0), MAX_DELAY_SECONDS) * 1000;
  }
  const base = Math.min(0.5 * 2 ** retryIndex, 10);
  const factor = 0.7 + 0.3 * Math.min(Math.max(random(), 0), 1);
  return base * factor * 1000;
}
