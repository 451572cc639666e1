// Sub-agents (docs/zino-protocol.md §6): a `run_skill {skill, request}` call becomes a child turn that exc asks the daemon for,
// on the skill's ctxkey, with `subagent {depth, parent_ctxkey, skill}` so the daemon builds the skill's prompt
// and does not store the turn. Progress goes up as status frames; the answer comes back with a digest of the
// child's tool results. The time limit and the caller going away both close the daemon request, which cancels
// the child turn end to end.
import { ServiceUnavailableError, requestFrames, type Frame, type Logger } from "../../wire/index.js";
import { EXIT, failureResult, type ExecResult } from "./exec-result.js";
import { skillCtxkey } from "../config/index.js";
import type { SkillInfo } from "./skill-catalog.js";
import { SubagentTranscript } from "./subagent-transcript.js";

export interface SubagentRun {
  skill: SkillInfo;
  request: string;
  parentCtxkey: string;
  /** Depth of the child turn: 1 for a skill called from a user's turn. */
  depth: number;
  timeoutMs: number;
  outputCapBytes: number;
  /** Sends a status frame to exc's caller. */
  progress: (frame: Frame) => Promise<void>;
  signal: AbortSignal;
}

export interface SubagentRunner {
  run(run: SubagentRun): Promise<ExecResult>;
}

/** Error codes of the child turn that mean "refused" rather than "failed". */
const REFUSAL_CODES = new Set(["forbidden"]);

export function createSubagentRunner(options: { daemonSocket: string; maxFrameBytes: number; logger: Logger }): SubagentRunner {
  const { logger } = options;

  async function run(job: SubagentRun): Promise<ExecResult> {
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    const ctxkey = skillCtxkey(job.skill);
    const transcript = new SubagentTranscript(job.skill.name, job.depth);
    const controller = new AbortController();
    let timedOut = false;
    const onAbort = () => controller.abort(job.signal.reason);
    job.signal.addEventListener("abort", onAbort, { once: true });
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error("sub-agent time limit"));
    }, job.timeoutMs);
    const request: Frame = {
      message: job.request,
      ctxkey,
      events: "all",
      subagent: { depth: job.depth, parent_ctxkey: job.parentCtxkey, skill: job.skill.name },
    };
    let failure: string | undefined;
    try {
      await job.progress({ type: "status", phase: "subagent", event: "start", skill: job.skill.name, depth: job.depth, ctxkey });
      for await (const frame of requestFrames(options.daemonSocket, request, {
        signal: controller.signal,
        maxFrameBytes: options.maxFrameBytes,
      })) {
        const relay = transcript.observe(frame);
        if (relay) await job.progress(relay);
      }
    } catch (err) {
      job.signal.throwIfAborted();
      if (!timedOut) {
        failure =
          err instanceof ServiceUnavailableError && !err.connected
            ? `zino-daemon is not reachable (${err.message}), so the skill "${job.skill.name}" cannot run`
            : `the sub-agent's connection failed: ${err instanceof Error ? err.message : String(err)}`;
      }
    } finally {
      clearTimeout(timer);
      job.signal.removeEventListener("abort", onAbort);
    }
    const result = compose(job, transcript, { timedOut, failure, ms: ms() });
    logger.info(
      {
        skill: job.skill.name,
        ctxkey,
        depth: job.depth,
        exit_code: result.exit_code,
        tool_calls: transcript.toolCalls.length,
        ms: result.ms,
      },
      "sub-agent finished",
    );
    return result;
  }

  return { run };
}

function compose(
  job: SubagentRun,
  transcript: SubagentTranscript,
  outcome: { timedOut: boolean; failure: string | undefined; ms: number },
): ExecResult {
  const name = job.skill.name;
  const stdout = [transcript.text.trim(), transcript.digest()].filter((part) => part !== "").join("\n\n");
  const capped = capBytes(stdout, job.outputCapBytes);
  const ending = transcript.ending;
  let exitCode: number;
  let stderr = "";
  if (outcome.timedOut) {
    exitCode = EXIT.timeout;
    stderr =
      `the sub-agent "${name}" did not finish within ${job.timeoutMs} ms (agent.subagent_timeout_ms) and was cancelled; ` +
      "stdout holds what it had written so far.";
  } else if (outcome.failure) {
    exitCode = EXIT.failure;
    stderr = outcome.failure;
  } else if (!ending) {
    exitCode = EXIT.failure;
    stderr = `the sub-agent "${name}" ended without an answer (zino-daemon closed the connection).`;
  } else if (ending.kind === "error") {
    exitCode = REFUSAL_CODES.has(ending.code) ? EXIT.refused : EXIT.failure;
    stderr = `the sub-agent "${name}" failed: ${ending.code}: ${ending.message}`;
  } else {
    exitCode = 0;
    if (ending.stopped) stderr = `the sub-agent "${name}" stopped early (${ending.stopped}).`;
  }
  if (exitCode !== 0 && stdout === "")
    return { ...failureResult(exitCode, stderr, outcome.ms), ...(outcome.timedOut ? { timed_out: true } : {}) };
  return {
    exit_code: exitCode,
    stdout: capped.text,
    stderr: stderr === "" ? "" : `${stderr}\n`,
    truncated: capped.truncated,
    ms: outcome.ms,
    ...(outcome.timedOut ? { timed_out: true } : {}),
  };
}

function capBytes(text: string, capBytes: number): { text: string; truncated: boolean } {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= capBytes) return { text, truncated: false };
  // A cut inside a multi-byte character decodes to U+FFFD: drop it.
  return {
    text: bytes
      .subarray(0, capBytes)
      .toString("utf8")
      .replace(/\uFFFD+$/, ""),
    truncated: true,
  };
}
