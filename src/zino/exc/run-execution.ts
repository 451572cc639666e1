// The path of one execution once its rules are known: the isolation verdict, a slot, the (warm or new) sandbox in
// fresh directories, static analysis per the rules, the run with its limits, the result, and the cleanup, which
// also has the next sandbox of the same shape made.
import type { ExecConfig } from "../config/index.js";
import { EXIT, failureResult, type ExecResult } from "./exec-result.js";
import type { ExecutionDirs, PreparedDirs } from "./execution-dirs.js";
import type { ExecutionSlots } from "./execution-slots.js";
import type { ExecutorDefinition } from "./executor-catalog.js";
import type { IsolationPolicy } from "./isolation-policy.js";
import { analysisRefusalResult, busyResult, cancelledBeforeStartResult, outcomeResult } from "./outcome-result.js";
import type { ProcessStarter, RunOutcome, StartedProcess } from "./run-process.js";
import type { Isolation, SandboxUser } from "./sandbox.js";
import type { SandboxStarter } from "./sandbox-starter.js";
import { analyze, type AnalysisReport } from "./static-analysis.js";
import type { WarmPool } from "./warm-pool.js";

export interface ExecutionRequest {
  def: ExecutorDefinition;
  code: string;
  exec: ExecConfig;
  ctxkey: string;
  signal?: AbortSignal;
}

/** Runs one execution; `useWarm` false neither takes nor makes a warm sandbox (the self-test). */
export type RunExecution = (request: ExecutionRequest, useWarm?: boolean) => Promise<ExecResult>;

export interface RunExecutionDeps {
  /** The sandbox user (analysers on the host run as it). */
  user: SandboxUser | undefined;
  start: ProcessStarter;
  policy: IsolationPolicy;
  slots: ExecutionSlots;
  dirs: ExecutionDirs;
  sandboxes: SandboxStarter;
  warmPool: WarmPool | undefined;
}

/**
 * The analysis of the script written in `prepared`, in a sandbox like its execution's under `rules` (or, without
 * bubblewrap, on the host as the sandbox user); a held analyser (`prestarted`) is released instead of starting one.
 * Serves an execution's analysis and `validate` (execution-runner.ts).
 */
export function analyzePrepared(
  deps: Pick<RunExecutionDeps, "user" | "start" | "sandboxes">,
  prepared: PreparedDirs,
  how: { def: ExecutorDefinition; rules: ExecConfig; signal?: AbortSignal | undefined; prestarted?: StartedProcess | undefined },
): ReturnType<typeof analyze> {
  const { def, rules, signal, prestarted } = how;
  return analyze({
    executor: def.executor,
    codeDir: prepared.codeDir,
    scriptName: prepared.scriptName,
    user: deps.user,
    start: deps.start,
    ...(signal ? { signal } : {}),
    sandbox: deps.sandboxes.analysisSandbox(prepared, rules),
    ...(prestarted ? { prestarted } : {}),
  });
}

export function createRunExecution(deps: RunExecutionDeps): RunExecution {
  const { policy, slots, dirs, sandboxes, warmPool } = deps;

  async function run(runOptions: ExecutionRequest, useWarm = true): Promise<ExecResult> {
    const { exec, ctxkey, signal } = runOptions;
    const isolation = policy.isolationFor(exec);
    if (isolation === "refused") return { ...failureResult(EXIT.refused, policy.refusal(exec, ctxkey)), isolation };
    const started = Date.now();
    const slot = await slots.acquire(signal);
    if (slot === "busy") return busyResult(slots, isolation);
    if (slot === "cancelled") return cancelledBeforeStartResult(Date.now() - started, isolation);
    try {
      return await runInSlot(runOptions, isolation, started, useWarm);
    } finally {
      slots.release();
    }
  }

  /**
   * The script's analysis, when the rules ask for one: in the sandbox's held analyser when it has one (taken from
   * `prepared`), else started now. A held analyser that is not used is killed.
   */
  function startAnalysis(runOptions: ExecutionRequest, prepared: PreparedDirs): Promise<AnalysisReport | undefined> | undefined {
    const { def, exec, signal } = runOptions;
    const prestarted = prepared.analyser;
    prepared.analyser = undefined;
    const analysis =
      exec.static_analysis !== "off" && def.staticAnalysis
        ? analyzePrepared(deps, prepared, { def, rules: exec, signal, prestarted })
        : undefined;
    if (!analysis) void prestarted?.discard();
    return analysis;
  }

  async function runInSlot(runOptions: ExecutionRequest, isolation: Isolation, started: number, useWarm: boolean): Promise<ExecResult> {
    const { def, code, exec, signal } = runOptions;
    const warmed = useWarm ? warmPool?.take(isolation, def, exec) : undefined;
    const prepared = warmed?.dirs ?? dirs.prepare(def, isolation !== "bwrap", exec);
    let child: StartedProcess | undefined = warmed?.process;
    let released = false;
    let analysis: Promise<AnalysisReport | undefined> | undefined;
    try {
      dirs.writeScript(prepared, code);
      // Blocking analysis must pass before the run; advisory analysis only adds findings to the result, so it runs
      // alongside the execution instead of in front of it (the analyser only reads the script; its own timeout and
      // the cancellation still apply, and the result waits for its findings as before).
      analysis = startAnalysis(runOptions, prepared);
      if (analysis && exec.static_analysis === "blocking") {
        const report = await analysis;
        if (report && !report.ok) return analysisRefusalResult(report, Date.now() - started, isolation);
      }
      child ??= sandboxes.startSandbox(isolation, def, exec, prepared, false);
      released = true;
      const limits = { timeoutMs: exec.timeout_ms, outputCapBytes: exec.output_cap_bytes, ...(signal ? { signal } : {}) };
      let outcome: RunOutcome = await child.release(limits);
      if (outcome.notStarted) {
        // The warm sandbox died while it waited (killed from outside): the script never ran, so it runs in a new one.
        child = sandboxes.startSandbox(isolation, def, exec, prepared, false);
        outcome = await child.release(limits);
      }
      const oomKills = prepared.cgroup?.oomKills() ?? 0;
      const advisory = exec.static_analysis === "advisory" ? await analysis : undefined;
      return outcomeResult({ outcome, exec, oomKills, advisory, ms: Date.now() - started, isolation });
    } finally {
      // A warm sandbox that did not run (refused by analysis, a host failure) is killed before its dirs go.
      if (child && !released) await child.discard();
      // An analysis still reading the script (a host failure cut the run short) finishes before the dir goes.
      await analysis?.catch(() => undefined);
      // Removed right after the result is on its way (cleanupAfterAnswer), not in front of it.
      dirs.cleanupAfterAnswer(prepared);
      // The next execution of this shape gets a sandbox made now, after this one's answer is on its way.
      if (useWarm) warmPool?.warm({ def, exec });
    }
  }

  return run;
}
