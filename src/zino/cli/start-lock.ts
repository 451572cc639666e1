// One `zino up` (foreground, `--detach`, or the guide's start) at a time per instance: `<runtime_dir>/up.lock`, created
// with O_EXCL and holding its owner's pid and start time, is held from the first ping to the last pid file. Node has
// no flock, so a lock whose owner is gone (killed, crashed) is recognised by that pid and broken.
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { UnsafeSocketDirError, prepareSocketDir } from "../../wire/index.js";
import { isProcessAlive } from "../../shared/pid-process.js";
import { CliError, EXIT_FAILURE, EXIT_USAGE } from "../../shared/cli.js";

export interface StartLockOptions {
  runtimeDir: string;
  say: (text: string) => void;
  /** How long to wait for another `zino up` to finish before giving up. */
  waitMs: number;
  pollMs?: number;
  /** Stops the wait (Ctrl-C of a foreground `zino up`): the lock is then not taken. */
  signal?: AbortSignal;
}

/** Releases the lock: removes the file only while it is still ours. Idempotent. */
export type ReleaseStartLock = () => void;

export const startLockPath = (runtimeDir: string): string => join(runtimeDir, "up.lock");

/**
 * Takes the instance's start lock, waiting while another live `zino up` holds it; undefined when `signal` aborts the
 * wait. Throws a CliError
 * (`instance_busy`, exit 1) when it still holds it after `waitMs`, or (`config_invalid`, exit 2) when the runtime
 * folder cannot be used.
 */
export async function acquireStartLock({
  runtimeDir,
  say,
  waitMs,
  pollMs = 100,
  signal,
}: StartLockOptions): Promise<ReleaseStartLock | undefined> {
  prepareLockFolder(runtimeDir);
  const path = startLockPath(runtimeDir);
  const me = ownerLine(process.pid);
  const deadline = Date.now() + waitMs;
  let announced: number | undefined;
  for (;;) {
    if (signal?.aborted === true) return undefined;
    if (tryCreate(path, me)) return () => releaseIfOurs(path, me);
    const owner = readOwner(path);
    if (owner === undefined || !ownerRuns(owner)) {
      // Being created or just removed, or stale: try again in a moment (after breaking it, when stale).
      if (owner !== undefined) breakStaleLock(path, owner.line);
      await sleep(10);
    } else {
      if (announced !== owner.pid) say(`another \`zino up\` is starting the services (pid ${owner.pid}); waiting for it`);
      announced = owner.pid;
      if (Date.now() >= deadline) {
        throw new CliError(`another \`zino up\` is still starting the services of this instance (pid ${owner.pid}, lock ${path})`, {
          code: "instance_busy",
          exitCode: EXIT_FAILURE,
          hint: "wait for it to finish and run `zino status`, or stop that process",
        });
      }
      await sleep(pollMs, undefined, { signal }).catch(() => undefined);
    }
  }
}

function prepareLockFolder(runtimeDir: string): void {
  try {
    prepareSocketDir(startLockPath(runtimeDir));
  } catch (err) {
    if (err instanceof UnsafeSocketDirError) throw new CliError(err.message, { code: "config_invalid", exitCode: EXIT_USAGE });
    const code = (err as NodeJS.ErrnoException).code;
    throw new CliError(`cannot create the runtime folder ${runtimeDir} (${code ?? String(err)})`, {
      code: "config_invalid",
      exitCode: EXIT_USAGE,
      hint: "set [paths] runtime_dir (or ZINO_RUNTIME_DIR) to a writable folder of your own",
    });
  }
}

/** `<pid> <start time>`: the start time (clock ticks since boot, from /proc) tells a recycled pid from its owner. */
function ownerLine(pid: number): string {
  return `${pid} ${processStartTime(pid) ?? "-"}\n`;
}

function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

function tryCreate(path: string, line: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx", 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  }
  try {
    writeSync(fd, line);
  } finally {
    closeSync(fd);
  }
  return true;
}

interface LockOwner {
  pid: number;
  startTime: string;
  line: string;
}

/** The owner written in the lock; undefined when the file is gone or not written yet (its owner writes it at once). */
function readOwner(path: string): LockOwner | undefined {
  let line: string;
  try {
    line = readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
  const match = /^(\d+) (\d+|-)\n$/.exec(line);
  if (match) return { pid: Number(match[1]), startTime: match[2]!, line };
  // Empty or torn: written by an owner killed between create and write once it is older than a moment.
  return ageMs(path) > 2000 ? { pid: 0, startTime: "-", line } : undefined;
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function ownerRuns(owner: LockOwner): boolean {
  if (owner.pid <= 0 || !isProcessAlive(owner.pid)) return false;
  return owner.startTime === "-" || processStartTime(owner.pid) === owner.startTime;
}

/**
 * Removes a lock whose owner is gone. Two waiters may find it stale at once: the removal is itself serialised by
 * `up.lock.break`, and the lock is read again under it, so a waiter never removes the fresh lock another just took.
 */
function breakStaleLock(path: string, staleLine: string): void {
  const breaker = `${path}.break`;
  const me = ownerLine(process.pid);
  if (!tryCreate(breaker, me)) {
    // A breaker killed in these few lines leaves its file: past a few seconds it is no one's.
    if (ageMs(breaker) > 5000) removeFile(breaker);
    return;
  }
  try {
    if (readOwner(path)?.line === staleLine) removeFile(path);
  } finally {
    releaseIfOurs(breaker, me);
  }
}

function releaseIfOurs(path: string, line: string): void {
  try {
    if (readFileSync(path, "utf8") === line) unlinkSync(path);
  } catch {
    // already gone
  }
}

function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
