// The answer to `(tool call, ctxkey)` (docs/zino-protocol.md §6): an executor run, an MCP tool call or, for `run_skill`, a
// sub-agent; every outcome, refusals and host failures included, is a `result` the model reads.
import { randomUUID } from "node:crypto";
import { WireError } from "../../wire/index.js";
import type { ExcParts, FrameAt } from "./exc-parts.js";
import { EXIT, failureResult, resultFrame, type ExecResult } from "./exec-result.js";
import { canonicalExecutor, type ExecutorDefinition } from "./executor-catalog.js";
import { MCP_PREFIX } from "./mcp-host.js";
import type { ExecRules } from "./rules-cache.js";
import { callerSkill, parseCallerScope, runSkillCall, type CallerScope } from "./skill-call.js";
import { RUN_SKILL } from "./skill-catalog.js";
import { parseToolCall, type ToolCall } from "./tool-call.js";

/** Runs `code` with the executor under the ctxkey's rules; a missing code or a host failure is a result too. */
export async function runCode(
  parts: ExcParts,
  run: { def: ExecutorDefinition; code: unknown; loaded: ExecRules; signal: AbortSignal },
): Promise<ExecResult> {
  const { def, code, loaded, signal } = run;
  if (typeof code !== "string" || code.trim() === "") {
    return failureResult(EXIT.badArguments, `${def.toolName} needs arguments {"code": "<the ${def.executor} source to run>"}`);
  }
  try {
    return await parts.runner.run({ def, code, exec: loaded.exec, ctxkey: loaded.ctxkey, signal });
  } catch (err) {
    // A host-side failure (no disk space, a vanished temp dir): still a result the model can read.
    const requestId = randomUUID();
    parts.logger.error({ err, requestId, ctxkey: loaded.ctxkey, tool: def.toolName }, "cannot prepare or run an execution");
    return failureResult(EXIT.failure, `zino-exc could not run ${def.toolName} (host failure, request ${requestId}); see its log`);
  }
}

async function callTool(
  parts: ExcParts,
  call: ToolCall,
  at: { ctxkey: string; scope: CallerScope; out: FrameAt["out"]; signal: AbortSignal; version: string | undefined },
): Promise<ExecResult> {
  const { ctxkey, signal } = at;
  const { executors, offer, mcp } = parts;
  const loaded = await parts.rules.get(ctxkey, { version: at.version });
  if (call.name === RUN_SKILL) {
    return runSkillCall({
      call,
      loaded,
      scope: at.scope,
      runner: parts.subagents,
      signal,
      progress: async (frame) => void (await at.out.send(frame)),
    });
  }
  const skill = callerSkill(loaded, at.scope);
  const known = () =>
    [
      ...offer.executorTools(loaded, skill).map((tool) => tool.function.name),
      ...Object.keys(loaded.mcpServers).map((s) => `${MCP_PREFIX}${s}__*`),
    ].join(", ");
  // A bare executor name ("bash", the `name` of Python-ZINO tool files) is accepted as execute_<executor>.
  const bare = executors.current.get(canonicalExecutor(call.name));
  if (call.name.startsWith("execute_") || bare) {
    const def = bare ?? executors.current.get(canonicalExecutor(call.name.slice("execute_".length)));
    if (!def) return failureResult(EXIT.unknownTool, `unknown tool ${call.name}; available: ${known()}`);
    const allowed = offer.verdict(loaded, skill, def.toolName);
    if (!allowed.allowed) return failureResult(EXIT.refused, allowed.reason);
    if (call.argumentsError) return failureResult(EXIT.badArguments, `bad arguments for ${call.name}: ${call.argumentsError}`);
    return runCode(parts, { def, code: call.arguments.code, loaded, signal });
  }
  const route = mcp.route(call.name, loaded.mcpServers);
  if (route) {
    const allowed = offer.verdict(loaded, skill, call.name);
    if (!allowed.allowed) return failureResult(EXIT.refused, allowed.reason);
    if (call.argumentsError) return failureResult(EXIT.badArguments, `bad arguments for ${call.name}: ${call.argumentsError}`);
    return mcp.call({
      ctxkey,
      server: route.server,
      config: loaded.mcpServers[route.server]!,
      tool: route.tool,
      args: call.arguments,
      timeoutMs: loaded.exec.timeout_ms,
      outputCapBytes: loaded.exec.output_cap_bytes,
      signal,
    });
  }
  return failureResult(EXIT.unknownTool, `unknown tool ${call.name}; available: ${known()}`);
}

export async function answerToolCall(parts: ExcParts, { request, out, signal }: FrameAt): Promise<void> {
  const parsed = parseToolCall(request.message);
  if (!parsed.ok) throw new WireError("bad_request", parsed.reason);
  // The daemon sends the configuration version it saw at ctx [ext]: the rules of that version are reused.
  const version = typeof request.raw.config_version === "string" ? request.raw.config_version : undefined;
  const scope = parseCallerScope(request.raw);
  const result = await callTool(parts, parsed.call, { ctxkey: request.ctxkey, scope, out, signal, version });
  parts.logger.info({ ctxkey: request.ctxkey, tool: parsed.call.name, exit_code: result.exit_code, ms: result.ms }, "tool call answered");
  await out.send(resultFrame(result));
}
