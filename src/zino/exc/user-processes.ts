// RLIMIT_NPROC bounds the processes (on Linux, the threads) of a whole user, not of one process tree: a fork fails
// once the user has that many, whoever started them. An execution that no cgroup bounds (an unsandboxed one on a
// machine where exc makes no cgroups) still needs a process limit against a fork bomb. Its user's processes
// (exc's own user, and with it the four services' threads, or nobody with whatever else runs as nobody) would use up
// a plain `max_processes` before the execution forks once. So it gets what the user runs already, counted here, plus
// its `max_processes`: room for that many more, shared with whatever the user starts meanwhile.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** How often the count is taken at most: a scan of /proc reads one small file per process. */
export const USER_PROCESS_COUNT_MAX_AGE_MS = 1_000;

/** The real uid and thread count in a /proc/<pid>/status text, or undefined when either is missing. */
function uidAndThreads(status: string): { uid: number; threads: number } | undefined {
  const uid = /^Uid:\s+(\d+)/m.exec(status);
  const threads = /^Threads:\s+(\d+)/m.exec(status);
  return uid && threads ? { uid: Number(uid[1]), threads: Number(threads[1]) } : undefined;
}

/**
 * The threads of the processes whose real user is `uid` (what RLIMIT_NPROC counts), read from `proc`; undefined when
 * `proc` cannot be listed. A process that exits during the scan is skipped.
 */
export function countUserThreads(uid: number, proc = "/proc"): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync(proc);
  } catch {
    return undefined;
  }
  let total = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let status: string;
    try {
      status = readFileSync(join(proc, entry, "status"), "utf8");
    } catch {
      continue; // exited meanwhile
    }
    const found = uidAndThreads(status);
    if (found?.uid === uid) total += found.threads;
  }
  return total;
}

/**
 * The hard RLIMIT_NPROC in a /proc/<pid>/limits text (Infinity when unlimited or unreadable): an execution inherits it
 * from exc, and cannot raise its limit past it (`ulimit -u` above it fails, and the script would not run).
 */
export function hardProcessLimit(limits: string | undefined): number {
  const hard = /^Max processes\s+\S+\s+(\S+)/m.exec(limits ?? "")?.[1];
  return hard === undefined || hard === "unlimited" ? Number.POSITIVE_INFINITY : Number(hard);
}

function ownLimits(): string | undefined {
  try {
    return readFileSync("/proc/self/limits", "utf8");
  } catch {
    return undefined;
  }
}

export interface UserProcessLimit {
  /**
   * RLIMIT_NPROC for an execution of this user with `maxProcesses`: the user's count (at most a second old) plus it,
   * at most exc's hard limit.
   */
  forExecution(maxProcesses: number): number;
}

/** The RLIMIT_NPROC of `uid`'s executions; the options are for tests. */
export function userProcessLimit(
  uid: number,
  options: { count?: (uid: number) => number | undefined; now?: () => number; maxAgeMs?: number; hardLimit?: number } = {},
): UserProcessLimit {
  const { count = countUserThreads, now = Date.now, maxAgeMs = USER_PROCESS_COUNT_MAX_AGE_MS } = options;
  // Read at the first execution that needs it: most excs have a cgroup per execution and never do.
  let hardLimit = options.hardLimit;
  let counted: { at: number; threads: number } | undefined;
  return {
    forExecution(maxProcesses) {
      hardLimit ??= hardProcessLimit(ownLimits());
      const at = now();
      if (!counted || at - counted.at >= maxAgeMs) counted = { at, threads: count(uid) ?? 0 };
      return Math.min(counted.threads + maxProcesses, hardLimit);
    },
  };
}
