// zino-exc (spec §1, §6): answers `(null, ctxkey)` with `ready`, `(tool call, ctxkey)` with a `result` (a
// `run_skill` call runs a sub-agent), `tools` with the function definitions the model sees, and the Python typed
// operations of spec §8.
import { randomUUID } from "node:crypto";
import type { ServiceDeps } from "../runtime/run-service.js";
import { agentPathsOf } from "../config/index.js";
import { WireError, createFrameServer, type FrameServer, type FrameWriter, type WireRequest } from "../../wire/index.js";
import { createCtxClient, type CtxClient } from "./ctx-client.js";
import { EXIT, failureResult, resultFrame, type ExecResult } from "./exec-result.js";
import { canonicalExecutor, loadExecutors, type ExecutorDefinition } from "./executor-catalog.js";
import { createExecutionRunner, type ExecutionRunner } from "./execution-runner.js";
import { MCP_PREFIX, createMcpHost, type McpHost, type OpenAiTool } from "./mcp-host.js";
import { capabilitiesFrame, parseCodeRequest, validationFrame } from "./python-ops.js";
import { createRulesCache, type ExecRules, type RulesCache } from "./rules-cache.js";
import type { SandboxUser } from "./sandbox.js";
import { callerSkill, offersRunSkill, parseCallerScope, runSkillCall, type CallerScope } from "./skill-call.js";
import { RUN_SKILL, runSkillTool, skillVerdict, type SkillInfo } from "./skill-catalog.js";
import { createSubagentRunner, type SubagentRunner } from "./subagent-runner.js";
import { checkTool, type ToolVerdict } from "./tool-policy.js";
import { parseToolCall, type ToolCall } from "./tool-call.js";

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
  /** Start executions from a small launcher process (default true; `ZINO_EXC_LAUNCHER=0` starts them from exc itself). */
  processLauncher?: boolean;
  /** A cgroup per execution where usable (default true; `ZINO_EXC_CGROUPS=0` turns them off); false keeps per-process rlimits only. */
  cgroups?: boolean;
}

/** How stale the executor catalogue (agents/tools) may be when a ready handshake comes in. */
export const CATALOG_RECHECK_MS = 1_000;

export interface ExcServiceDeps extends ServiceDeps {
  options?: ExcOptions;
}

export interface ExcService {
  start(): Promise<void>;
  close(): Promise<void>;
  readonly socketPath: string;
}

/** The execution limit from the options, else from ZINO_EXC_MAX_CONCURRENT (a positive integer, or exc refuses to start). */
function maxConcurrentOption(option: number | undefined, variable: string | undefined): { maxConcurrent?: number } {
  if (option !== undefined) return { maxConcurrent: option };
  if (variable === undefined || variable.trim() === "") return {};
  const value = Number(variable);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`ZINO_EXC_MAX_CONCURRENT must be a positive integer (executions running at once), not ${JSON.stringify(variable)}`);
  }
  return { maxConcurrent: value };
}

export function createExcService(deps: ExcServiceDeps): ExcService {
  const { instance, logger, env } = deps;
  const options = deps.options ?? {};
  const ctx = options.ctx ?? createCtxClient({ socketPath: instance.sockets.ctx, maxFrameBytes: instance.maxFrameBytes });
  const rules: RulesCache = createRulesCache({ ctx, defaults: instance.defaults, logger,
    ...(options.rulesTtlMs !== undefined ? { ttlMs: options.rulesTtlMs } : {}) });
  const bwrapPath = options.bwrapPath ?? env.ZINO_EXC_BWRAP;
  // systemd's StateDirectory= (deploy/systemd/zino-exc.service) names where work dirs belong.
  const workRoot = options.workRoot ?? env.ZINO_EXC_WORK_DIR ?? env.STATE_DIRECTORY?.split(":")[0];
  const runner: ExecutionRunner = createExecutionRunner({
    logger,
    ...(bwrapPath ? { bwrapPath } : {}),
    ...(options.sandboxUser !== undefined ? { user: options.sandboxUser } : {}),
    // A work root named for exc is its own; the OS temp dir (the default) is shared.
    ...(workRoot ? { workRoot, ownsWorkRoot: true } : {}),
    warmSandboxes: options.warmSandboxes ?? env.ZINO_EXC_WARM_SANDBOXES !== "0",
    processLauncher: options.processLauncher ?? env.ZINO_EXC_LAUNCHER !== "0",
    cgroups: options.cgroups ?? env.ZINO_EXC_CGROUPS !== "0",
    ...maxConcurrentOption(options.maxConcurrentExecutions, env.ZINO_EXC_MAX_CONCURRENT),
  });
  const mcp: McpHost = createMcpHost({ ctx, logger, instance, ...(bwrapPath ? { bwrapPath } : {}) });
  const subagents: SubagentRunner = createSubagentRunner({ daemonSocket: instance.sockets.daemon, maxFrameBytes: instance.maxFrameBytes, logger });
  let executors = loadExecutors(agentPathsOf(instance).tools, logger);
  let executorsLoadedAt = Date.now();
  /**
   * The ready handshake re-reads agents/tools, but at most once per CATALOG_RECHECK_MS: reading and parsing the
   * folder on every turn was a visible cost, and edits to tool files are rare.
   */
  const refreshExecutors = () => {
    const now = Date.now();
    if (now - executorsLoadedAt < CATALOG_RECHECK_MS) return;
    executors = loadExecutors(agentPathsOf(instance).tools, logger);
    executorsLoadedAt = now;
  };

  /** The ctxkey's allow/deny rules, then, in a skill's turn, the skill's own tool list. */
  function verdict(rulesOf: ExecRules, skill: SkillInfo | undefined, name: string): ToolVerdict {
    const policy = checkTool(rulesOf.exec, name);
    return policy.allowed ? skillVerdict(skill, name) : policy;
  }

  function executorTools(rulesOf: ExecRules, skill?: SkillInfo): OpenAiTool[] {
    return [...executors.values()]
      .filter((def) => verdict(rulesOf, skill, def.toolName).allowed)
      .map((def) => ({ type: "function", function: { name: def.toolName, description: def.description, parameters: def.parameters } }));
  }

  /** What `tools` answers: the executors, MCP tools and run_skill the caller's scope may use under these rules. */
  async function toolsFor(ctxkey: string, loaded: ExecRules, scope: CallerScope): Promise<{ tools: OpenAiTool[]; errors: string[] }> {
    const skill = callerSkill(loaded, scope);
    const listed = await mcp.listTools(ctxkey, loaded.mcpServers);
    const tools = [...executorTools(loaded, skill), ...listed.tools.filter((tool) => verdict(loaded, skill, tool.function.name).allowed),
      ...(offersRunSkill(loaded, scope) ? [runSkillTool(loaded.skills)] : [])];
    return { tools, errors: listed.errors };
  }

  /**
   * With `include_tools: true` the ready answer also carries the `tools` list (for the request's scope), which
   * saves the daemon a `tools` request per turn. When listing fails it is left out: the caller asks `tools`.
   */
  async function readyTools(request: WireRequest, loaded: ExecRules): Promise<Record<string, unknown>> {
    if (request.raw.include_tools !== true) return {};
    try {
      const { tools, errors } = await toolsFor(request.ctxkey, loaded, parseCallerScope(request.raw));
      return { tools, ...(errors.length > 0 ? { tool_errors: errors } : {}) };
    } catch (err) {
      logger.debug({ ctxkey: request.ctxkey, err }, "tools not listed with ready");
      return {};
    }
  }

  async function ready(request: WireRequest, out: FrameWriter): Promise<void> {
    refreshExecutors();
    const loaded = await rules.get(request.ctxkey, { fresh: true });
    const tools = await readyTools(request, loaded);
    await out.send({
      type: "ready",
      ctxkey: request.ctxkey,
      config_source: loaded.source,
      isolation: runner.isolationFor(loaded.exec),
      executors: executorTools(loaded).map((tool) => tool.function.name),
      mcp_servers: Object.keys(loaded.mcpServers),
      skills: loaded.skills.map((skill) => skill.name),
      ...(loaded.warning ? { warning: loaded.warning } : {}),
      ...tools,
    });
    // A tool call may follow this turn's first model call: its sandbox is made now, after the answer.
    const first = [...executors.values()].find((def) => checkTool(loaded.exec, def.toolName).allowed);
    if (first) runner.warm({ def: first, exec: loaded.exec });
  }

  async function runCode(def: ExecutorDefinition, code: unknown, loaded: ExecRules, signal: AbortSignal): Promise<ExecResult> {
    if (typeof code !== "string" || code.trim() === "") {
      return failureResult(EXIT.badArguments, `${def.toolName} needs arguments {"code": "<the ${def.executor} source to run>"}`);
    }
    try {
      return await runner.run({ def, code, exec: loaded.exec, ctxkey: loaded.ctxkey, signal });
    } catch (err) {
      // A host-side failure (no disk space, a vanished temp dir): still a result the model can read.
      const requestId = randomUUID();
      logger.error({ err, requestId, ctxkey: loaded.ctxkey, tool: def.toolName }, "cannot prepare or run an execution");
      return failureResult(EXIT.failure, `zino-exc could not run ${def.toolName} (host failure, request ${requestId}); see its log`);
    }
  }

  async function callTool(call: ToolCall, at: { ctxkey: string; scope: CallerScope; out: FrameWriter; signal: AbortSignal }): Promise<ExecResult> {
    const { ctxkey, signal } = at;
    const loaded = await rules.get(ctxkey);
    if (call.name === RUN_SKILL) {
      return runSkillCall({ call, loaded, scope: at.scope, runner: subagents, signal, progress: async (frame) => void (await at.out.send(frame)) });
    }
    const skill = callerSkill(loaded, at.scope);
    const known = () => [...executorTools(loaded, skill).map((tool) => tool.function.name), ...Object.keys(loaded.mcpServers).map((s) => `${MCP_PREFIX}${s}__*`)].join(", ");
    // A bare executor name ("bash", the `name` of Python-ZINO tool files) is accepted as execute_<executor>.
    const bare = executors.get(canonicalExecutor(call.name));
    if (call.name.startsWith("execute_") || bare) {
      const def = bare ?? executors.get(canonicalExecutor(call.name.slice("execute_".length)));
      if (!def) return failureResult(EXIT.unknownTool, `unknown tool ${call.name}; available: ${known()}`);
      const allowed = verdict(loaded, skill, def.toolName);
      if (!allowed.allowed) return failureResult(EXIT.refused, allowed.reason);
      if (call.argumentsError) return failureResult(EXIT.badArguments, `bad arguments for ${call.name}: ${call.argumentsError}`);
      return runCode(def, call.arguments.code, loaded, signal);
    }
    const route = mcp.route(call.name, loaded.mcpServers);
    if (route) {
      const allowed = verdict(loaded, skill, call.name);
      if (!allowed.allowed) return failureResult(EXIT.refused, allowed.reason);
      if (call.argumentsError) return failureResult(EXIT.badArguments, `bad arguments for ${call.name}: ${call.argumentsError}`);
      return mcp.call({ ctxkey, server: route.server, config: loaded.mcpServers[route.server]!, tool: route.tool, args: call.arguments,
        timeoutMs: loaded.exec.timeout_ms, outputCapBytes: loaded.exec.output_cap_bytes, signal });
    }
    return failureResult(EXIT.unknownTool, `unknown tool ${call.name}; available: ${known()}`);
  }

  async function handle(request: WireRequest, out: FrameWriter, signal: AbortSignal): Promise<void> {
    switch (request.type) {
      case undefined: {
        if (request.message === null) return ready(request, out);
        const parsed = parseToolCall(request.message);
        if (!parsed.ok) throw new WireError("bad_request", parsed.reason);
        const result = await callTool(parsed.call, { ctxkey: request.ctxkey, scope: parseCallerScope(request.raw), out, signal });
        logger.info({ ctxkey: request.ctxkey, tool: parsed.call.name, exit_code: result.exit_code, ms: result.ms }, "tool call answered");
        await out.send(resultFrame(result));
        return;
      }
      case "tools": {
        const scope = parseCallerScope(request.raw);
        const loaded = await rules.get(request.ctxkey);
        const { tools, errors } = await toolsFor(request.ctxkey, loaded, scope);
        await out.send({ type: "tools", ctxkey: request.ctxkey, tools, ...(errors.length > 0 ? { errors } : {}) });
        return;
      }
      case "execute": {
        const { executor, code } = parseCodeRequest(request.raw);
        const def = executors.get(canonicalExecutor(executor));
        const loaded = await rules.get(request.ctxkey);
        if (!def) {
          await out.send(resultFrame(failureResult(EXIT.unknownTool, `unknown executor ${executor}; available: ${[...executors.keys()].join(", ")}`)));
          return;
        }
        const verdict = checkTool(loaded.exec, def.toolName);
        const result = verdict.allowed ? await runCode(def, code, loaded, signal) : failureResult(EXIT.refused, verdict.reason);
        await out.send(resultFrame(result));
        return;
      }
      case "validate": {
        const { executor, code } = parseCodeRequest(request.raw);
        const def = executors.get(canonicalExecutor(executor));
        const report = def ? await runner.validate({ def, code, signal }) : undefined;
        await out.send(validationFrame(executor, def !== undefined, report));
        return;
      }
      case "capabilities": {
        const loaded = await rules.get(request.ctxkey);
        await out.send(capabilitiesFrame({ loaded, executors, isolation: runner.isolationFor(loaded.exec), bwrapProblem: runner.bwrapProblem,
          concurrency: runner.concurrency, warmSandboxes: runner.warmCount, hardening: runner.hardening,
          allowed: (name) => checkTool(loaded.exec, name).allowed }));
        return;
      }
      default:
        throw new WireError("unknown_type", `zino-exc does not know the type "${request.type}"; it answers tool calls, tools, execute, validate, capabilities and ping`);
    }
  }

  const server: FrameServer = createFrameServer({
    socketPath: instance.sockets.exc,
    handler: handle,
    logger,
    maxFrameBytes: instance.maxFrameBytes,
    idleTimeoutMs: instance.idleTimeoutMs,
    maxConnections: instance.maxConnections,
    maxBufferedBytes: instance.maxBufferedBytes,
  });
  let closing: Promise<void> | undefined;

  return {
    socketPath: instance.sockets.exc,
    async start() {
      await runner.start();
      await server.start();
    },
    close() {
      closing ??= Promise.all([server.close(), mcp.close(), runner.close()]).then(() => undefined);
      return closing;
    },
  };
}
