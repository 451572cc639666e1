// exc's options: given by the caller (tests, the CLI) or read from exc's environment (ZINO_EXC_*), and the
// execution runner's options they make.
import type { Logger } from "../../wire/index.js";
import type { CtxClient } from "./ctx-client.js";
import { launcherByDefault, type ExecutionRunnerOptions } from "./execution-runner.js";
import type { SandboxUser } from "./sandbox.js";

export interface ExcOptions {
  /** Path of bubblewrap; default `bwrap` on the standard PATH, or `ZINO_EXC_BWRAP` in exc's environment. */
  bwrapPath?: string;
  /** The user executions run as; default nobody when exc runs as root. `null` keeps exc's own user. */
  sandboxUser?: SandboxUser | null;
  /** Where per-execution directories are created (default: `ZINO_EXC_WORK_DIR`, systemd's `STATE_DIRECTORY`, the OS temp dir). */
  workRoot?: string;
  /** How long a ctxkey's rules are cached. */
  rulesTtlMs?: number;
  /** A ctx client other than the instance's ctx socket (tests). */
  ctx?: CtxClient;
  /** Start sandboxes ahead of the calls (default true; `ZINO_EXC_WARM_SANDBOXES=0` in exc's environment turns it off). */
  warmSandboxes?: boolean;
  /** Executions running at once (default: `ZINO_EXC_MAX_CONCURRENT`, else 4 per CPU, at least 4). */
  maxConcurrentExecutions?: number;
  /**
   * Start executions from a small launcher process. Default ({@link launcherByDefault}): only where exc's own spawns
   * would fork it (no native spawn addon); `ZINO_EXC_LAUNCHER=1` or `0` decides either way.
   */
  processLauncher?: boolean;
  /** Another program for the launcher (tests: one that cannot run). */
  processLauncherMain?: string;
  /** A cgroup per execution where usable (default true; `ZINO_EXC_CGROUPS=0` turns them off); false keeps per-process rlimits only. */
  cgroups?: boolean;
  /**
   * Start sandboxed executions from one resident sandbox where it works (sandbox-zygote.ts; default true,
   * `ZINO_EXC_ZYGOTE=0` turns it off); false: a bubblewrap sandbox per execution.
   */
  sandboxZygote?: boolean;
  /** How soon a zygote that died may be started again (tests; default 30 s). */
  zygoteRestartMs?: number;
  /** MCP servers running at once (default: `ZINO_EXC_MAX_MCP_SERVERS`, else DEFAULT_MAX_MCP_SERVERS of mcp-pool.ts). */
  maxMcpServers?: number;
}

/** A count from the options, else from the environment variable `name` (a positive integer, or exc refuses to start). */
function countOption(option: number | undefined, env: NodeJS.ProcessEnv, name: string, what: string): number | undefined {
  if (option !== undefined) return option;
  const variable = env[name];
  if (variable === undefined || variable.trim() === "") return undefined;
  const value = Number(variable);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a positive integer (${what}), not ${JSON.stringify(variable)}`);
  }
  return value;
}

/** The bound on MCP servers running at once: the options', else ZINO_EXC_MAX_MCP_SERVERS; undefined: the default. */
export function maxMcpServersOption(options: ExcOptions, env: NodeJS.ProcessEnv): number | undefined {
  return countOption(options.maxMcpServers, env, "ZINO_EXC_MAX_MCP_SERVERS", "MCP servers running at once");
}

/** The bubblewrap exc uses (executions and sandboxed MCP servers); undefined: found on the standard PATH. */
export function bwrapPathOption(options: ExcOptions, env: NodeJS.ProcessEnv): string | undefined {
  return options.bwrapPath ?? env.ZINO_EXC_BWRAP;
}

export function executionRunnerOptions(deps: { options: ExcOptions; env: NodeJS.ProcessEnv; logger: Logger }): ExecutionRunnerOptions {
  const { options, env, logger } = deps;
  const bwrapPath = bwrapPathOption(options, env);
  // systemd's StateDirectory= (deploy/systemd/zino-exc.service) names where work dirs belong.
  const workRoot = options.workRoot ?? env.ZINO_EXC_WORK_DIR ?? env.STATE_DIRECTORY?.split(":")[0];
  const maxConcurrent = countOption(options.maxConcurrentExecutions, env, "ZINO_EXC_MAX_CONCURRENT", "executions running at once");
  return {
    logger,
    ...(bwrapPath ? { bwrapPath } : {}),
    ...(options.sandboxUser !== undefined ? { user: options.sandboxUser } : {}),
    // A work root named for exc is its own; the OS temp dir (the default) is shared.
    ...(workRoot ? { workRoot, ownsWorkRoot: true } : {}),
    warmSandboxes: options.warmSandboxes ?? env.ZINO_EXC_WARM_SANDBOXES !== "0",
    processLauncher: options.processLauncher ?? launcherByDefault(env),
    ...(options.processLauncherMain !== undefined ? { processLauncherMain: options.processLauncherMain } : {}),
    cgroups: options.cgroups ?? env.ZINO_EXC_CGROUPS !== "0",
    zygote: options.sandboxZygote ?? env.ZINO_EXC_ZYGOTE !== "0",
    ...(options.zygoteRestartMs !== undefined ? { zygoteRestartMs: options.zygoteRestartMs } : {}),
    ...(maxConcurrent !== undefined ? { maxConcurrent } : {}),
  };
}
