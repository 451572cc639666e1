// What bounds an execution beyond its namespaces (issue 11): the per-execution cgroups (exec-cgroups.ts), the
// seccomp program bubblewrap loads (seccomp-filter.ts), and how a sandbox's first process joins its cgroup as the
// sandbox user. capabilities reports it (SandboxHardening).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { release as osRelease, tmpdir } from "node:os";
import { join } from "node:path";
import type { ExecConfig } from "../config/index.js";
import type { Logger } from "../../wire/index.js";
import { createExecCgroups, joinCgroupCommand, type ExecCgroup, type ExecCgroups, type ResourceLimits } from "./exec-cgroups.js";
import type { SandboxCommand, SandboxUser } from "./sandbox.js";
import { seccompArch, seccompProgram } from "./seccomp-filter.js";
import { findExecutable } from "./static-analysis.js";
import { userDirIn } from "./user-dir.js";

/** What bounds an execution beyond its namespaces, as capabilities reports it. */
export interface SandboxHardening {
  /** cgroup-v2/cgroup-v1: memory (swap included) and processes bounded per execution; rlimit-only: per process. */
  resource_limits: ResourceLimits;
  /** Where the cgroups are made, or why none can be. */
  resource_limits_detail: string;
  /** The seccomp filter is loaded in bubblewrap sandboxes. */
  seccomp: boolean;
  /** bubblewrap keeps sandboxes from making user namespaces (--disable-userns). */
  userns_disabled: boolean;
  /** Static analysis runs in a sandbox (else on the host as the sandbox user). */
  analysis_sandboxed: boolean;
  /**
   * Sandboxed executions without network start from one resident sandbox (sandbox-zygote.ts), each in namespaces of
   * its own; false: a bubblewrap sandbox per execution. Set by the execution runner, which owns the zygote.
   */
  zygote?: boolean;
}

/** A command with the user it is started as (none: exc's own, or a root process that drops by itself). */
export type UserCommand = SandboxCommand & { uid?: number; gid?: number };

export interface Hardening {
  /** Detects the cgroups and writes the seccomp program (once). */
  start(): void;
  /** The compiled seccomp program's file, handed to bwrap as a descriptor; undefined on an unknown architecture. */
  readonly seccompFile: string | undefined;
  /** After start(): executions get cgroups their sandbox's own command joins (what the zygote's executions need). */
  readonly joinsInside: boolean;
  /** A new cgroup with the limits of these rules; undefined when only rlimits apply. */
  cgroupFor(exec: ExecConfig): ExecCgroup | undefined;
  /**
   * The cgroup.procs files a bubblewrap sandbox's own command may join through descriptors (sandbox.ts), so that no
   * process has to run in front of bwrap to join; undefined where the kernel would refuse that write (the join then
   * goes in front, see `asSandboxUser`).
   */
  joinFilesInside(cgroup: ExecCgroup | undefined): string[] | undefined;
  /**
   * The command as the sandbox user, inside `cgroup` (when given) before it runs anything: joined by the command
   * itself when it carries `joinFiles`, else by a shell in front (or in its own `-c` script).
   */
  asSandboxUser(command: SandboxCommand, cgroup: ExecCgroup | undefined): UserCommand;
  report(bwrap: { ok: boolean; disableUserns: boolean }): SandboxHardening;
  close(): Promise<void>;
}

export function createHardening(options: {
  logger: Logger;
  /** The user executions run as (undefined: exc's own). */
  user: SandboxUser | undefined;
  /** False: no cgroups (rlimits only). */
  cgroups?: boolean;
}): Hardening {
  const { user } = options;
  const setprivPath = findExecutable("setpriv");
  /** exc is root and runs executions as another user: the cgroup is delegated to it (v1) or joined by root first. */
  const dropsToUser = user !== undefined && process.getuid?.() === 0;
  let limits: CgroupsSetup = { cgroups: undefined, detail: "not probed yet" };
  const seccomp = seccompProgramFile();
  let started = false;
  /** Cgroups were found, and an execution's sandbox joins its own from inside (no cgroups: false). */
  const joinsInside = () => joinsThroughDescriptors(limits.cgroups?.mechanism);
  return {
    start() {
      if (started) return;
      started = true;
      limits = startCgroups({ ...options, dropsToUser, setprivPath });
      seccomp.write();
    },
    get seccompFile() {
      return seccomp.path();
    },
    cgroupFor(exec) {
      return limits.cgroups?.create({
        memoryBytes: exec.memory_mb * 1024 * 1024,
        maxProcesses: exec.max_processes,
        joiner: dropsToUser ? user : undefined,
      });
    },
    get joinsInside() {
      return joinsInside();
    },
    joinFilesInside(cgroup) {
      return cgroup && joinsInside() ? [...cgroup.procsFiles] : undefined;
    },
    asSandboxUser(command, cgroup) {
      if (!cgroup || (command.joinFiles?.length ?? 0) > 0) return { ...command, ...(user ?? {}) };
      if (dropsToUser && user && setprivPath && !cgroup.delegated) return joinCgroupCommand(command, cgroup, { user, setprivPath });
      return { ...joinCgroupCommand(command, cgroup, undefined), ...(user ?? {}) };
    },
    report(bwrap) {
      return {
        resource_limits: limits.cgroups?.mechanism ?? "rlimit-only",
        resource_limits_detail: limits.detail,
        seccomp: bwrap.ok && seccomp.path() !== undefined,
        userns_disabled: bwrap.ok && bwrap.disableUserns,
        analysis_sandboxed: bwrap.ok,
      };
    },
    async close() {
      await limits.cgroups?.close();
      seccomp.remove();
    },
  };
}

/**
 * Whether a process in a sandbox (its own user, PID and cgroup namespaces) can move itself into its execution's cgroup
 * by writing to a cgroup.procs descriptor exc opened. cgroup v1 checks the writer against the task it moves (itself)
 * or, on recent kernels, the opener, and has no namespace check. v2 checks the opener's credentials and cgroup
 * namespace only since Linux 5.16 (before, the writer's: as the sandbox user, from the sandbox's cgroup namespace,
 * the write fails); older v2 kernels keep the join in front of bwrap.
 */
export function joinsThroughDescriptors(mechanism: ExecCgroups["mechanism"] | undefined, release = osRelease()): boolean {
  if (mechanism === "cgroup-v1") return true;
  if (mechanism !== "cgroup-v2") return false;
  const [major = 0, minor = 0] = (/^(\d+)\.(\d+)/.exec(release) ?? []).slice(1).map(Number);
  return major > 5 || (major === 5 && minor >= 16);
}

interface CgroupsSetup {
  cgroups: ExecCgroups | undefined;
  /** Where the cgroups are made, or why none can be. */
  detail: string;
}

/** The per-execution cgroups, or why there are none (then rlimits alone bound an execution). */
function startCgroups(options: { logger: Logger; cgroups?: boolean; dropsToUser: boolean; setprivPath: string | undefined }): CgroupsSetup {
  if (options.cgroups === false) return { cgroups: undefined, detail: "per-execution cgroups turned off for this exc" };
  const made = createExecCgroups({ logger: options.logger });
  // v2 has no per-cgroup delegation of cgroup.procs to the sandbox user: root joins, then setpriv drops to the user.
  if (made.mechanism === "cgroup-v2" && options.dropsToUser && !options.setprivPath) {
    void made.close();
    return {
      cgroups: undefined,
      detail: "setpriv (util-linux) not found: exc, as root, cannot join an execution to its cgroup and then drop to the sandbox user",
    };
  }
  if (made.mechanism === "rlimit-only")
    options.logger.warn({ reason: made.detail }, "no per-execution cgroup: memory and process limits hold per process only");
  return { cgroups: made, detail: made.detail };
}

interface SeccompProgramFile {
  /** Writes the program for this architecture (nothing on an unknown one). */
  write(): void;
  /** The file, written again if a temp-dir cleaner removed it; undefined before `write` or on an unknown architecture. */
  path(): string | undefined;
  /** Removes a private directory (the shared one is kept for the next exc). */
  remove(): void;
}

function seccompProgramFile(): SeccompProgramFile {
  let file: string | undefined;
  let dir: string | undefined;
  /** A private temp dir made for this exc alone (removed at close), not the shared per-user one. */
  let ownDir = false;
  return {
    write() {
      const arch = seccompArch();
      if (!arch) return;
      const program = seccompProgram(arch);
      const name = `${arch}-${createHash("sha256").update(program).digest("hex").slice(0, 16)}.bpf`;
      const shared = sharedProgramDir();
      if (shared) {
        try {
          writeProgram(join(shared, name), program);
          [dir, file, ownDir] = [shared, join(shared, name), false];
          return;
        } catch (err) {
          // Removed between its check and the write (a temp-dir cleaner, another exc's tests): a private one.
          if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
        }
      }
      dir = mkdtempSync(join(tmpdir(), "zino-exc-seccomp-"));
      [file, ownDir] = [join(dir, name), true];
      writeProgram(file, program);
    },
    path() {
      // A temp-dir cleaner may have removed it during a long uptime: every sandbox would then fail to start.
      if (file && dir && !existsSync(file)) {
        const arch = seccompArch();
        if (arch) {
          mkdirSync(dir, { recursive: true, mode: 0o700 });
          writeProgram(file, seccompProgram(arch));
        }
      }
      return file;
    },
    remove() {
      if (dir && ownDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The seccomp program's directory, shared by the exc processes of this user and kept (a few hundred bytes per
 * program version), so that an exc that is killed leaves nothing behind: zino-exc-seccomp-<uid> in the temp dir,
 * when it can be this user's own (user-dir.ts). Else undefined (a private one).
 */
function sharedProgramDir(): string | undefined {
  const uid = process.getuid?.();
  return uid === undefined ? undefined : userDirIn(tmpdir(), `zino-exc-seccomp-${uid}`, 0o700);
}

/** Writes the program unless the file already holds it; atomically (another exc may be reading it). */
function writeProgram(file: string, program: Buffer): void {
  try {
    if (readFileSync(file).equals(program)) return;
  } catch {
    // not there yet
  }
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, program, { mode: 0o600 });
  renameSync(temporary, file);
}
