// The answers to the Python ZINO typed operations (docs/zino-protocol.md §8): `execute`, `validate` and `capabilities`.
import type { ExcParts, FrameAt } from "./exc-parts.js";
import { EXIT, failureResult, resultFrame } from "./exec-result.js";
import { canonicalExecutor } from "./executor-catalog.js";
import { capabilitiesFrame, parseCodeRequest, validationFrame } from "./python-ops.js";
import { runCode } from "./tool-call-frames.js";
import { checkTool } from "./tool-policy.js";

export async function answerExecute(parts: ExcParts, { request, out, signal }: FrameAt): Promise<void> {
  const { executor, code } = parseCodeRequest(request.raw);
  const def = parts.executors.current.get(canonicalExecutor(executor));
  const loaded = await parts.rules.get(request.ctxkey);
  if (!def) {
    await out.send(
      resultFrame(
        failureResult(EXIT.unknownTool, `unknown executor ${executor}; available: ${[...parts.executors.current.keys()].join(", ")}`),
      ),
    );
    return;
  }
  const verdict = checkTool(loaded.exec, def.toolName);
  const result = verdict.allowed ? await runCode(parts, { def, code, loaded, signal }) : failureResult(EXIT.refused, verdict.reason);
  await out.send(resultFrame(result));
}

export async function answerValidate(parts: ExcParts, { request, out, signal }: FrameAt): Promise<void> {
  const { executor, code } = parseCodeRequest(request.raw);
  const def = parts.executors.current.get(canonicalExecutor(executor));
  const report = def ? await parts.runner.validate({ def, code, signal }) : undefined;
  await out.send(validationFrame(executor, def !== undefined, report));
}

export async function answerCapabilities(parts: ExcParts, { request, out }: FrameAt): Promise<void> {
  const { runner } = parts;
  const loaded = await parts.rules.get(request.ctxkey);
  await out.send(
    capabilitiesFrame({
      loaded,
      executors: parts.executors.current,
      isolation: runner.isolationFor(loaded.exec),
      bwrapProblem: runner.bwrapProblem,
      concurrency: runner.concurrency,
      warmSandboxes: runner.warmCount,
      hardening: runner.hardening,
      allowed: (name) => checkTool(loaded.exec, name).allowed,
    }),
  );
}
