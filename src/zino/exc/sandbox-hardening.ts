// What bounds an execution beyond its namespaces (issue 11): the per-execution cgroups (exec-cgroups.ts), the
// seccomp program bubblewrap loads (seccomp-filter.ts), and how a sandbox's first process joins its cgroup as the
// sandbox user. capabilities reports it (SandboxHardening).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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
    if (made.mechanism === "rlimit-only") logger.warn({ reason: made.detail }, "no per-execution cgroup: memory and process limits hold per process only");
  }

  function writeSeccompProgram(): void {
    const arch = seccompArch();
    if (!arch) return;
    // A private directory: the file is opened by path each time a sandbox starts.
    seccompDir = mkdtempSync(join(tmpdir(), "zino-exc-seccomp-"));
    seccompFile = join(seccompDir, `${arch}.bpf`);
    writeFileSync(seccompFile, seccompProgram(arch), { mode: 0o600 });
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
          writeFileSync(seccompFile, seccompProgram(arch), { mode: 0o600 });
        }
      }
      return seccompFile;
    },
    cgroupFor(exec) {
      return cgroups?.create({ memoryBytes: exec.memory_mb * 1024 * 1024, maxProcesses: exec.max_processes, joiner: dropsToUser ? user : undefined });
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
      if (seccompDir) rmSync(seccompDir, { recursive: true, force: true });
    },
  };
}
