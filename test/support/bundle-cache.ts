// Whether V8 takes a bundle's code cache (scripts/bundle-loader.cjs), asked of a new node process the way a launcher
// would start the bundle: with given node flags and environment. The loader is the one beside the entry.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";

export interface CacheProbeOptions {
  /** Node flags of the probing process (a cache is taken only under the flags it was made with). */
  flags?: readonly string[];
  /** Over the test's environment, where ZINO_NO_CODE_CACHE is emptied (set it here to test it). */
  env?: NodeJS.ProcessEnv;
}

/** Whether the bundle whose entry is `entry` (`…/zino-<name>.cjs`) would run with its code cache. */
export function codeCacheTaken(entry: string, options: CacheProbeOptions = {}): boolean {
  const loader = join(dirname(entry), "bundle-loader.cjs");
  const probe = `process.stdout.write(String(require(${JSON.stringify(loader)}).compileBundle(${JSON.stringify(entry)}).cacheUsed))`;
  const run = spawnSync(process.execPath, [...(options.flags ?? []), "-e", probe], {
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, ZINO_NO_CODE_CACHE: "", ...options.env },
  });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout === "true";
}
