// The directories of one execution under the work root: a fresh `zx-` base with the script's code dir (and, on the
// host, its work and tmp dirs), the execution's cgroup made alongside, and their removal once the result is on its
// way. An unsandboxed execution's base left exactly as made serves the next one instead: on a disk file system each
// mkdir and rmdir goes through the journal (`echo hi` tool turns back to back, unsandboxed: p50 about 0.4 ms lower,
// exc's CPU per turn about 0.3 ms lower; issue 14's notes).
// Also the work root itself: created at start, and cleared of an earlier run's leftovers: all of them when the root
// is ours, and in a root other exc processes of this user may share (the OS temp dir, /dev/shm/zino-exc-<uid>)
// those of an exc that is gone, told by the process named in each base's name (`zx-<pid namespace>-<pid>-XXXXXX`).
// A sandboxed execution's base holds only its script (bwrap mounts tmpfs on /work and /tmp), and can go under a root
// of its own in RAM (`sandboxRoot`, execution-runner.ts), where making and removing it never waits for a disk journal.
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmdirSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { isProcessAlive } from "../../shared/pid-process.js";
import type { ExecConfig } from "../config/index.js";
import type { Logger } from "../../wire/index.js";
import type { ExecCgroup } from "./exec-cgroups.js";
import type { ExecutorDefinition } from "./executor-catalog.js";
import type { StartedProcess } from "./run-process.js";
import type { ExecutionPaths, SandboxUser } from "./sandbox.js";

export interface PreparedDirs extends ExecutionPaths {
  baseDir: string;
  /** An unsandboxed execution's: its work and tmp dirs are on the host (prepare's `onHost`). */
  onHost: boolean;
  /** The execution's cgroup, made with its directories (a warm sandbox's ahead of its call). */
  cgroup?: ExecCgroup | undefined;
  /** A warm sandbox's analyser, started and held next to it; taken (set to undefined) by the execution that uses it. */
  analyser?: StartedProcess | undefined;
}

export interface ExecutionDirsOptions {
  logger: Logger;
  workRoot: string;
  /**
   * Where sandboxed executions' directories go (only their script), an existing directory checked to be exc's own;
   * the work root when undefined.
   */
  sandboxRoot?: string | undefined;
  /** The sandbox user, owner of the host work and tmp dirs; undefined keeps exc's own user. */
  user: SandboxUser | undefined;
  /** The cgroup of an execution under these rules (sandbox-hardening.ts), undefined where cgroups are not used. */
  cgroupFor: (exec: ExecConfig) => ExecCgroup | undefined;
}

export interface ExecutionDirs {
  /**
   * The directories and cgroup of one execution, empty: the script is written by `writeScript` when the call
   * comes. `onHost`: a host work dir and temp dir too (unsandboxed runs; bwrap mounts tmpfs on /work and /tmp).
   */
  prepare(def: ExecutorDefinition, onHost: boolean, exec: ExecConfig): PreparedDirs;
  writeScript(dirs: PreparedDirs, code: string): void;
  /** Removes the execution's directories, its cgroup and a held analyser nobody used. */
  cleanup(dirs: PreparedDirs): void;
  /**
   * `cleanup` once the current work is done (setImmediate): an execution's result leaves before its directories go.
   * The unlink and four rmdir cost ~2 ms of a warm execution's wall time here (`echo hi` through exc: 6.3 → 4.2 ms).
   */
  cleanupAfterAnswer(dirs: PreparedDirs): void;
  /** Runs the cleanups still scheduled, now (the self-test before exc listens, exc's close). */
  settle(): void;
  /** Settles, removes the spare bases, and from then on removes every execution's base (exc's close). */
  close(): void;
  /**
   * Creates the work root if needed, and removes the execution directories an earlier run left there: all of them
   * when it is `owned`, else those of an exc that is gone; and those in the sandboxed executions' root (shared too).
   */
  readyWorkRoot(owned: boolean): void;
  /** Where sandboxed executions' directories are made now: the sandbox root, or the work root once that one is gone. */
  sandboxedRoot(): string;
}

/** rmdir of a directory that may not exist (the tmp dir of bwrap runs); any other failure is thrown. */
function rmdirQuiet(dir: string): void {
  try {
    rmdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
}

/** unlink of a file that may not exist (the script of a warm sandbox that never ran); any other failure is thrown. */
function unlinkQuiet(path: string): void {
  try {
    unlinkSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
}

/** Unsandboxed executions' bases kept for the next ones (one being made ready while one runs, and a spare). */
const SPARE_HOST_BASES = 2;

/** An execution base's name: `zx-`, the exc's pid namespace and pid (none before they were named), mkdtemp's six. */
const BASE_NAME = /^zx-(?:(\d+)-(\d+)-)?[A-Za-z0-9]{6}$/;

/** This process's pid namespace (its inode), "0" where /proc does not say. */
function pidNamespace(): string {
  try {
    return /\[(\d+)\]/.exec(readlinkSync("/proc/self/ns/pid"))?.[1] ?? "0";
  } catch {
    return "0";
  }
}

/**
 * Whether `entry` of a shared root is a base an exc that is gone left behind: named by an exc of this pid namespace
 * whose process no longer exists (one of another namespace cannot be told from here, and stays), and a directory of
 * this user's.
 */
function leftByAGoneExc(root: string, entry: string, pidNs: string): boolean {
  const match = BASE_NAME.exec(entry);
  if (!match?.[1] || match[1] !== pidNs || Number(match[2]) === process.pid || isProcessAlive(Number(match[2]))) return false;
  try {
    const stat = lstatSync(join(root, entry));
    return stat.isDirectory() && stat.uid === process.geteuid?.();
  } catch {
    return false; // gone meanwhile
  }
}

/**
 * The bases (prepare's names) an earlier run left in `root`: every one when the root is this exc's own, else only
 * those of an exc that is gone (see {@link leftByAGoneExc}).
 */
function removeLeftovers(root: string, owned: boolean, pidNs: string, logger: Logger): void {
  try {
    const leftovers = readdirSync(root).filter((entry) => (owned ? BASE_NAME.test(entry) : leftByAGoneExc(root, entry, pidNs)));
    for (const entry of leftovers) rmSync(join(root, entry), { recursive: true, force: true, maxRetries: 2 });
    if (leftovers.length > 0) logger.info({ root, removed: leftovers.length }, "removed execution directories an earlier run left behind");
  } catch (err) {
    // Not a reason to refuse to start: what is left stays until a later start.
    logger.warn({ err, root }, "cannot remove the execution directories an earlier run left behind");
  }
}

/** The work root made if needed; both roots cleared of what an earlier run left (see {@link removeLeftovers}). */
function readyRoots(roots: { workRoot: string; sandboxRoot: string; owned: boolean; pidNs: string; logger: Logger }): void {
  const { workRoot, sandboxRoot, owned, pidNs, logger } = roots;
  if (!existsSync(workRoot)) {
    mkdirSync(workRoot, { recursive: true, mode: 0o711 });
    chmodSync(workRoot, 0o711); // ours, past the process umask (077)
  }
  removeLeftovers(workRoot, owned, pidNs, logger);
  // This user's own root in RAM, which every exc of the user shares.
  if (sandboxRoot !== workRoot) removeLeftovers(sandboxRoot, false, pidNs, logger);
}

/**
 * Whether an unsandboxed execution's base, its script removed, is as prepare made it: the base and its code dir exc's
 * own (`ownUid`) with their modes, the work and tmp dirs `hostDirsUid`'s with theirs, none a link, all empty but the base (its
 * three dirs). A run that left anything behind, or changed a mode or an owner, has its base removed.
 */
function asMade(dirs: PreparedDirs, uids: { ownUid: number | undefined; hostDirsUid: number | undefined }): boolean {
  const { ownUid, hostDirsUid } = uids;
  const expected: [string, number | undefined, number, number][] = [
    [dirs.baseDir, ownUid, 0o711, 3],
    [dirs.codeDir, ownUid, 0o755, 0],
    [dirs.workDir, hostDirsUid, 0o700, 0],
    [dirs.tmpDir, hostDirsUid, 0o700, 0],
  ];
  return expected.every(([dir, uid, mode, entries]) => {
    const stat = lstatSync(dir);
    return stat.isDirectory() && stat.uid === uid && (stat.mode & 0o7777) === mode && readdirSync(dir).length === entries;
  });
}

/**
 * Host bases unsandboxed executions left as prepare made them (see {@link asMade}), for the next ones: on a disk file
 * system each mkdir and rmdir goes through its journal. At most {@link SPARE_HOST_BASES}; none once closed.
 */
function spareHostBases(uids: { ownUid: number | undefined; hostDirsUid: number | undefined }) {
  const spare: string[] = [];
  let closed = false;
  return {
    take: (): string | undefined => spare.pop(),
    /** Keeps the base of `dirs` (its script removed) for a later execution; false when it is to be removed. */
    keep(dirs: PreparedDirs): boolean {
      if (closed || !dirs.onHost || spare.length >= SPARE_HOST_BASES || !asMade(dirs, uids)) return false;
      spare.push(dirs.baseDir);
      return true;
    },
    /** Keeps none from now on; returns those kept, for removal. */
    close(): string[] {
      closed = true;
      return spare.splice(0);
    },
  };
}

/** An execution's directories in its base. */
function pathsIn(baseDir: string): { baseDir: string; codeDir: string; workDir: string; tmpDir: string } {
  return { baseDir, codeDir: join(baseDir, "code"), workDir: join(baseDir, "work"), tmpDir: join(baseDir, "tmp") };
}

/** `run` on each item scheduled, once the current work is done (setImmediate), or at once on `settle`. */
function deferredPass<T>(run: (item: T) => void) {
  const scheduled = new Set<T>();
  let pass: NodeJS.Immediate | undefined;
  function settle(): void {
    if (pass) clearImmediate(pass);
    pass = undefined;
    const due = [...scheduled];
    scheduled.clear();
    for (const item of due) run(item);
  }
  const schedule = (item: T): void => {
    scheduled.add(item);
    pass ??= setImmediate(settle);
  };
  return { schedule, settle };
}

export function createExecutionDirs(options: ExecutionDirsOptions): ExecutionDirs {
  const { logger, workRoot, user, cgroupFor } = options;
  let sandboxRoot = options.sandboxRoot ?? workRoot;
  /** Each base's prefix names this exc (see {@link removeLeftovers}). */
  const pidNs = pidNamespace();
  const prefix = `zx-${pidNs}-${process.pid}-`;

  /**
   * A sandboxed execution's base. Its own root was checked when exc started (user-dir.ts); removed since, it is not
   * made again here, where nothing checks whose it is then: the work root serves from then on.
   */
  function sandboxBase(): string {
    try {
      return mkdtempSync(join(sandboxRoot, prefix));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT" || sandboxRoot === workRoot) throw err;
      logger.warn({ sandboxRoot, workRoot }, "the sandboxed executions' directory is gone; using the work root instead");
      sandboxRoot = workRoot;
      return mkdtempSync(join(workRoot, prefix));
    }
  }

  const ownUid = process.geteuid?.();
  const spares = spareHostBases({ ownUid, hostDirsUid: user?.uid ?? ownUid });

  function prepare(def: ExecutorDefinition, onHost: boolean, exec: ExecConfig): PreparedDirs {
    const spare = onHost ? spares.take() : undefined;
    if (spare) return preparedIn(spare, true, def, exec);
    const baseDir = onHost ? mkdtempSync(join(workRoot, prefix)) : sandboxBase();
    // The base only needs to be traversable by the sandbox user; its children carry the real permissions.
    chmodSync(baseDir, 0o711);
    const { codeDir, workDir, tmpDir } = pathsIn(baseDir);
    mkdirSync(codeDir, { mode: 0o755 });
    chmodSync(codeDir, 0o755); // exc runs with umask 077 (run-service.ts); the sandbox user reads the script
    if (onHost) {
      mkdirSync(workDir, { mode: 0o700 });
      mkdirSync(tmpDir, { mode: 0o700 });
      if (user) {
        chownSync(workDir, user.uid, user.gid);
        chownSync(tmpDir, user.uid, user.gid);
      }
    }
    return preparedIn(baseDir, onHost, def, exec);
  }

  function preparedIn(baseDir: string, onHost: boolean, def: ExecutorDefinition, exec: ExecConfig): PreparedDirs {
    return { ...pathsIn(baseDir), onHost, scriptName: `main.${def.fileExtension}`, cgroup: cgroupFor(exec) };
  }

  function writeScript(dirs: PreparedDirs, code: string): void {
    const script = join(dirs.codeDir, dirs.scriptName);
    writeFileSync(script, code, { mode: 0o644 });
    chmodSync(script, 0o644); // past the process umask (077)
  }

  /**
   * The usual case (the script and empty work and tmp dirs) takes a handful of unlink/rmdir calls; anything the
   * run left behind falls back to a recursive rm, which costs about a millisecond even for a nearly empty tree.
   */
  function cleanup(dirs: PreparedDirs): void {
    // A held analyser nobody used (the sandbox was discarded, or failed before its analysis) is killed.
    if (dirs.analyser) void dirs.analyser.discard();
    dirs.analyser = undefined;
    // Kills what is left of the execution (a process that left its group) and removes the cgroup, off the result's path.
    dirs.cgroup?.release();
    try {
      unlinkQuiet(join(dirs.codeDir, dirs.scriptName));
      if (spares.keep(dirs)) return;
      rmdirSync(dirs.codeDir);
      // Only an unsandboxed execution has work and tmp dirs on the host (a sandbox mounts its own tmpfs there): a
      // sandboxed one's rmdir would fail each time, and a failed sync call costs an exception (8–26 µs each here).
      if (dirs.onHost) {
        rmdirQuiet(dirs.workDir);
        rmdirQuiet(dirs.tmpDir);
      }
      rmdirSync(dirs.baseDir);
      return;
    } catch {
      // not empty (or already partly gone): the thorough way
    }
    removeTree(dirs.baseDir);
  }

  function removeTree(baseDir: string): void {
    try {
      rmSync(baseDir, { recursive: true, force: true, maxRetries: 2 });
    } catch (err) {
      logger.warn({ err, dir: baseDir }, "cannot remove an execution directory");
    }
  }

  function readyWorkRoot(owned: boolean): void {
    readyRoots({ workRoot, sandboxRoot, owned, pidNs, logger });
  }

  const { settle, schedule: cleanupAfterAnswer } = deferredPass(cleanup);

  function close(): void {
    settle();
    for (const baseDir of spares.close()) removeTree(baseDir);
  }

  return { prepare, writeScript, cleanup, cleanupAfterAnswer, settle, close, readyWorkRoot, sandboxedRoot: () => sandboxRoot };
}
