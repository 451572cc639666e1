// Asking a service whether it is alive: one `ping` (docs/zino-protocol.md §2), timed, and a bounded wait for the first `pong`.
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { requestOne } from "../../wire/frame-client.js";

/** Round-trip time of one `ping` in milliseconds, or undefined when the service does not answer `pong`. */
export async function pingService(socketPath: string, timeoutMs = 2000): Promise<number | undefined> {
  const started = performance.now();
  try {
    const frame = await requestOne(socketPath, { type: "ping" }, { idleTimeoutMs: timeoutMs, signal: AbortSignal.timeout(timeoutMs) });
    return frame.type === "pong" ? performance.now() - started : undefined;
  } catch {
    return undefined;
  }
}

/** The default pause between two readiness pings. */
export const READY_POLL_MS = 10;

export interface WaitForPingOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Checked between attempts: a reason to stop waiting early (e.g. the process exited). */
  failure?: () => string | undefined;
  /** Between attempts (default 10 ms): a refused connection costs microseconds, so readiness is seen promptly. */
  intervalMs?: number;
}

/** Polls until the service answers `ping`; resolves with the reason it gave up, or undefined on success. */
export async function waitForPing(socketPath: string, options: WaitForPingOptions): Promise<string | undefined> {
  const deadline = performance.now() + options.timeoutMs;
  const interval = options.intervalMs ?? READY_POLL_MS;
  for (;;) {
    if (options.signal?.aborted) return "cancelled";
    const failed = options.failure?.();
    if (failed) return failed;
    if ((await pingService(socketPath, 1000)) !== undefined) return undefined;
    if (performance.now() > deadline) return `no answer to ping within ${options.timeoutMs} ms`;
    try {
      await sleep(interval, undefined, { signal: options.signal });
    } catch {
      return "cancelled";
    }
  }
}
