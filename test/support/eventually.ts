// Waiting in tests for something another party does (a server, a child process, a timer): poll until it holds or a
// deadline passes. A loaded 2-core CI machine stalls a process for seconds, so deadlines are generous; a condition
// that already holds costs nothing, and a wait never stands in for a fixed sleep before an assertion.
import assert from "node:assert/strict";

/** Polls `check` every `intervalMs` until it holds or `timeoutMs` passed; answers its last value. */
export async function eventually(check: () => boolean, timeoutMs = 60_000, intervalMs = 50): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return check();
}

/** {@link eventually}, as an assertion saying `what` did not happen. */
export async function waitFor(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  assert.ok(await eventually(check, timeoutMs, 20), what);
}
