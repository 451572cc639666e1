// zino-rtr (docs/zino-protocol.md §5): a frame server on the instance's rtr socket that sends a
// built message list to the provider configured for the ctxkey and streams the answer back as frames.
import { CtxkeyConfigSchema, type CtxkeyConfig, type LlmConfig } from "../config/index.js";
import type { Service, ServiceDeps } from "../runtime/run-service.js";
import { createFrameServer, errorFrame, WireError, type Frame, type FrameWriter, type Logger, type WireRequest } from "../../wire/index.js";
import { createConfigSource, type ConfigSource, type ResolvedConfig } from "./config-source.js";
import { fitToBudget, type PromptParts } from "./context-budget.js";
import { runCompletion, type CompletionResult, type CompletionSink } from "./completion-runner.js";
import { createFetchHttp, createUndiciHttp, type FetchFunction, type ProviderHttp } from "./provider-http.js";
import { resolveTargets, secretsOf } from "./provider-targets.js";
import { redactingWriter } from "./redacting-writer.js";
import {
  CompletionRequestSchema,
  InferRequestSchema,
  plainCompletionRequest,
  type ChatMessage,
  type CompletionRequest,
  type ToolDefinition as Tool,
} from "../protocol/index.js";
import { describeIssue } from "./describe-issue.js";
import {
  idleOnce,
  lastFrameWriter,
  warmUpSocketPath,
  withStandInProvider,
  WARM_UP_IDLE_MS,
  WARM_UP_TEXT,
  WARM_UP_TIMEOUT_MS,
} from "./warm-up.js";

export interface RtrServiceDeps extends ServiceDeps {
  /** The HTTP client for providers (default: undici Pools with keep-alive, one per provider origin). */
  fetch?: FetchFunction;
  /** How long a ctxkey's configuration is reused before asking ctx again (default 5 s). */
  configTtlMs?: number;
  /** How long rtr listens without a turn before it warms up (default WARM_UP_IDLE_MS; warm-up.ts). */
  warmUpIdleMs?: number;
}

export const RTR_OPERATIONS = ["ping", "capabilities", "infer"] as const;

interface CallSpec {
  ctxkey: string;
  messages: ChatMessage[];
  tools: Tool[];
  extra: Record<string, unknown>;
  /** Our own callers understand `status` and `tool_call_delta`; the Python daemon's `infer` does not. */
  richFrames: boolean;
  /** The configuration version the daemon saw at ctx [ext]: the cached configuration of that version is used. */
  version: string | undefined;
}

interface RtrParts {
  configs: ConfigSource;
  http: ProviderHttp;
  logger: Logger;
  env: NodeJS.ProcessEnv;
}

export function createRtrService(deps: RtrServiceDeps): Service {
  const { instance, logger, env } = deps;
  const http = deps.fetch ? createFetchHttp(deps.fetch) : createUndiciHttp();
  const configs = createConfigSource({
    instance,
    logger,
    ...(deps.configTtlMs !== undefined ? { ttlMs: deps.configTtlMs } : {}),
    // A ctxkey moved to another provider: connections kept to providers no configuration names any more are closed.
    onProvidersChanged: (urls) => http.retainOrigins?.(urls),
  });
  const parts: RtrParts = { configs, http, logger, env };

  async function handle(request: WireRequest, out: FrameWriter, signal: AbortSignal): Promise<void> {
    if (request.type !== "capabilities") idleWarmUp.cancel();
    switch (request.type) {
      case undefined:
        if (request.message === null) return ready(configs, request.ctxkey, out);
        return complete(parts, request, out, signal);
      case "capabilities":
        return capabilities(configs, request.ctxkey, out);
      case "infer":
        return infer(parts, request, out, signal);
      default:
        throw new WireError(
          "unknown_type",
          `rtr does not know type "${request.type}"; it answers (message, ctxkey) and the types ${RTR_OPERATIONS.join(", ")}.`,
        );
    }
  }

  const idleWarmUp = idleOnce(deps.warmUpIdleMs ?? WARM_UP_IDLE_MS, (signal) =>
    warmUp(instance.sockets.rtr, logger, signal).catch((err: unknown) =>
      logger.debug({ err }, "the warm-up did not run to its end; the first turn compiles what it would have"),
    ),
  );
  const server = createFrameServer({
    socketPath: instance.sockets.rtr,
    handler: handle,
    logger,
    maxFrameBytes: instance.maxFrameBytes,
    idleTimeoutMs: instance.idleTimeoutMs,
    maxConnections: instance.maxConnections,
    maxBufferedBytes: instance.maxBufferedBytes,
  });
  return {
    start: async () => {
      await server.start();
      if (env.ZINO_RTR_WARM_UP !== "0" && !deps.fetch) idleWarmUp.arm();
    },
    close: async () => {
      await idleWarmUp.stop();
      await server.close();
      configs.close();
      await http.close();
    },
  };
}

/**
 * One completion of the daemon's kind through `complete`, with a fixed configuration and every request sent to a
 * stand-in provider in this process (warm-up.ts): no ctx, no provider, no key (an empty environment, so not even
 * LLM_API_KEY is read), and a logger that says nothing of it.
 */
async function warmUp(rtrSocket: string, logger: Logger, abort: AbortSignal): Promise<void> {
  const socketPath = warmUpSocketPath(rtrSocket);
  if (!socketPath) return;
  const started = Date.now();
  const config = CtxkeyConfigSchema.parse({ llm: { base_url: "http://zino-warm-up.invalid/v1", model: "warm-up", max_retries: 0 } });
  const resolved: ResolvedConfig = { config, source: "ctx" };
  const configs: ConfigSource = { get: () => Promise.resolve(resolved), close: () => undefined };
  const signal = AbortSignal.any([abort, AbortSignal.timeout(WARM_UP_TIMEOUT_MS)]);
  await withStandInProvider(socketPath, async (http) => {
    const parts: RtrParts = { configs, http, logger: logger.child({ warm_up: true }, { level: "silent" }), env: {} };
    const message = [{ role: "user", content: "warm-up" }];
    const raw: Frame = { message, ctxkey: "(warm-up)", tools: [WARM_UP_TOOL] };
    const out = lastFrameWriter();
    await complete(parts, { message, ctxkey: "(warm-up)", type: undefined, raw }, out, signal);
    if (out.last?.type !== "done" || out.last.full_text !== WARM_UP_TEXT)
      throw new Error(`the warm-up's completion ended with ${JSON.stringify(out.last)}`);
  });
  logger.debug({ ms: Date.now() - started }, "warmed up");
}

const WARM_UP_TOOL = {
  type: "function",
  function: { name: "warm_up", description: "warm-up", parameters: { type: "object", properties: {} } },
} as const;

async function ready(configs: ConfigSource, ctxkey: string, out: FrameWriter): Promise<void> {
  const resolved = await configs.get(ctxkey, { refresh: true });
  await out.send({
    type: "ready",
    ctxkey,
    model: resolved.config.llm.model,
    config_source: resolved.source,
    ...(resolved.reason ? { warning: resolved.reason } : {}),
  });
}

async function capabilities(configs: ConfigSource, ctxkey: string, out: FrameWriter): Promise<void> {
  let model: string | null = null;
  let configError: string | undefined;
  try {
    model = (await configs.get(ctxkey)).config.llm.model;
  } catch (err) {
    configError = err instanceof Error ? err.message : String(err);
  }
  await out.send({
    type: "capabilities",
    service: "zino-rtr",
    streaming: true,
    model,
    native_tools: true,
    operations: [...RTR_OPERATIONS],
    ...(configError ? { config_error: configError } : {}),
  });
}

async function complete(parts: RtrParts, request: WireRequest, out: FrameWriter, signal: AbortSignal): Promise<void> {
  const data = plainCompletionRequest(request.raw) ?? parseCompletionRequest(request.raw);
  const { message, tools, tool_choice: toolChoice, stop, temperature, top_p: topP } = data;
  const extra: Record<string, unknown> = {};
  if (toolChoice !== undefined && tools && tools.length > 0) extra.tool_choice = toolChoice;
  if (stop !== undefined) extra.stop = stop;
  if (temperature !== undefined) extra.temperature = temperature;
  if (topP !== undefined) extra.top_p = topP;
  const version = typeof request.raw.config_version === "string" ? request.raw.config_version : undefined;
  const spec: CallSpec = { ctxkey: request.ctxkey, messages: message, tools: tools ?? [], extra, richFrames: true, version };
  await call(parts, spec, out, signal, async (result, send) => {
    await send({
      type: "done",
      full_text: result.fullText,
      finish_reason: result.finishReason,
      model: result.model,
      tool_calls: result.toolCalls,
      ...(result.usage ? { usage: result.usage } : {}),
      provider: result.provider,
      attempts: result.attempts,
    });
  });
}

async function infer(parts: RtrParts, request: WireRequest, out: FrameWriter, signal: AbortSignal): Promise<void> {
  const parsed = InferRequestSchema.safeParse(request.raw);
  if (!parsed.success) throw new WireError("bad_request", `Bad infer request: ${describeIssue(parsed.error, "")}.`);
  const { messages, stream = false, temperature, top_p: topP } = parsed.data;
  const extra: Record<string, unknown> = {};
  if (temperature !== undefined) extra.temperature = temperature;
  if (topP !== undefined) extra.top_p = topP;
  const spec: CallSpec = { ctxkey: request.ctxkey, messages, tools: [], extra, richFrames: false, version: undefined };
  await call(parts, spec, stream ? out : silentChunks(out), signal, async (result, send) => {
    if (stream) {
      await send({
        type: "done",
        full_text: result.fullText,
        finish_reason: result.finishReason,
        model: result.model,
        ...(result.usage ? { usage: result.usage } : {}),
      });
    } else {
      await send({ type: "response", content: result.fullText, finish_reason: result.finishReason, model: result.model });
    }
  });
}

async function call(
  parts: RtrParts,
  spec: CallSpec,
  rawOut: FrameWriter,
  signal: AbortSignal,
  finish: (result: CompletionResult, send: (frame: Frame) => Promise<boolean>) => Promise<void>,
): Promise<void> {
  const { logger } = parts;
  const started = Date.now();
  const resolved: ResolvedConfig = await parts.configs.get(spec.ctxkey, { version: spec.version });
  const { llm } = resolved.config;
  const targets = resolveTargets(llm, parts.env);
  const out = redactingWriter(rawOut, secretsOf(targets));
  try {
    const messages = await fitted(spec, resolved, out);
    const result = await runCompletion({
      llm,
      targets,
      secrets: secretsOf(targets),
      body: requestBody(llm, messages, spec),
      signal,
      http: parts.http,
      logger: logger.child({ ctxkey: spec.ctxkey }),
      sink: frameSink(out, spec.richFrames),
      origin: { ctxkey: spec.ctxkey, source: resolved.source },
    });
    await finish(result, (frame) => out.send(frame));
    logger.debug({ ctxkey: spec.ctxkey, ms: Date.now() - started }, "answered");
  } catch (err) {
    if (signal.aborted) {
      logger.info({ ctxkey: spec.ctxkey, ms: Date.now() - started }, "cancelled: the caller disconnected");
      return;
    }
    if (!(err instanceof WireError)) throw err;
    await out.send(errorFrame(err.code, err.message, err.extra));
  }
}

/** The messages within the context budget; our own callers are told when defaults apply or history was trimmed. */
async function fitted(spec: CallSpec, resolved: ResolvedConfig, out: FrameWriter): Promise<ChatMessage[]> {
  const status = async (frame: Frame) => {
    if (spec.richFrames) await out.send(frame);
  };
  if (resolved.source === "defaults") {
    await status({ type: "status", phase: "config", source: "defaults", message: `Using the instance defaults: ${resolved.reason ?? ""}` });
  }
  const messages = fitMessages(spec, resolved.config);
  if (messages.removed > 0 || messages.shortened > 0) {
    await status({
      type: "status",
      phase: "trimmed",
      removed_messages: messages.removed,
      shortened_tool_results: messages.shortened,
      estimated_tokens_before: messages.tokensBefore,
      estimated_tokens_after: messages.tokensAfter,
      budget_tokens: budgetOf(resolved.config),
    });
  }
  return messages.messages;
}

function parseCompletionRequest(raw: Frame): CompletionRequest {
  const parsed = CompletionRequestSchema.safeParse(raw);
  if (!parsed.success) {
    throw new WireError("bad_request", `rtr expects message to be an array of chat messages (${describeIssue(parsed.error, "")}).`);
  }
  return parsed.data;
}

/** The chat-completions body without model/stream: configuration first, request fields override it. */
function requestBody(llm: LlmConfig, messages: ChatMessage[], spec: CallSpec): Record<string, unknown> {
  return {
    messages,
    temperature: llm.temperature,
    max_tokens: llm.max_output_tokens,
    stream_options: { include_usage: true },
    ...(llm.top_p !== undefined ? { top_p: llm.top_p } : {}),
    ...(spec.tools.length > 0 ? { tools: spec.tools } : {}),
    ...spec.extra,
  };
}

/** How provider events become frames: `chunk`, and for our own callers `tool_call_delta` and `status`. */
function frameSink(out: FrameWriter, richFrames: boolean): CompletionSink {
  return {
    text: (delta) => out.send({ type: "chunk", delta }),
    toolCall: async (delta) => {
      if (!richFrames) return;
      const frame: Frame = { type: "tool_call_delta", index: delta.index };
      if (delta.id) frame.id = delta.id;
      if (delta.name) frame.name = delta.name;
      if (delta.argumentsDelta) frame.arguments_delta = delta.argumentsDelta;
      await out.send(frame);
    },
    status: async (frame) => void (richFrames && (await out.send(frame))),
  };
}

function budgetOf(config: CtxkeyConfig): number {
  return config.llm.context_window - config.llm.max_output_tokens;
}

function fitMessages(spec: CallSpec, config: CtxkeyConfig) {
  const budget = budgetOf(config);
  if (budget <= 0) {
    // No prompt fits whatever its length: the settings contradict each other (the schema checks each alone).
    const { context_window: window, max_output_tokens: output } = config.llm;
    throw new WireError(
      "context_overflow",
      `llm.max_output_tokens (${output}) is not below llm.context_window (${window}) for ctxkey "${spec.ctxkey}", so no room is ` +
        `left for the prompt: lower llm.max_output_tokens, or set llm.context_window to the model's real window.`,
    );
  }
  const fitted = fitToBudget(spec.messages, spec.tools, budget);
  if (!fitted.ok) {
    const { systemTokens, userTokens, toolTokens, toolDefinitionTokens } = fitted.parts;
    throw new WireError(
      "context_overflow",
      `The prompt needs about ${fitted.minimumTokens} tokens even with all older history removed and this turn's tool results ` +
        `shortened (${fitted.tokensBefore} before trimming: system prompt ~${systemTokens}, tool definitions ~${toolDefinitionTokens}, ` +
        `user message ~${userTokens}, this turn's tool calls and results ~${toolTokens}), but the budget is ${budget} ` +
        `(context_window ${config.llm.context_window} − max_output_tokens ${config.llm.max_output_tokens}). ` +
        `${overflowAdvice(fitted.parts)} Or raise llm.context_window (or lower llm.max_output_tokens) for ctxkey "${spec.ctxkey}".`,
    );
  }
  return fitted;
}

/** What to shorten: the largest part of what cannot be trimmed. */
function overflowAdvice(parts: PromptParts): string {
  const largest = Math.max(parts.systemTokens, parts.userTokens, parts.toolTokens, parts.toolDefinitionTokens);
  if (largest === parts.toolTokens) {
    return "The tool calls of this turn are the largest part: ask for narrower tool output or fewer calls per turn (agent.max_tool_calls).";
  }
  if (largest === parts.userTokens) return "The user message is the largest part: shorten it.";
  if (largest === parts.toolDefinitionTokens) return "The tool definitions are the largest part: offer fewer tools or MCP servers.";
  return "The system prompt is the largest part: shorten the personality, memories or skill examples.";
}

/** For non-streamed `infer`: chunk frames are swallowed, only the final `response` (or `error`) is written. */
function silentChunks(out: FrameWriter): FrameWriter {
  return {
    get framesSent() {
      return out.framesSent;
    },
    get closed() {
      return out.closed;
    },
    send: (frame) => (frame.type === "chunk" ? Promise.resolve(true) : out.send(frame)),
  };
}
