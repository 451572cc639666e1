// The answers that tell the daemon what a ctxkey may use: `ready` (the `(null, ctxkey)` handshake, optionally
// with the tool list) and `tools` (the function definitions the model sees).
import type { ExcParts, FrameAt } from "./exc-parts.js";
import type { ExecRules } from "./rules-cache.js";
import { parseCallerScope } from "./skill-call.js";
import { checkTool } from "./tool-policy.js";

/**
 * With `include_tools: true` the ready answer also carries the `tools` list (for the request's scope), which
 * saves the daemon a `tools` request per turn. When listing fails it is left out: the caller asks `tools`.
 */
async function readyTools(parts: ExcParts, request: FrameAt["request"], loaded: ExecRules): Promise<Record<string, unknown>> {
  if (request.raw.include_tools !== true) return {};
  try {
    const { tools, errors } = await parts.offer.toolsFor(request.ctxkey, loaded, parseCallerScope(request.raw));
    return { tools, ...(errors.length > 0 ? { tool_errors: errors } : {}) };
  } catch (err) {
    parts.logger.debug({ ctxkey: request.ctxkey, err }, "tools not listed with ready");
    return {};
  }
}

export async function answerReady(parts: ExcParts, { request, out }: FrameAt): Promise<void> {
  const { executors, runner } = parts;
  executors.refresh();
  const loaded = await parts.rules.get(request.ctxkey, { fresh: true });
  const tools = await readyTools(parts, request, loaded);
  await out.send({
    type: "ready",
    ctxkey: request.ctxkey,
    config_source: loaded.source,
    isolation: runner.isolationFor(loaded.exec),
    executors: parts.offer.executorTools(loaded).map((tool) => tool.function.name),
    mcp_servers: Object.keys(loaded.mcpServers),
    skills: loaded.skills.map((skill) => skill.name),
    ...(loaded.warning ? { warning: loaded.warning } : {}),
    ...tools,
  });
  // A tool call may follow this turn's first model call: its sandbox is made now, after the answer.
  const first = [...executors.current.values()].find((def) => checkTool(loaded.exec, def.toolName).allowed);
  if (first) runner.warm({ def: first, exec: loaded.exec });
}

export async function answerTools(parts: ExcParts, { request, out }: FrameAt): Promise<void> {
  const scope = parseCallerScope(request.raw);
  const loaded = await parts.rules.get(request.ctxkey);
  const { tools, errors } = await parts.offer.toolsFor(request.ctxkey, loaded, scope);
  await out.send({ type: "tools", ctxkey: request.ctxkey, tools, ...(errors.length > 0 ? { errors } : {}) });
}
