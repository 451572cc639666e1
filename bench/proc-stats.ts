// What the kernel says about a process (Linux /proc): CPU time consumed and memory held. Each reader returns
// undefined where /proc or the process is not there, so a benchmark prints "n/a" instead of failing.
import { readFileSync } from "node:fs";
import { descendantPids } from "../harness/process-tree.js";

/** CPU time (user + system, ms) consumed so far by the process; USER_HZ is 100 on Linux. */
export function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * CPU time (ms) the whole machine has been busy since boot, all cores and all processes together, kernel threads
 * included (/proc/stat: user, nice, system, irq and softirq, in 10 ms ticks; not steal, which is the hypervisor's
 * other guests, nor guest, which user already counts); undefined without /proc. What a piece of work costs the
 * machine, wherever it runs: processes that come and go (a sandbox, a forked launcher child) and the kernel's own
 * work for them (namespace teardown) are in it, which no list of pids can catch.
 */
export function machineBusyMs(): number | undefined {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!;
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = line.trim().split(/\s+/).slice(1).map(Number);
    return (user + nice + system + irq + softirq) * 10;
  } catch {
    return undefined;
  }
}

export interface Memory {
  /** Resident set size, MiB. */
  rss: number;
  /** Proportional set size (shared pages divided among their users), MiB. */
  pss: number;
}

/** RSS and PSS of the process from /proc/<pid>/smaps_rollup. */
export function memoryMiB(pid: number | undefined): Memory | undefined {
  if (pid === undefined) return undefined;
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? Number.NaN);
    return { rss: kib("Rss") / 1024, pss: kib("Pss") / 1024 };
  } catch {
    return undefined;
  }
}

/** CPU time (ms) of the processes together; NaN when one of them cannot be read (gone, or no /proc). */
export function cpuMsOf(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + (cpuMs(pid) ?? Number.NaN), 0);
}

/** RSS and PSS (MiB) of the processes together, and RSS with all their descendants (NaN where one cannot be read). */
export function memoryOf(pids: readonly number[]): Memory & { rssWithChildren: number } {
  const own = pids.map((pid) => memoryMiB(pid));
  const rss = own.reduce((sum, m) => sum + (m?.rss ?? Number.NaN), 0);
  // A descendant may exit between listing and reading (a sandbox finishing): it then holds nothing.
  const children = pids.flatMap((pid) => descendantPids(pid)).reduce((sum, pid) => sum + (memoryMiB(pid)?.rss ?? 0), 0);
  return { rss, pss: own.reduce((sum, m) => sum + (m?.pss ?? Number.NaN), 0), rssWithChildren: rss + children };
}
