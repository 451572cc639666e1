// A background process recorded by its pid in a file (`zino up --detach`'s services, the guide's local Zelinqa API):
// reading that file, whether the process still runs, its command line, and stopping it. Liveness is signal 0 plus,
// on Linux, /proc's state, because an exited child its parent has not reaped yet (a zombie) still takes signal 0.
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

/** The pid written in `path`, or undefined when the file is missing or does not hold a positive integer. */
export function readPidFile(path: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8").trim();
  } catch {
    return undefined;
  }
  const pid = Number(text);
  return /^\d+$/.test(text) && Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

/** True while `pid` runs: it takes signal 0 (or exists under another user: EPERM) and is not a zombie. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return !isZombie(pid);
}

function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return false;
  }
}

/** The process's command line, one argument per element; undefined where /proc cannot tell (gone, or not Linux). */
export function processCommandLine(pid: number): string[] | undefined {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    if (args.at(-1) === "") args.pop();
    return args;
  } catch {
    return undefined;
  }
}

/**
 * SIGTERM, then SIGKILL once `graceMs` has passed; resolves with the signal that ended it, or undefined when it still
 * runs a second after the SIGKILL (or could not be signalled). `alive` is how the caller recognises its process.
 */
export async function terminateProcess(
  pid: number,
  graceMs: number,
  alive: () => boolean = () => isProcessAlive(pid),
): Promise<"SIGTERM" | "SIGKILL" | undefined> {
  if (!signal(pid, "SIGTERM")) return alive() ? undefined : "SIGTERM";
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!alive()) return "SIGTERM";
    await sleep(25);
  }
  if (!signal(pid, "SIGKILL")) return "SIGTERM";
  for (let i = 0; i < 40; i += 1) {
    if (!alive()) return "SIGKILL";
    await sleep(25);
  }
  return undefined;
}

/** False when the process is gone (ESRCH) or not ours to signal. */
function signal(pid: number, name: NodeJS.Signals): boolean {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false;
  }
}
