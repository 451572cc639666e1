// An execution's outcome as the ExecResult the model reads: the exit code, the notes zino-exc appends to stderr
// (timeout, output flood or cap, cancellation, memory limit) and advisory findings; and the results of executions
// refused before they ran (no free slot, cancelled while waiting, blocking analysis).
import type { ExecConfig } from "../config/index.js";
import { EXIT, failureResult, type ExecResult } from "./exec-result.js";
import type { RunOutcome } from "./run-process.js";
import type { Isolation } from "./sandbox.js";
import type { AnalysisReport } from "./static-analysis.js";

/** The answer when every slot runs and the queue is full. */
export function busyResult(limits: { max: number; maxWaiting: number }, isolation: Isolation): ExecResult {
  return { ...failureResult(EXIT.refused, busyMessage(limits, "execution")), isolation };
}

/** Why an execution or a `validate` analysis (`what`) is refused while every slot and place in line is taken. */
export function busyMessage(limits: { max: number; maxWaiting: number }, what: string): string {
  return (
    `${what} refused: zino-exc is running ${limits.max} executions and ${limits.maxWaiting} more ` +
    "are waiting (its limit; ZINO_EXC_MAX_CONCURRENT sets it); try again in a moment or run fewer tools at once"
  );
}

/** The answer when the caller went away while the execution waited for a slot. */
export function cancelledBeforeStartResult(ms: number, isolation: Isolation): ExecResult {
  return { ...failureResult(EXIT.cancelled, "[zino-exc] cancelled: the caller went away before the execution started", ms), isolation };
}

/** The answer when blocking analysis found something: the script does not run. */
export function analysisRefusalResult(report: AnalysisReport, ms: number, isolation: Isolation): ExecResult {
  return {
    ...failureResult(
      EXIT.badArguments,
      `execution refused by static analysis (${report.analyzer}, blocking); fix these findings:\n${report.findings.join("\n")}`,
      ms,
    ),
    isolation,
  };
}

/** stderr with zino-exc's notes on how the run ended, and the exit code they imply. */
function endNotes(outcome: RunOutcome, exec: ExecConfig, oomKills: number): { exitCode: number; stderr: string } {
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
  if (oomKills > 0) {
    stderr +=
      `\n[zino-exc] the execution reached its memory limit of ${exec.memory_mb} MB (all its processes together, files in ` +
      `/work, /tmp and /dev/shm included): the kernel killed ${oomKills} of its processes\n`;
  }
  return { exitCode, stderr };
}

export interface OutcomeResultOptions {
  outcome: RunOutcome;
  exec: ExecConfig;
  /** Processes of the execution the kernel killed at its memory limit (its cgroup's count). */
  oomKills: number;
  /** The advisory analysis report, if any: its findings follow stderr. */
  advisory: AnalysisReport | undefined;
  ms: number;
  isolation: Isolation;
}

export function outcomeResult(options: OutcomeResultOptions): ExecResult {
  const { outcome, advisory: report } = options;
  const { exitCode, stderr } = endNotes(outcome, options.exec, options.oomKills);
  const advisory = report && !report.ok ? `\n[static analysis: ${report.analyzer}]\n${report.findings.join("\n")}\n` : "";
  return {
    exit_code: exitCode,
    stdout: outcome.stdout,
    stderr: stderr + advisory,
    truncated: outcome.truncated,
    ms: options.ms,
    ...(outcome.timedOut ? { timed_out: true } : {}),
    isolation: options.isolation,
  };
}
