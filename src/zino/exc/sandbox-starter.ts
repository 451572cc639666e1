// Starting the processes of one execution in its directories: the sandbox that runs the script (bubblewrap or, when
// the rules allow it, unsandboxed with limits), and the static analyser in a sandbox like it (no network, the script
// at /code), both as the sandbox user in the execution's cgroup; `held` ones wait for a go (warm sandboxes). A
// bubblewrap sandbox's command joins that cgroup itself, first thing, where the kernel lets it (hardening's
// `joinFilesInside`): bwrap then starts with no process in front of it.
import type { ExecConfig } from "../config/index.js";
import type { Logger } from "../../wire/index.js";
import type { PreparedDirs } from "./execution-dirs.js";
import type { ExecutorDefinition } from "./executor-catalog.js";
import type { IsolationPolicy } from "./isolation-policy.js";
import { startProcess, type ProcessStarter, type StartedProcess } from "./run-process.js";
import { bwrapCommand, unsandboxedCommand, zygoteExecution, type Isolation, type SandboxUser } from "./sandbox.js";
import type { SandboxZygote } from "./sandbox-zygote.js";
import type { Hardening, UserCommand } from "./sandbox-hardening.js";
import { analyserArgv } from "./static-analysis.js";
import { userProcessLimit } from "./user-processes.js";

export interface SandboxStarterOptions {
  logger: Logger;
  bwrapPath: string;
  prlimitPath: string | undefined;
  hardening: Hardening;
  policy: IsolationPolicy;
  /** Starts a process (through the process launcher when it is healthy). */
  start: ProcessStarter;
  /** The resident sandbox that starts sandboxed executions without network, if any (sandbox-zygote.ts). */
  zygote?: () => SandboxZygote | undefined;
  /** The user executions run as (undefined: exc's own). */
  user: SandboxUser | undefined;
}

export interface SandboxStarter {
  /** Starts the sandbox of one execution in `dirs`, held until released when `held` (a warm sandbox). */
  startSandbox(isolation: Isolation, def: ExecutorDefinition, exec: ExecConfig, dirs: PreparedDirs, held: boolean): StartedProcess;
  /** A warm sandbox whose executions are analysed also gets its analyser started and held, off the call's path. */
  startHeldAnalyser(isolation: Isolation, def: ExecutorDefinition, exec: ExecConfig, dirs: PreparedDirs): void;
  /** The analyser of a script in a sandbox like the execution's, or undefined: on the host without bubblewrap. */
  analysisSandbox(dirs: PreparedDirs, exec: ExecConfig): { codeDir: string; command: (analyser: string[]) => UserCommand } | undefined;
}

export function createSandboxStarter(options: SandboxStarterOptions): SandboxStarter {
  const { logger, bwrapPath, prlimitPath, hardening, policy, start, zygote, user } = options;
  const userProcesses = userProcessLimit(user?.uid ?? process.getuid?.() ?? 0);
  /** An unsandboxed execution's RLIMIT_NPROC: none where its cgroup bounds it (see sandbox.ts `unsandboxedCommand`). */
  const hostNproc = (exec: ExecConfig, dirs: PreparedDirs) => (dirs.cgroup ? null : userProcesses.forExecution(exec.max_processes));

  /**
   * The execution from the zygote, when it can take it: alive, no network (each execution gets a network namespace of
   * its own), the directories under the root it shows, and a cgroup joined by the command itself. The cgroup is
   * required: its pids.max is what bounds the execution's processes there (its user namespace is shared, see
   * sandbox.ts `zygoteExecution`).
   */
  function fromZygote(def: ExecutorDefinition, exec: ExecConfig, dirs: PreparedDirs, held: boolean): StartedProcess | undefined {
    const base = zygote?.();
    const joinFiles = hardening.joinFilesInside(dirs.cgroup);
    if (!base?.serves(dirs.baseDir) || exec.network || joinFiles === undefined) return undefined;
    const run = zygoteExecution({ paths: dirs, exec, interpreter: def.interpreter, prlimitPath, held, joinFiles });
    const [command, ...args] = run.argv as [string, ...string[]];
    return startProcess({
      command,
      args,
      env: run.env,
      cwd: "/",
      joinFiles,
      reportsExit: true,
      held,
      via: (request) => base.spawn(request, { baseDir: dirs.baseDir, sizes: run.sizes }),
    });
  }

  /** The analyser's sandbox command: like the execution's (no network), the script at /code. */
  function analyserCommand(dirs: PreparedDirs, exec: ExecConfig, analyser: string[], held: boolean): UserCommand {
    return hardening.asSandboxUser(
      bwrapCommand({
        bwrapPath,
        paths: dirs,
        exec: { ...exec, network: false },
        interpreter: analyser,
        prlimitPath,
        seccompFile: hardening.seccompFile,
        analyser: true,
        disableUserns: policy.disableUserns,
        held,
        joinFiles: hardening.joinFilesInside(dirs.cgroup),
      }),
      dirs.cgroup,
    );
  }

  return {
    analysisSandbox(dirs, exec) {
      if (!policy.bwrapOk) return undefined;
      return { codeDir: "/code", command: (analyser: string[]) => analyserCommand(dirs, exec, analyser, false) };
    },
    startHeldAnalyser(isolation, def, exec, dirs) {
      const analyser =
        exec.static_analysis !== "off" && def.staticAnalysis && policy.bwrapOk && isolation === "bwrap"
          ? analyserArgv(def.executor)
          : undefined;
      if (!analyser) return;
      try {
        dirs.analyser = start({ ...analyserCommand(dirs, exec, analyser, true), held: true });
      } catch (err) {
        // The execution then starts its analyser on demand, as without a warm sandbox.
        logger.warn({ err }, "cannot start a warm sandbox's analyser");
      }
    },
    startSandbox(isolation, def, exec, dirs, held) {
      const fromBase = isolation === "bwrap" ? fromZygote(def, exec, dirs, held) : undefined;
      if (fromBase) return fromBase;
      const command =
        isolation === "bwrap"
          ? bwrapCommand({
              bwrapPath,
              paths: dirs,
              exec,
              interpreter: def.interpreter,
              prlimitPath,
              held,
              seccompFile: hardening.seccompFile,
              disableUserns: policy.disableUserns,
              joinFiles: hardening.joinFilesInside(dirs.cgroup),
            })
          : unsandboxedCommand({ paths: dirs, exec, interpreter: def.interpreter, prlimitPath, held, nproc: hostNproc(exec, dirs) });
      return start({ ...hardening.asSandboxUser(command, dirs.cgroup), held });
    },
  };
}
