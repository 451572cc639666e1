// One code execution end to end: effective isolation, a fresh work dir and cgroup, static analysis per the rules
// (sandboxed too), the sandboxed run with limits, and the cleanup. Every outcome, including refusals, is an
// ExecResult. The sandbox is usually a warm one, started before the call (warm-pool.ts); otherwise it is started on
// demand. This module wires the parts (run-execution.ts is the path of one execution) and owns start, validate, close.
import { availableParallelism, tmpdir } from "node:os";
import { ExecConfigSchema, type ExecConfig } from "../config/index.js";
import { WireError, type Logger } from "../../wire/index.js";
import type { ExecutorDefinition } from "./executor-catalog.js";
import { EXIT, failureResult, type ExecResult } from "./exec-result.js";
import { createExecutionDirs, type ExecutionDirs } from "./execution-dirs.js";
import { ExecutionSlots } from "./execution-slots.js";
import { busyMessage } from "./outcome-result.js";
import { createIsolationPolicy, type IsolationPolicy } from "./isolation-policy.js";
import { closeInheritedDescriptors, ipcChannelDescriptor } from "./inherited-descriptors.js";
import { createProcessLauncher, type ProcessLauncher } from "./process-launcher.js";
import { nativeSpawnUnavailable } from "./native-spawn.js";
import { startProcess, type ProcessStarter } from "./run-process.js";
import { analyzePrepared, createRunExecution, type ExecutionRequest, type RunExecution } from "./run-execution.js";
import type { Isolation, SandboxUser } from "./sandbox.js";
import { createHardening, type Hardening, type SandboxHardening } from "./sandbox-hardening.js";
import { createSandboxStarter, type SandboxStarter } from "./sandbox-starter.js";
import { startSandboxZygote, type SandboxZygote } from "./sandbox-zygote.js";
import { findExecutable, type AnalysisReport } from "./static-analysis.js";
import { memorySandboxRoot } from "./user-dir.js";
import { createWarmPool, type WarmPool } from "./warm-pool.js";
import type { QuietMoments } from "../runtime/quiet-moments.js";

export { WARM_SANDBOX_IDLE_MS, WARM_SANDBOX_SHAPES } from "./warm-pool.js";

export interface ExecutionRunnerOptions {
  logger: Logger;
  /** Default: `bwrap` found on the standard PATH. */
  bwrapPath?: string;
  /** Default: nobody (65534) when exc runs as root, else exc's own user. `null` keeps exc's user. */
  user?: SandboxUser | null;
  /** Where per-execution directories are created. Default: the OS temp dir. */
  workRoot?: string;
  /**
   * The work root is this exc's alone (ZINO_EXC_WORK_DIR, systemd's StateDirectory): execution directories an earlier
   * run left behind (a crash, SIGKILL) are removed at start. In a shared root (the OS temp dir), only those of an exc
   * whose process is gone (execution-dirs.ts).
   */
  ownsWorkRoot?: boolean;
  /** Start sandboxes ahead of the calls that use them (default true); false starts each one on demand. */
  warmSandboxes?: boolean;
  /** False: no sandbox zygote, a bubblewrap sandbox per sandboxed execution (sandbox-zygote.ts); default: used if it works. */
  zygote?: boolean;
  /** How soon a zygote that died may be started again (default {@link ZYGOTE_RESTART_MS}). */
  zygoteRestartMs?: number;
  /** Executions running at once (default {@link defaultMaxConcurrent}); more wait, up to 4× as many, then are refused. */
  maxConcurrent?: number;
  /** Start executions and analysers from a small launcher process (default {@link launcherByDefault}; process-launcher.ts says why). */
  processLauncher?: boolean;
  /** Another program for the launcher (tests). */
  processLauncherMain?: string;
  /** Per-execution cgroups (default true where usable); false keeps rlimits only (tests of that mode). */
  cgroups?: boolean;
  /**
   * The quiet moments of the thread exc shares (zino-host's main thread, with the daemon): a warm sandbox that exc
   * starts itself with Node's spawn (no launcher, no native spawn) forks this process, so it is made once no turn
   * runs (runtime/quiet-moments.ts).
   */
  quiet?: QuietMoments;
}

/** Four executions per CPU, at least four: most tools wait on I/O or sleep more than they compute. */
export function defaultMaxConcurrent(): number {
  return Math.max(4, availableParallelism() * 4);
}

export interface ExecutionRunner {
  start(): Promise<void>;
  isolationFor(exec: ExecConfig): Isolation;
  /** Why bubblewrap is not usable, or "" when it is. */
  readonly bwrapProblem: string;
  readonly hardening: SandboxHardening;
  run(options: ExecutionRequest): Promise<ExecResult>;
  /** Gets a sandbox ready for the next execution of this executor under these rules (on `ready`). */
  warm(options: { def: ExecutorDefinition; exec: ExecConfig }): void;
  /** How many warm sandboxes wait now. */
  readonly warmCount: number;
  /** The execution limit, and how many executions run and wait now. */
  readonly concurrency: { max: number; running: number; waiting: number };
  validate(options: { def: ExecutorDefinition; code: string; signal?: AbortSignal }): Promise<AnalysisReport | undefined>;
  /** Kills the warm sandboxes, removes their directories, and stops the process launcher. */
  close(): Promise<void>;
}

const SELF_TEST_EXECUTOR: ExecutorDefinition = {
  executor: "sh",
  toolName: "execute_sh",
  description: "",
  fileExtension: "sh",
  staticAnalysis: false,
  interpreter: ["/bin/sh"],
  parameters: {},
};
const SELF_TEST_RULES: ExecConfig = ExecConfigSchema.parse({ static_analysis: "off", timeout_ms: 10_000 });
/** The limits of a `validate` request's analysis (it has no ctxkey rules): the defaults, without network. */
const VALIDATE_RULES: ExecConfig = ExecConfigSchema.parse({});

function defaultUser(): SandboxUser | undefined {
  return process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;
}

/**
 * exc's sandbox self-test: the whole path once (work dirs reachable by the sandbox user, /etc binds, limits), so that
 * a broken setup shows in capabilities and the log rather than in every result.
 *
 * It starts its sandbox itself (`sandboxes` must start with startProcess), not through the launcher: exc listens only
 * once its self-test is done, and through the launcher the launcher's own start (a second Node process, ~90 ms here)
 * came first. The launcher now starts meanwhile (the runner's start()). exc alone, from spawn to listening, median of 8
 * interleaved: 407 → 332 ms (the build before, whose bundles were also larger; without a launcher at all: 294). The
 * sandbox's command is the same either way (sandbox-starter.ts), and a launcher that cannot run no longer fails it.
 */
/** Runs `exit 0` sandboxed once: undefined when it worked, else its stderr. */
function createSelfTest(deps: Omit<Parameters<typeof createRunExecution>[0], "start" | "warmPool">): () => Promise<string | undefined> {
  const run = createRunExecution({ ...deps, start: startProcess, warmPool: undefined });
  return async () => {
    const result = await run({ def: SELF_TEST_EXECUTOR, code: "exit 0\n", exec: SELF_TEST_RULES, ctxkey: "(self-test)" }, false).catch(
      (err: unknown) => failureResult(EXIT.failure, err instanceof Error ? err.message : String(err)),
    );
    // Its directories are gone before exc listens.
    deps.dirs.settle();
    return result.exit_code === 0 ? undefined : result.stderr.trim();
  };
}

/**
 * The static analysis of a script, without running it (`validate`), in the sandbox of an execution. It takes one of
 * the executions' slots: an analyser is a sandboxed process of up to 15 s like an execution, so `validate` requests
 * must not start them past the bound every execution keeps to (the script is not written before there is a slot).
 */
async function validateScript(
  { def, code, signal }: Parameters<ExecutionRunner["validate"]>[0],
  deps: { dirs: ExecutionDirs; user: SandboxUser | undefined; start: ProcessStarter; sandboxes: SandboxStarter; slots: ExecutionSlots },
): ReturnType<ExecutionRunner["validate"]> {
  const { dirs, slots } = deps;
  const slot = await slots.acquire(signal);
  if (slot === "busy") throw new WireError("overloaded", busyMessage(slots, "validation"));
  if (slot === "cancelled") throw new WireError("cancelled");
  try {
    const prepared = dirs.prepare(def, false, VALIDATE_RULES);
    try {
      dirs.writeScript(prepared, code);
      return await analyzePrepared(deps, prepared, { def, rules: VALIDATE_RULES, signal });
    } finally {
      // As an execution's: removed once the answer is on its way.
      dirs.cleanupAfterAnswer(prepared);
    }
  } finally {
    slots.release();
  }
}

/** A zygote that died is started again at most this often (it dies only when killed from outside, or broken). */
export const ZYGOTE_RESTART_MS = 30_000;

/**
 * The runner's sandbox zygote (sandbox-zygote.ts): started once bubblewrap is known to work, and kept only if the
 * self-test passes through it; one that died later is started again when asked for, `restartAfterMs` after its last
 * start at the earliest. Not with the process launcher, which starts every process of exc's (it runs where exc's own
 * spawns would fork it, without the addon the zygote needs, or when ZINO_EXC_LAUNCHER=1 asks for it).
 */
function createZygoteSlot(options: {
  logger: Logger;
  enabled: boolean;
  restartAfterMs: number;
  bwrapPath: string;
  /** Where sandboxed executions' directories are made, when it starts (execution-dirs.ts `sandboxedRoot`). */
  executionsRoot: () => string;
  hardening: Hardening;
  policy: IsolationPolicy;
  user: SandboxUser | undefined;
}): {
  current: () => SandboxZygote | undefined;
  /** Whether it runs now; a read that, unlike current(), never starts it again (capabilities reports this). */
  running: () => boolean;
  /** Starts it and runs `selfTest` (through it when it started); answers the self-test's failure, undefined when none. */
  startChecked: (selfTest: () => Promise<string | undefined>) => Promise<string | undefined>;
  close: () => void;
} {
  const { logger, bwrapPath, executionsRoot, hardening, policy, user } = options;
  let zygote: SandboxZygote | undefined;
  let startedAt = 0;
  let closed = false;
  const start = () => {
    startedAt = Date.now();
    const seccompFile = hardening.seccompFile;
    zygote = startSandboxZygote({
      ...{ logger, bwrapPath, seccompFile, user },
      executionsRoot: executionsRoot(),
      disableUserns: policy.disableUserns,
    });
  };
  return {
    current() {
      // One that died (killed from outside, say): its executions got a bubblewrap each meanwhile.
      if (zygote && !zygote.alive && !closed && Date.now() - startedAt >= options.restartAfterMs) {
        logger.info({}, "the sandbox zygote is started again");
        start();
      }
      return zygote;
    },
    running: () => zygote?.alive === true,
    async startChecked(selfTest) {
      // Its executions share one user namespace, and with it their user's kernel keyrings, which only the seccomp
      // filter keeps them from (keyctl, add_key): without a filter for this architecture, a bubblewrap each.
      if (options.enabled && hardening.seccompFile === undefined) {
        logger.info({}, "no seccomp filter for this architecture: sandboxed executions get a bubblewrap sandbox each, not the zygote");
      } else if (options.enabled && !hardening.joinsInside) {
        // Its executions are bounded by their cgroup's pids.max (their user namespace is shared): without one that
        // the execution joins from inside, none would run there, and a resident zygote would only be a process more.
        logger.info(
          {},
          "no per-execution cgroup to join from inside a sandbox: sandboxed executions get a bubblewrap sandbox each, not the zygote",
        );
      } else if (options.enabled) start();
      const failed = await selfTest();
      if (failed === undefined || !zygote) return failed;
      // It ran through the zygote: without it, a bubblewrap sandbox per execution may still work.
      logger.warn({ stderr: failed }, "the sandbox zygote failed the self-test: sandboxed executions get a bubblewrap sandbox each");
      zygote.close();
      zygote = undefined;
      return selfTest();
    },
    close() {
      closed = true;
      zygote?.close();
    },
  };
}

/** Closes what this process inherited past stdio, so that nothing of it passes on to a sandbox (inherited-descriptors.ts). */
function closeInherited(logger: Logger): void {
  const closed = closeInheritedDescriptors(ipcChannelDescriptor());
  if (closed.length > 0) logger.info({ descriptors: closed }, "closed descriptors inherited from the parent process");
}

/**
 * Whether exc starts its processes through its launcher when the options do not say. The launcher exists because
 * Node's spawn forks the whole parent, which stalls exc's thread for ms (process-launcher.ts). The native spawn addon
 * does not fork (native-spawn.ts): then exc spawns itself, and saves the launcher's start (40–110 ms of a cold start
 * to the first turn on the 2-core test VM) and its ~40 MiB of RSS, for the same tool turns (notes of issue 14).
 */
export function launcherByDefault(env: NodeJS.ProcessEnv): boolean {
  if (env.ZINO_EXC_LAUNCHER === "1") return true;
  if (env.ZINO_EXC_LAUNCHER === "0") return false;
  return nativeSpawnUnavailable() !== undefined;
}

/** The process launcher the runner starts its processes through, if the options (or {@link launcherByDefault}) want one. */
function launcherOf(options: ExecutionRunnerOptions): ProcessLauncher | undefined {
  if (!(options.processLauncher ?? launcherByDefault(process.env))) return undefined;
  const { logger, processLauncherMain } = options;
  return createProcessLauncher({ logger, ...(processLauncherMain !== undefined ? { mainPath: processLauncherMain } : {}) });
}

/** Says how tool processes will be started: without a fork (native-spawn.ts), or with Node's spawn and why. */
function reportSpawnWay(logger: Logger, launcher: boolean): void {
  const noNativeSpawn = nativeSpawnUnavailable();
  const by = launcher ? "exc's process launcher" : "exc itself";
  if (noNativeSpawn === undefined) logger.debug({ by }, "tool processes are started without a fork (native spawn)");
  else logger.info({ reason: noNativeSpawn, by }, "tool processes are started with Node's spawn (a fork each, a few ms more per call)");
}

/**
 * When warm sandboxes are made: after the current I/O round, unless exc shares its thread (zino-host) and its own
 * spawns fork. Through the launcher, making one costs this thread an IPC message, and through the native spawn addon
 * about 0.5 ms; with Node's spawn from this thread, a fork of this whole process, which then waits for a quiet
 * moment of the thread.
 */
function warmSchedule(quiet: QuietMoments | undefined, launcher: ProcessLauncher | undefined): (work: () => void) => void {
  const cheap = () => launcher?.healthy === true || nativeSpawnUnavailable() === undefined;
  return (work) => (quiet === undefined || cheap() ? void setImmediate(work) : quiet.whenQuiet(work));
}

/** An operator's work root holds every execution's directories; by default sandboxed ones go to RAM (user-dir.ts). */
function executionRoots(workRoot: string | undefined): { workRoot: string; sandboxRoot: string | undefined } {
  return { workRoot: workRoot ?? tmpdir(), sandboxRoot: workRoot ?? memorySandboxRoot() };
}

export function createExecutionRunner(options: ExecutionRunnerOptions): ExecutionRunner {
  const { logger } = options;
  const bwrapPath = options.bwrapPath ?? findExecutable("bwrap") ?? "/usr/bin/bwrap";
  const user = options.user === null ? undefined : (options.user ?? defaultUser());
  const launcher = launcherOf(options);
  reportSpawnWay(logger, launcher !== undefined);
  const start: ProcessStarter = (spawn) => (launcher?.healthy === true ? launcher.start(spawn) : startProcess(spawn));
  const maxConcurrent = options.maxConcurrent ?? defaultMaxConcurrent();
  const slots = new ExecutionSlots(maxConcurrent, maxConcurrent * 4);
  const hardening: Hardening = createHardening({ logger, user, ...(options.cgroups !== undefined ? { cgroups: options.cgroups } : {}) });
  const policy = createIsolationPolicy({ logger, bwrapPath, user });
  const roots = executionRoots(options.workRoot);
  const dirs = createExecutionDirs({ logger, ...roots, user, cgroupFor: (exec) => hardening.cgroupFor(exec) });
  const zygote = createZygoteSlot({
    ...{ logger, bwrapPath, hardening, policy, user },
    enabled: options.zygote !== false && launcher === undefined,
    restartAfterMs: options.zygoteRestartMs ?? ZYGOTE_RESTART_MS,
    executionsRoot: () => dirs.sandboxedRoot(),
  });
  const starterOptions = { logger, bwrapPath, prlimitPath: findExecutable("prlimit"), hardening, policy, zygote: zygote.current, user };
  const sandboxes = createSandboxStarter({ ...starterOptions, start });
  const schedule = warmSchedule(options.quiet, launcher);
  const warmPool: WarmPool | undefined =
    options.warmSandboxes === false ? undefined : createWarmPool({ logger, dirs, sandboxes, policy, schedule });

  const run: RunExecution = createRunExecution({ user, start, policy, slots, dirs, sandboxes, warmPool });
  const selfTest = createSelfTest({
    user,
    policy,
    slots,
    dirs,
    sandboxes: createSandboxStarter({ ...starterOptions, start: startProcess }),
  });

  return {
    get bwrapProblem() {
      return policy.bwrapProblem;
    },
    get hardening(): SandboxHardening {
      return { ...hardening.report({ ok: policy.bwrapOk, disableUserns: policy.disableUserns }), zygote: zygote.running() };
    },
    async start() {
      // Before the launcher starts (it would inherit them too).
      closeInherited(logger);
      launcher?.prestart();
      dirs.readyWorkRoot(options.ownsWorkRoot === true);
      hardening.start();
      await policy.probe();
      if (policy.bwrapOk) {
        const failed = await zygote.startChecked(selfTest);
        if (failed !== undefined) policy.fail(`sandbox self-test failed: ${failed}`);
      }
      policy.announce();
    },
    isolationFor: (exec) => policy.isolationFor(exec),
    run: (runOptions) => run(runOptions),
    warm: (target) => warmPool?.warm(target),
    get warmCount() {
      return warmPool?.size ?? 0;
    },
    get concurrency() {
      return { max: slots.max, running: slots.running, waiting: slots.waiting };
    },
    validate: (request) => validateScript(request, { dirs, user, start, sandboxes, slots }),
    async close() {
      await warmPool?.close();
      dirs.close();
      zygote.close();
      await launcher?.close();
      await hardening.close();
    },
  };
}
