// One code execution end to end: effective isolation, a fresh work dir and cgroup, static analysis per the rules
// (sandboxed too), the sandboxed run with limits, and the cleanup. Every outcome, including refusals, is an
// ExecResult. The sandbox is usually a warm one, started before the call (warm-sandboxes.ts); otherwise it is
// started on demand.
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmdirSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { ExecConfigSchema, type ExecConfig } from "../config/index.js";
import type { Logger } from "../../wire/index.js";
import type { ExecutorDefinition } from "./executor-catalog.js";
import { EXIT, failureResult, type ExecResult } from "./exec-result.js";
import type { ExecCgroup } from "./exec-cgroups.js";
import { createProcessLauncher, type ProcessLauncher } from "./process-launcher.js";
import { startProcess, type ProcessStarter, type RunOutcome, type StartedProcess } from "./run-process.js";
import {
  bwrapCommand, probeBwrap, unsandboxedCommand, type ExecutionPaths, type Isolation, type SandboxUser,
} from "./sandbox.js";
import { createHardening, type Hardening, type SandboxHardening } from "./sandbox-hardening.js";
import { analyserArgv, analyze, findExecutable, type AnalysisReport } from "./static-analysis.js";
import { ExecutionSlots } from "./execution-slots.js";
import { createWarmSandboxes, type WarmSandbox, type WarmSandboxes } from "./warm-sandboxes.js";

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
   * run left behind (a crash, SIGKILL) are removed at start. Never for the shared OS temp dir.
   */
  ownsWorkRoot?: boolean;
  /** Start sandboxes ahead of the calls that use them (default true); false starts each one on demand. */
  warmSandboxes?: boolean;
  /** Executions running at once (default {@link defaultMaxConcurrent}); more wait, up to 4× as many, then are refused. */
  maxConcurrent?: number;
  /** Start executions and analysers from a small launcher process (default true; process-launcher.ts says why). */
  processLauncher?: boolean;
  /** Per-execution cgroups (default true where usable); false keeps rlimits only (tests of that mode). */
  cgroups?: boolean;
}


/** Four executions per CPU, at least four: most tools wait on I/O or sleep more than they compute. */
export function defaultMaxConcurrent(): number {
  return Math.max(4, availableParallelism() * 4);
}

/** A shape's warm sandbox is discarded after this long unused. */
export const WARM_SANDBOX_IDLE_MS = 60_000;
/** Shapes (isolation × executor × exec rules) that keep a warm sandbox at once. */
export const WARM_SANDBOX_SHAPES = 8;

export interface ExecutionRunner {
  start(): Promise<void>;
  isolationFor(exec: ExecConfig): Isolation;
  /** Why bubblewrap is not usable, or "" when it is. */
  readonly bwrapProblem: string;
  readonly hardening: SandboxHardening;
  run(options: { def: ExecutorDefinition; code: string; exec: ExecConfig; ctxkey: string; signal?: AbortSignal }): Promise<ExecResult>;
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

interface PreparedDirs extends ExecutionPaths {
  baseDir: string;
  /** The execution's cgroup, made with its directories (a warm sandbox's ahead of its call). */
  cgroup?: ExecCgroup | undefined;
  /** A warm sandbox's analyser, started and held next to it; taken (set to undefined) by the execution that uses it. */
  analyser?: StartedProcess | undefined;
}

const SELF_TEST_EXECUTOR: ExecutorDefinition = {
  executor: "sh", toolName: "execute_sh", description: "", fileExtension: "sh", staticAnalysis: false, interpreter: ["/bin/sh"], parameters: {},
};
const SELF_TEST_RULES: ExecConfig = ExecConfigSchema.parse({ static_analysis: "off", timeout_ms: 10_000 });
/** The limits of a `validate` request's analysis (it has no ctxkey rules): the defaults, without network. */
const VALIDATE_RULES: ExecConfig = ExecConfigSchema.parse({});

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

/** Everything that decides a sandbox's command line; executions of one shape can use each other's warm sandboxes. */
function shapeOf(isolation: Isolation, def: ExecutorDefinition, exec: ExecConfig): string {
  return JSON.stringify([isolation, def.executor, def.interpreter, def.fileExtension, exec]);
}

function defaultUser(): SandboxUser | undefined {
  return process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;
}

export function createExecutionRunner(options: ExecutionRunnerOptions): ExecutionRunner {
  const { logger } = options;
  const bwrapPath = options.bwrapPath ?? findExecutable("bwrap") ?? "/usr/bin/bwrap";
  const prlimitPath = findExecutable("prlimit");
  const user = options.user === null ? undefined : options.user ?? defaultUser();
  const workRoot = options.workRoot ?? tmpdir();
  let bwrapOk = false;
  let bwrapProblem = "not probed yet";
  const launcher: ProcessLauncher | undefined = options.processLauncher === false ? undefined : createProcessLauncher({ logger });
  const start: ProcessStarter = (spawn) => (launcher?.healthy === true ? launcher.start(spawn) : startProcess(spawn));
  const maxConcurrent = options.maxConcurrent ?? defaultMaxConcurrent();
  const slots = new ExecutionSlots(maxConcurrent, maxConcurrent * 4);
  const hardening: Hardening = createHardening({ logger, user, ...(options.cgroups !== undefined ? { cgroups: options.cgroups } : {}) });
  let disableUserns = false;
  const warmSandboxes: WarmSandboxes<PreparedDirs> | undefined = options.warmSandboxes === false ? undefined
    : createWarmSandboxes<PreparedDirs>({ logger, idleMs: WARM_SANDBOX_IDLE_MS, maxShapes: WARM_SANDBOX_SHAPES, removeDirs: cleanup });

  /**
   * The directories and cgroup of one execution, empty: the script is written by {@link writeScript} when the call
   * comes. `onHost`: a host work dir and temp dir too (unsandboxed runs; bwrap mounts tmpfs on /work and /tmp).
   */
  function prepare(def: ExecutorDefinition, onHost: boolean, exec: ExecConfig): PreparedDirs {
    const baseDir = mkdtempSync(join(workRoot, "zx-"));
    // The base only needs to be traversable by the sandbox user; its children carry the real permissions.
    chmodSync(baseDir, 0o711);
    const codeDir = join(baseDir, "code");
    const workDir = join(baseDir, "work");
    const tmpDir = join(baseDir, "tmp");
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
    const scriptName = `main.${def.fileExtension}`;
    const cgroup = hardening.cgroupFor(exec);
    return { baseDir, codeDir, workDir, tmpDir, scriptName, cgroup };
  }

  function writeScript(dirs: PreparedDirs, code: string): void {
    const script = join(dirs.codeDir, dirs.scriptName);
    writeFileSync(script, code, { mode: 0o644 });
    chmodSync(script, 0o644); // past the process umask (077)
  }

  /**
   * Removes the execution directory before the result is answered. The usual case (the script and empty work and
   * tmp dirs) takes a handful of unlink/rmdir calls; anything the run left behind falls back to a recursive rm,
   * which costs about a millisecond even for a nearly empty tree.
   */
  function cleanup(dirs: PreparedDirs): void {
    // A held analyser nobody used (the sandbox was discarded, or failed before its analysis) is killed.
    if (dirs.analyser) void dirs.analyser.discard();
    dirs.analyser = undefined;
    // Kills what is left of the execution (a process that left its group) and removes the cgroup, off the result's path.
    dirs.cgroup?.release();
    try {
      unlinkQuiet(join(dirs.codeDir, dirs.scriptName));
      rmdirSync(dirs.codeDir);
      rmdirQuiet(dirs.workDir);
      rmdirQuiet(dirs.tmpDir);
      rmdirSync(dirs.baseDir);
      return;
    } catch {
      // not empty (or already partly gone): the thorough way
    }
    try {
      rmSync(dirs.baseDir, { recursive: true, force: true, maxRetries: 2 });
    } catch (err) {
      logger.warn({ err, dir: dirs.baseDir }, "cannot remove an execution directory");
    }
  }

  /** The `zx-` directories (prepare's names) an earlier run of this exc left in its own work root. */
  function removeLeftovers(): void {
    const leftovers = readdirSync(workRoot).filter((entry) => /^zx-[A-Za-z0-9]{6}$/.test(entry));
    for (const entry of leftovers) rmSync(join(workRoot, entry), { recursive: true, force: true, maxRetries: 2 });
    if (leftovers.length > 0) logger.info({ workRoot, removed: leftovers.length }, "removed execution directories an earlier run left behind");
  }

  function isolationFor(exec: ExecConfig): Isolation {
    if (exec.sandbox === "bwrap" && bwrapOk) return "bwrap";
    return exec.allow_unsandboxed ? "none" : "refused";
  }

  function refusal(exec: ExecConfig, ctxkey: string): string {
    if (exec.sandbox === "none") {
      return `execution refused: exec.sandbox is "none" for ctxkey ${ctxkey} but exec.allow_unsandboxed is false; ` +
        "set exec.allow_unsandboxed = true to run tools without a sandbox";
    }
    return `execution refused: no sandbox is available (${bwrapProblem}) and exec.allow_unsandboxed is false for ctxkey ` +
      `${ctxkey}; install bubblewrap (bwrap) or set exec.allow_unsandboxed = true`;
  }

  /** The analyser's sandbox command: like the execution's (no network), the script at /code. */
  function analyserCommand(dirs: PreparedDirs, exec: ExecConfig, analyser: string[], held: boolean) {
    return hardening.asSandboxUser(bwrapCommand({ bwrapPath, paths: dirs, exec: { ...exec, network: false }, interpreter: analyser, prlimitPath,
      seccompFile: hardening.seccompFile, analyser: true, disableUserns, held }), dirs.cgroup);
  }

  /** The analyser of a script in a sandbox like the execution's, or on the host without bubblewrap. */
  function analysisSandbox(dirs: PreparedDirs, exec: ExecConfig) {
    if (!bwrapOk) return undefined;
    return { codeDir: "/code", command: (analyser: string[]) => analyserCommand(dirs, exec, analyser, false) };
  }

  /** A warm sandbox whose executions are analysed also gets its analyser started and held, off the call's path. */
  function startHeldAnalyser(isolation: Isolation, def: ExecutorDefinition, exec: ExecConfig, dirs: PreparedDirs): void {
    const analyser = exec.static_analysis !== "off" && def.staticAnalysis && bwrapOk && isolation === "bwrap" ? analyserArgv(def.executor) : undefined;
    if (!analyser) return;
    try {
      dirs.analyser = start({ ...analyserCommand(dirs, exec, analyser, true), held: true });
    } catch (err) {
      // The execution then starts its analyser on demand, as without a warm sandbox.
      logger.warn({ err }, "cannot start a warm sandbox's analyser");
    }
  }

  /** Starts the sandbox of one execution in `dirs`, held until released when `held` (a warm sandbox). */
  function startSandbox(isolation: Isolation, def: ExecutorDefinition, exec: ExecConfig, dirs: PreparedDirs, held: boolean): StartedProcess {
    const command = isolation === "bwrap"
      ? bwrapCommand({ bwrapPath, paths: dirs, exec, interpreter: def.interpreter, prlimitPath, held, seccompFile: hardening.seccompFile, disableUserns })
      : unsandboxedCommand({ paths: dirs, exec, interpreter: def.interpreter, prlimitPath, held });
    return start({ ...hardening.asSandboxUser(command, dirs.cgroup), held });
  }

  function makeWarm(isolation: Isolation, def: ExecutorDefinition, exec: ExecConfig): WarmSandbox<PreparedDirs> {
    const dirs = prepare(def, isolation !== "bwrap", exec);
    try {
      const process = startSandbox(isolation, def, exec, dirs, true);
      startHeldAnalyser(isolation, def, exec, dirs);
      return { dirs, process };
    } catch (err) {
      cleanup(dirs);
      throw err;
    }
  }

  function warm({ def, exec }: { def: ExecutorDefinition; exec: ExecConfig }): void {
    const isolation = isolationFor(exec);
    if (!warmSandboxes || isolation === "refused") return;
    warmSandboxes.fill(shapeOf(isolation, def, exec), () => makeWarm(isolation, def, exec));
  }

  async function run(options: Parameters<ExecutionRunner["run"]>[0], useWarm = true): Promise<ExecResult> {
    const { exec, ctxkey, signal } = options;
    const isolation = isolationFor(exec);
    if (isolation === "refused") return { ...failureResult(EXIT.refused, refusal(exec, ctxkey)), isolation };
    const started = Date.now();
    const slot = await slots.acquire(signal);
    if (slot === "busy") {
      return { ...failureResult(EXIT.refused, `execution refused: zino-exc is running ${slots.max} executions and ${slots.maxWaiting} more ` +
        "are waiting (its limit; ZINO_EXC_MAX_CONCURRENT sets it); try again in a moment or run fewer tools at once"), isolation };
    }
    if (slot === "cancelled") {
      return { ...failureResult(EXIT.cancelled, "[zino-exc] cancelled: the caller went away before the execution started", Date.now() - started), isolation };
    }
    try {
      return await runInSlot(options, isolation, started, useWarm);
    } finally {
      slots.release();
    }
  }

  async function runInSlot(options: Parameters<ExecutionRunner["run"]>[0], isolation: Isolation, started: number, useWarm: boolean): Promise<ExecResult> {
    const { def, code, exec, signal } = options;
    const shape = shapeOf(isolation, def, exec);
    const warmed = useWarm ? warmSandboxes?.take(shape) : undefined;
    const dirs = warmed?.dirs ?? prepare(def, isolation !== "bwrap", exec);
    let child = warmed?.process;
    let released = false;
    let analysis: Promise<AnalysisReport | undefined> | undefined;
    try {
      writeScript(dirs, code);
      // Blocking analysis must pass before the run; advisory analysis only adds findings to the result, so it runs
      // alongside the execution instead of in front of it (the analyser only reads the script; its own timeout and
      // the cancellation still apply, and the result waits for its findings as before).
      const prestarted = dirs.analyser;
      dirs.analyser = undefined;
      analysis = exec.static_analysis !== "off" && def.staticAnalysis
        ? analyze({ executor: def.executor, codeDir: dirs.codeDir, scriptName: dirs.scriptName, user, start, ...(signal ? { signal } : {}),
          sandbox: analysisSandbox(dirs, exec), ...(prestarted ? { prestarted } : {}) })
        : undefined;
      if (!analysis) void prestarted?.discard();
      if (analysis && exec.static_analysis === "blocking") {
        const report = await analysis;
        if (report && !report.ok) {
          return { ...failureResult(EXIT.badArguments,
            `execution refused by static analysis (${report.analyzer}, blocking); fix these findings:\n${report.findings.join("\n")}`,
            Date.now() - started), isolation };
        }
      }
      child ??= startSandbox(isolation, def, exec, dirs, false);
      released = true;
      const limits = { timeoutMs: exec.timeout_ms, outputCapBytes: exec.output_cap_bytes, ...(signal ? { signal } : {}) };
      let outcome: RunOutcome = await child.release(limits);
      if (outcome.notStarted) {
        // The warm sandbox died while it waited (killed from outside): the script never ran, so it runs in a new one.
        child = startSandbox(isolation, def, exec, dirs, false);
        outcome = await child.release(limits);
      }
      let stderr = outcome.stderr;
      let exitCode = outcome.exitCode;
      if (outcome.timedOut) {
        exitCode = EXIT.timeout;
        stderr += `\n[zino-exc] killed after the timeout of ${exec.timeout_ms} ms (the whole process group); output so far is kept\n`;
      } else if (outcome.flooded) {
        stderr += `\n[zino-exc] killed: the output kept flooding past the cap of ${exec.output_cap_bytes} bytes\n`;
      } else if (outcome.cancelled) {
        exitCode = EXIT.cancelled;
        stderr += "\n[zino-exc] cancelled: the caller went away\n";
      }
      if (outcome.truncated) stderr += `\n[zino-exc] output truncated to ${exec.output_cap_bytes} bytes per stream\n`;
      const oomKills = dirs.cgroup?.oomKills() ?? 0;
      if (oomKills > 0) {
        stderr += `\n[zino-exc] the execution reached its memory limit of ${exec.memory_mb} MB (all its processes together, files in ` +
          `/work, /tmp and /dev/shm included): the kernel killed ${oomKills} of its processes\n`;
      }
      const report = exec.static_analysis === "advisory" ? await analysis : undefined;
      const advisory = report && !report.ok ? `\n[static analysis: ${report.analyzer}]\n${report.findings.join("\n")}\n` : "";
      return {
        exit_code: exitCode,
        stdout: outcome.stdout,
        stderr: stderr + advisory,
        truncated: outcome.truncated,
        ms: Date.now() - started,
        ...(outcome.timedOut ? { timed_out: true } : {}),
        isolation,
      };
    } finally {
      // A warm sandbox that did not run (refused by analysis, a host failure) is killed before its dirs go.
      if (child && !released) await child.discard();
      // An analysis still reading the script (a host failure cut the run short) finishes before the dir goes.
      await analysis?.catch(() => undefined);
      cleanup(dirs);
      // The next execution of this shape gets a sandbox made now, after this one's answer is on its way.
      if (useWarm) warm({ def, exec });
    }
  }

  return {
    get bwrapProblem() {
      return bwrapProblem;
    },
    get hardening(): SandboxHardening {
      return hardening.report({ ok: bwrapOk, disableUserns });
    },
    async start() {
      if (!existsSync(workRoot)) {
        mkdirSync(workRoot, { recursive: true, mode: 0o711 });
        chmodSync(workRoot, 0o711); // ours, past the process umask (077)
      }
      if (options.ownsWorkRoot === true) removeLeftovers();
      hardening.start();
      const probe = await probeBwrap(bwrapPath, user);
      bwrapOk = probe.ok;
      bwrapProblem = probe.reason;
      disableUserns = probe.disableUserns;
      if (probe.ok) {
        // The whole path once (work dirs reachable by the sandbox user, /etc binds, limits), so that a broken
        // setup shows in capabilities and the log rather than in every result.
        const selfTest = await run({ def: SELF_TEST_EXECUTOR, code: "exit 0\n", exec: SELF_TEST_RULES, ctxkey: "(self-test)" }, false)
          .catch((err: unknown) => failureResult(EXIT.failure, err instanceof Error ? err.message : String(err)));
        if (selfTest.exit_code !== 0) {
          bwrapOk = false;
          bwrapProblem = `sandbox self-test failed: ${selfTest.stderr.trim()}`;
        }
      }
      if (bwrapOk) logger.info({ bwrapPath, user: user?.uid }, "bubblewrap sandbox available");
      else logger.warn({ bwrapPath, reason: bwrapProblem }, "bubblewrap sandbox NOT available; executions are refused unless exec.allow_unsandboxed");
    },
    isolationFor,
    run: (options) => run(options),
    warm,
    get warmCount() {
      return warmSandboxes?.size ?? 0;
    },
    get concurrency() {
      return { max: slots.max, running: slots.running, waiting: slots.waiting };
    },
    async validate({ def, code, signal }) {
      const dirs = prepare(def, false, VALIDATE_RULES);
      try {
        writeScript(dirs, code);
        return await analyze({ executor: def.executor, codeDir: dirs.codeDir, scriptName: dirs.scriptName, user, start, ...(signal ? { signal } : {}),
          sandbox: analysisSandbox(dirs, VALIDATE_RULES) });
      } finally {
        cleanup(dirs);
      }
    },
    async close() {
      await warmSandboxes?.close();
      await launcher?.close();
      await hardening.close();
    },
  };
}
