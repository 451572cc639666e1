// What `zino status` reads about local processes and programs: a live pid from a pid file, a process's uptime
// (Linux /proc), and where a program is on PATH.
import { accessSync, constants, readFileSync } from "node:fs";
import { join } from "node:path";
import { isProcessAlive, readPidFile } from "../../shared/pid-process.js";

/** The pid in `path` when that process is alive (and not a zombie), else undefined. */
export function readLivePid(path: string): number | undefined {
  const pid = readPidFile(path);
  return pid !== undefined && isProcessAlive(pid) ? pid : undefined;
}

/** Seconds since the process started, from /proc (clock ticks at the usual 100 Hz); undefined off Linux. */
export function processUptimeSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const startTicks = Number(fields[19]);
    const systemUptime = Number(readFileSync("/proc/uptime", "utf8").split(" ")[0]);
    if (!Number.isFinite(startTicks) || !Number.isFinite(systemUptime)) return undefined;
    return Math.max(0, Math.round(systemUptime - startTicks / 100));
  } catch {
    return undefined;
  }
}

export function findOnPath(name: string, pathList = process.env.PATH ?? ""): string | undefined {
  for (const dir of pathList.split(":")) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not here
    }
  }
  return undefined;
}
