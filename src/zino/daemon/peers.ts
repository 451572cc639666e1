// The daemon's client of ctx, rtr and exc (docs/zino-protocol.md): every operation of a turn, each answer
// validated with zod at the socket boundary. The daemon never imports those services: it only speaks frames.
import { AgentConfigSchema, type AgentConfig } from "../config/index.js";
import { WireError, type Frame } from "../../wire/index.js";
import {
  ConfigObjectAnswerSchema,
  MessagesAnswerSchema,
  OkAnswerSchema,
  plainOkAnswer,
  plainResultAnswer,
  ReadyAnswerSchema,
  ResultAnswerSchema,
  ToolDefinitionSchema,
  canonicalToolDefinition,
  ToolsAnswerSchema,
  TurnDoneSchema,
  plainMessagesAnswer,
  type ChatMessage,
  type ToolDefinition,
  type TurnDone,
} from "../protocol/index.js";
import type { ToolOutcome, ToolProgress, ToolRequest } from "./agent-types.js";
import { askPeer, translatePeerFailure, type PeerName, type PeerOptions } from "./peer-request.js";
import { createRtrModel } from "./rtr-model.js";

/** Short waits for bookkeeping answers; tools and the model have their own timeouts at exc and rtr. */
const READY_TIMEOUT_MS = 15_000;
const CTX_TIMEOUT_MS = 30_000;

export type PeerState = "ready" | "unavailable" | "error";

export interface ReadyReport {
  state: PeerState;
  ms: number;
  /** The error code or reason when not ready. */
  detail?: string;
  /** The tool definitions exc sent with its ready answer (asked with `include_tools`), if it did. */
  tools?: ToolDefinition[];
}

export type StoredTurn = TurnDone;

export interface BuildCall {
  signal: AbortSignal;
  skill?: string | undefined;
  withAgent?: boolean;
  turnId?: string | undefined;
}

export interface BuiltMessages {
  messages: ChatMessage[];
  agent: AgentConfig | undefined;
  /** Set when ctx already stored a turn with the request's turn_id. */
  storedTurn: StoredTurn | undefined;
  /** The version of the ctxkey's configuration [ext], when ctx sent one (ours does, with `withAgent`). */
  configVersion: string | undefined;
  /** The ctxkey's `llm.timeout_ms` [ext], when ctx sent it (ours does, with `withAgent`). */
  llmTimeoutMs: number | undefined;
  /** The ctxkey's prompt budget in tokens [ext], when ctx sent it (ours does, with `withAgent`). */
  promptBudgetTokens: number | undefined;
}
/** Malformed entries are skipped. */
function toolDefinitions(tools: readonly unknown[]): ToolDefinition[] {
  return tools.flatMap((tool) => {
    const canonical = canonicalToolDefinition(tool);
    if (canonical) return [canonical];
    const parsed = ToolDefinitionSchema.safeParse(tool);
    return parsed.success ? [parsed.data] : [];
  });
}

export function createPeers(options: PeerOptions) {
  return {
    sockets: options.sockets,
    /** The channel of each peer (multiplexed connection or one connection per request) [ext]. */
    channels: options.channels,
    ...readyOperations(options),
    ...ctxOperations(options),
    ...excOperations(options),
    /**
     * The model of the ctxkey's turns; `configVersion` is passed on so rtr reloads only on a change, `llmTimeoutMs`
     * (the ctxkey's `llm.timeout_ms`) bounds how long rtr may stay silent.
     */
    model(ctxkey: string, configVersion?: string, llmTimeoutMs?: number) {
      return createRtrModel(options, ctxkey, configVersion, llmTimeoutMs);
    },
  };
}

export type Peers = ReturnType<typeof createPeers>;

function readyOperations(options: PeerOptions) {
  return {
    /** `(null, ctxkey)`: the peer loads and caches the ctxkey's configuration (docs/zino-protocol.md §1). */
    async ready(peer: PeerName, ctxkey: string, signal?: AbortSignal, fields: Frame = {}): Promise<ReadyReport> {
      const started = performance.now();
      const ms = () => Math.round(performance.now() - started);
      try {
        const answer = await askPeer(options, peer, { ...fields, message: null, ctxkey }, ReadyAnswerSchema, {
          signal,
          timeoutMs: READY_TIMEOUT_MS,
        });
        return { state: "ready", ms: ms(), ...(Array.isArray(answer.tools) ? { tools: toolDefinitions(answer.tools) } : {}) };
      } catch (err) {
        signal?.throwIfAborted();
        if (err instanceof WireError && err.code === "unavailable") return { state: "unavailable", ms: ms(), detail: err.message };
        return { state: "error", ms: ms(), detail: err instanceof WireError ? `${err.code}: ${err.message}` : String(err) };
      }
    },
  };
}

function promptBudgetOf(raw: unknown): number | undefined {
  return typeof raw === "number" && Number.isSafeInteger(raw) && raw > 0 ? raw : undefined;
}

/** Agent sections read per configuration version; at most this many versions kept (then the table starts over). */
const MAX_AGENT_VERSIONS = 64;

function ctxOperations(options: PeerOptions) {
  // The version is a digest of the ctxkey's merged configuration (ctx config-version.ts), agent section included:
  // one version, one agent section. Parsed once per version instead of on every turn (its schema fills in defaults).
  const agentByVersion = new Map<string, AgentConfig | undefined>();
  const agentOf = (raw: unknown, version: string | undefined): AgentConfig | undefined => {
    if (raw === undefined) return undefined;
    if (version !== undefined && agentByVersion.has(version)) return agentByVersion.get(version);
    const parsed = AgentConfigSchema.safeParse(raw);
    const agent = parsed.success ? parsed.data : undefined;
    if (version !== undefined) {
      if (agentByVersion.size >= MAX_AGENT_VERSIONS) agentByVersion.clear();
      agentByVersion.set(version, agent);
    }
    return agent;
  };
  return {
    /**
     * `(message, ctxkey)` → the built message list (system, context, history, user); `skill`: built for that skill.
     * With `withAgent`, ctx is asked to add the ctxkey's agent section (`agent_config`) and configuration version,
     * which saves the turn its own get_config request; `agent` is undefined when ctx did not send a valid one (a
     * Python ctx, an invalid configuration): the caller then asks with agentConfig().
     */
    async buildMessages(ctxkey: string, message: string, call: BuildCall): Promise<BuiltMessages> {
      const frame: Frame = {
        message,
        ctxkey,
        ...(call.skill ? { skill: call.skill } : {}),
        ...(call.withAgent ? { include_agent_config: true } : {}),
        ...(call.turnId ? { turn_id: call.turnId } : {}),
      };
      const answer = await askPeer(options, "ctx", frame, MessagesAnswerSchema, {
        signal: call.signal,
        timeoutMs: CTX_TIMEOUT_MS,
        fast: plainMessagesAnswer,
      });
      const turnDone = answer.turn_done === undefined ? undefined : TurnDoneSchema.safeParse(answer.turn_done);
      const version = answer.config_version;
      const configVersion = typeof version === "string" && version.length > 0 && version.length <= 128 ? version : undefined;
      const timeout = answer.llm_timeout_ms;
      return {
        messages: answer.messages,
        agent: agentOf(answer.agent_config, configVersion),
        storedTurn: turnDone?.success ? turnDone.data : undefined,
        configVersion,
        llmTimeoutMs: typeof timeout === "number" && Number.isSafeInteger(timeout) && timeout > 0 ? timeout : undefined,
        promptBudgetTokens: promptBudgetOf(answer.prompt_budget_tokens),
      };
    },

    /** The agent section of the ctxkey's configuration (no secrets asked for). */
    async agentConfig(ctxkey: string, signal: AbortSignal): Promise<AgentConfig> {
      const answer = await askPeer(options, "ctx", { type: "get_config", ctxkey }, ConfigObjectAnswerSchema, {
        signal,
        timeoutMs: CTX_TIMEOUT_MS,
      });
      const agent = AgentConfigSchema.safeParse(answer.config.agent ?? {});
      if (!agent.success) throw new WireError("internal_error", "zino-ctx returned an invalid agent configuration.");
      return agent.data;
    },

    /**
     * Stores a whole turn in one atomic write (docs/zino-protocol.md: all messages of a turn or none), once per
     * `turn_id`: ctx ignores a second append of the same turn.
     */
    async appendHistory(
      ctxkey: string,
      messages: ChatMessage[],
      turn?: { turn_id: string; full_text?: string | undefined; iterations?: number | undefined; message_sha256?: string | undefined },
    ): Promise<void> {
      await askPeer(options, "ctx", { type: "append_history", ctxkey, messages, ...turn }, OkAnswerSchema, {
        timeoutMs: CTX_TIMEOUT_MS,
        fast: plainOkAnswer,
      });
    },
  };
}

function excOperations(options: PeerOptions) {
  return {
    /** The tool definitions exc offers for this ctxkey; malformed entries are skipped. `fields`: the turn's scope. */
    async listTools(ctxkey: string, signal: AbortSignal, fields: Frame = {}): Promise<ToolDefinition[]> {
      const answer = await askPeer(options, "exc", { ...fields, type: "tools", ctxkey }, ToolsAnswerSchema, {
        signal,
        timeoutMs: READY_TIMEOUT_MS,
      });
      return toolDefinitions(answer.tools);
    },

    /**
     * Runs one tool at exc. Every failure but cancellation is a result the model reads (docs/zino-protocol.md §3 degradation).
     * `fields`: the turn's scope (a sub-agent's depth and skill, the configuration version); `progress` receives
     * exc's status frames.
     */
    async execute(
      ctxkey: string,
      request: ToolRequest,
      call: { signal: AbortSignal; progress?: ToolProgress; fields?: Frame },
    ): Promise<ToolOutcome> {
      const { signal, progress } = call;
      const frame: Frame = { ...call.fields, message: { name: request.name, arguments: request.arguments }, ctxkey };
      try {
        const {
          type: _type,
          ms: _ms,
          ...result
        } = await askPeer(options, "exc", frame, ResultAnswerSchema, { signal, onStatus: progress, fast: plainResultAnswer });
        return { ok: result.exit_code === 0, result };
      } catch (err) {
        signal.throwIfAborted();
        const failure = translatePeerFailure("exc", err, signal);
        const unavailable = failure instanceof WireError && failure.code === "unavailable";
        return { ok: false, result: { error: failureText(failure) }, ...(unavailable ? { unavailable } : {}) };
      }
    },
  };
}

function failureText(failure: unknown): string {
  if (failure instanceof WireError && failure.code === "unavailable") {
    return "The tool executor (zino-exc) is not available, so tools cannot run now. Answer without them.";
  }
  return failure instanceof WireError ? `${failure.code}: ${failure.message}` : String(failure);
}
