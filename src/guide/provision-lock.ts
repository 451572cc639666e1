// Serialises the one-time provisioning of the local API between guides started at the same moment (two
// terminals, two ctxkeys): an exclusive lock file, taken over when older than `staleMs` (a killed guide).
import { closeSync, openSync, statSync, unlinkSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

export async function withFileLock<T>(
  path: string,
  fn: () => Promise<T>,
  options: { timeoutMs?: number; staleMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const staleMs = options.staleMs ?? 60_000;
  for (;;) {
    try {
      closeSync(openSync(path, "wx", 0o600));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      try {
        if (Date.now() - statSync(path).mtimeMs > staleMs) unlinkSync(path);
      } catch {
        // released meanwhile
      }
      if (Date.now() > deadline) throw new Error(`${path} stays locked; remove it if no guide is starting`, { cause: err });
      await sleep(100);
    }
  }
  try {
    return await fn();
  } finally {
    try {
      unlinkSync(path);
    } catch {
      // already removed
    }
  }
}
