// What bounds an execution beyond its namespaces (issue 11): the per-execution cgroups (exec-cgroups.ts), the
// seccomp program bubblewrap loads (seccomp-filter.ts), and how a sandbox's first process joins its cgroup as the
// sandbox user. capabilities reports it (SandboxHardening).
import { createHash } from "node:crypto";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExecConfig } from "../config/index.js";
import type { Logger } from "../../wire/index.js";
import { createExecCgroups, joinCgroupCommand, type ExecCgroup, type ExecCgroups, type ResourceLimits } from "./exec-cgroups.js";
import type { SandboxCommand, SandboxUser } from "./sandbox.js";
import { seccompArch, seccompProgram } from "./seccomp-filter.js";
import { findExecutable } from "./static-analysis.js";

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
}

/** A command with the user it is started as (none: exc's own, or a root process that drops by itself). */
export type UserCommand = SandboxCommand & { uid?: number; gid?: number };

export interface Hardening {
  /** Detects the cgroups and writes the seccomp program (once). */
  start(): void;
  /** The compiled seccomp program's file, handed to bwrap as a descriptor; undefined on an unknown architecture. */
  readonly seccompFile: string | undefined;
  /** A new cgroup with the limits of these rules; undefined when only rlimits apply. */
  cgroupFor(exec: ExecConfig): ExecCgroup | undefined;
  /** The command as the sandbox user, inside `cgroup` (when given) before it runs anything. */
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
  const { logger, user } = options;
  const setprivPath = findExecutable("setpriv");
  /** exc is root and runs executions as another user: the cgroup is delegated to it (v1) or joined by root first. */
  const dropsToUser = user !== undefined && process.getuid?.() === 0;
  let cgroups: ExecCgroups | undefined;
  let detail = "not probed yet";
  let seccompFile: string | undefined;
  let seccompDir: string | undefined;
  /** A private temp dir made for this exc alone (removed at close), not the shared per-user one. */
  let ownDir = false;

  function startCgroups(): void {
    if (options.cgroups === false) {
      detail = "per-execution cgroups turned off for this exc";
      return;
    }
    const made = createExecCgroups({ logger });
    // v2 has no per-cgroup delegation of cgroup.procs to the sandbox user: root joins, then setpriv drops to the user.
    if (made.mechanism === "cgroup-v2" && dropsToUser && !setprivPath) {
      void made.close();
      detail = "setpriv (util-linux) not found: exc, as root, cannot join an execution to its cgroup and then drop to the sandbox user";
      return;
    }
    cgroups = made;
    detail = made.detail;
    if (made.mechanism === "rlimit-only")
      logger.warn({ reason: made.detail }, "no per-execution cgroup: memory and process limits hold per process only");
  }

  function writeSeccompProgram(): void {
    const arch = seccompArch();
    if (!arch) return;
    const program = seccompProgram(arch);
    const shared = sharedProgramDir();
    seccompDir = shared ?? mkdtempSync(join(tmpdir(), "zino-exc-seccomp-"));
    ownDir = shared === undefined;
    seccompFile = join(seccompDir, `${arch}-${createHash("sha256").update(program).digest("hex").slice(0, 16)}.bpf`);
    writeProgram(seccompFile, program);
  }

  let started = false;
  return {
    start() {
      if (started) return;
      started = true;
      startCgroups();
      writeSeccompProgram();
    },
    get seccompFile() {
      // A temp-dir cleaner may have removed it during a long uptime: every sandbox would then fail to start.
      if (seccompFile && seccompDir && !existsSync(seccompFile)) {
        const arch = seccompArch();
        if (arch) {
          mkdirSync(seccompDir, { recursive: true, mode: 0o700 });
          writeProgram(seccompFile, seccompProgram(arch));
        }
      }
      return seccompFile;
    },
    cgroupFor(exec) {
      return cgroups?.create({
        memoryBytes: exec.memory_mb * 1024 * 1024,
        maxProcesses: exec.max_processes,
        joiner: dropsToUser ? user : undefined,
      });
    },
    asSandboxUser(command, cgroup) {
      if (!cgroup) return { ...command, ...(user ?? {}) };
      if (dropsToUser && user && setprivPath && !cgroup.delegated) return joinCgroupCommand(command, cgroup, { user, setprivPath });
      return { ...joinCgroupCommand(command, cgroup, undefined), ...(user ?? {}) };
    },
    report(bwrap) {
      return {
        resource_limits: cgroups?.mechanism ?? "rlimit-only",
        resource_limits_detail: detail,
        seccomp: bwrap.ok && seccompFile !== undefined,
        userns_disabled: bwrap.ok && bwrap.disableUserns,
        analysis_sandboxed: bwrap.ok,
      };
    },
    async close() {
      await cgroups?.close();
      if (seccompDir && ownDir) rmSync(seccompDir, { recursive: true, force: true });
    },
  };
}

/**
 * The seccomp program's directory, shared by the exc processes of this user and kept (a few hundred bytes per
 * program version), so that an exc that is killed leaves nothing behind: zino-exc-seccomp-<uid> in the temp dir,
 * used only when it is a real directory of this user that nobody else can write. Else undefined (a private one).
 */
function sharedProgramDir(): string | undefined {
  const uid = process.getuid?.();
  if (uid === undefined) return undefined;
  const dir = join(tmpdir(), `zino-exc-seccomp-${uid}`);
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") return undefined;
  }
  const stat = lstatSync(dir);
  return stat.isDirectory() && stat.uid === uid && (stat.mode & 0o077) === 0 ? dir : undefined;
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
