// What the kernel says about a process (Linux /proc): CPU time consumed and memory held. Each reader returns
// undefined where /proc or the process is not there, so a benchmark prints "n/a" instead of failing.
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
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

const PAGE_BYTES = 4096;
const PFN_MASK = (1n << 55n) - 1n;

/** The ranges of a process's mappings that have resident pages (/proc/<pid>/smaps). */
function residentRanges(pid: number): { start: number; end: number }[] {
  const ranges: { start: number; end: number; rssKiB: number }[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line);
    if (range) ranges.push({ start: Number.parseInt(range[1]!, 16), end: Number.parseInt(range[2]!, 16), rssKiB: 0 });
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && ranges.length > 0) ranges.at(-1)!.rssKiB = Number(rss[1]);
  }
  // Kernel ranges past 2^53 ([vsyscall]) hold no resident user pages and would not convert exactly.
  return ranges.filter((r) => r.rssKiB > 0 && r.end <= Number.MAX_SAFE_INTEGER);
}

/** Adds the physical page numbers of `pid`'s resident pages to `frames`; false when they are hidden from this user. */
function addResidentFrames(pid: number, frames: Set<bigint>): boolean {
  const fd = openSync(`/proc/${pid}/pagemap`, "r");
  try {
    for (const { start, end } of residentRanges(pid)) {
      const entries = Buffer.alloc(((end - start) / PAGE_BYTES) * 8);
      readSync(fd, entries, 0, entries.length, (start / PAGE_BYTES) * 8);
      for (let offset = 0; offset < entries.length; offset += 8) {
        const entry = entries.readBigUInt64LE(offset);
        if (entry >> 63n === 0n) continue; // not present
        const frame = entry & PFN_MASK;
        if (frame === 0n) return false;
        frames.add(frame);
      }
    }
    return true;
  } finally {
    closeSync(fd);
  }
}

/**
 * The memory (MiB) that the processes take from the machine together: each resident physical page counted once,
 * however many of them map it (/proc/<pid>/pagemap). Summed RSS counts a page once per process that maps it, e.g.
 * the ~33 MiB of the node binary that every Node process has resident; PSS divides such a page among all its users,
 * processes outside the set too. `own` for `pids`, `withDescendants` with `descendants` added (one read of each
 * process); a descendant that has exited meanwhile (a sandbox finishing) counts for nothing. Undefined where physical
 * page numbers are hidden (they need CAP_SYS_ADMIN) or one of `pids` cannot be read.
 */
export function residentUnionMiB(
  pids: readonly number[],
  descendants: readonly number[] = [],
): { own: number; withDescendants: number } | undefined {
  const frames = new Set<bigint>();
  const mib = () => (frames.size * PAGE_BYTES) / (1024 * 1024);
  try {
    for (const pid of pids) if (!addResidentFrames(pid, frames)) return undefined;
  } catch {
    return undefined;
  }
  const own = mib();
  for (const pid of descendants) {
    try {
      if (!addResidentFrames(pid, frames)) return undefined;
    } catch {
      // gone
    }
  }
  return { own, withDescendants: mib() };
}

/** Why residentUnionMiB has no figure for this user, checked once; null when it has one. */
let unionUnavailable: string | null | undefined;

/**
 * Why the resident pages of processes cannot be counted once here (residentUnionMiB gives undefined), or undefined
 * when they can: the kernel zeroes the physical page numbers of /proc/<pid>/pagemap for a reader without
 * CAP_SYS_ADMIN, so the answer is the same for every process this user may read, and this process tells it.
 */
export function residentUnionUnavailable(): string | undefined {
  if (unionUnavailable === undefined) {
    try {
      unionUnavailable = addResidentFrames(process.pid, new Set())
        ? null
        : "needs root: /proc/<pid>/pagemap hides physical page numbers from a user without CAP_SYS_ADMIN; run the benchmark as root for these figures";
    } catch (error) {
      unionUnavailable = `/proc/${process.pid}/pagemap cannot be read here (${error instanceof Error ? error.message : String(error)})`;
    }
  }
  return unionUnavailable ?? undefined;
}

/** CPU time (ms) of the processes together; NaN when one of them cannot be read (gone, or no /proc). */
export function cpuMsOf(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + (cpuMs(pid) ?? Number.NaN), 0);
}

/** RSS and PSS (MiB) of the processes together, and RSS with all their descendants (NaN where one cannot be read). */
export function memoryOf(pids: readonly number[]): Memory & { rssWithChildren: number; union: number; unionWithChildren: number } {
  const own = pids.map((pid) => memoryMiB(pid));
  const rss = own.reduce((sum, m) => sum + (m?.rss ?? Number.NaN), 0);
  const descendants = pids.flatMap((pid) => descendantPids(pid));
  // A descendant may exit between listing and reading (a sandbox finishing): it then holds nothing.
  const children = descendants.reduce((sum, pid) => sum + (memoryMiB(pid)?.rss ?? 0), 0);
  const union = residentUnionMiB(pids, descendants);
  return {
    rss,
    pss: own.reduce((sum, m) => sum + (m?.pss ?? Number.NaN), 0),
    rssWithChildren: rss + children,
    union: union?.own ?? Number.NaN,
    unionWithChildren: union?.withDescendants ?? Number.NaN,
  };
}
