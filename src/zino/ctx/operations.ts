// The answers of zino-ctx, one function per request type (docs/zino-protocol.md §4 and §8).
// Every request is parsed with its schema before anything is read or written. The operations are grouped by
// concern: configuration, history and values, prompts and memories; the turn's request is answered here.
import { DEFAULT_MAX_FRAME_BYTES, WireError, type Frame, type WireRequest } from "../../wire/index.js";
import { configVersion } from "./config-version.js";
import { configState } from "./config-view.js";
import type { ImportSummary } from "./instance-import.js";
import { buildPrompt, promptMessages } from "./message-builder.js";
import { configOperations, historyOperations, memoryOperations, type Operation } from "./operation-groups.js";
import { parseRequest } from "./requests.js";
import type { CtxStore } from "./store.js";

export { DEFAULT_SEARCH_TOP_K } from "./operation-groups.js";

const OPERATION_ORDER = [
  "capabilities",
  "build",
  "get",
  "get_config",
  "set_config",
  "append_history",
  "get_history",
  "clear_history",
  "get_value",
  "set_value",
  "reload",
  "set_soft_memory",
  "set_soft",
  "get_soft",
  "store_hard",
  "search_hard",
  "delete_hard",
  "clear_hard",
  "list_tools",
  "list_skills",
] as const;

export interface CtxOperationsDeps {
  store: CtxStore;
  /** Re-reads ZINO.toml and agents/ into the store; throws a WireError when the files are invalid. */
  reload(): Promise<ImportSummary>;
  /** The largest frame ctx sends ([limits] max_frame_bytes; default DEFAULT_MAX_FRAME_BYTES). */
  maxFrameBytes?: number;
}

export function createCtxOperations(deps: CtxOperationsDeps): { answer(request: WireRequest): Promise<Frame>; readonly types: string[] } {
  const { store } = deps;
  const maxFrameBytes = deps.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  const byName: Record<string, Operation> = {
    capabilities: async () => {
      const health = await store.health();
      return {
        type: "capabilities",
        service: "zino-ctx",
        store: store.kind,
        schema_version: store.schemaVersion,
        // [ext] Where the rows are (a database URL without its password) and whether the database answers now.
        database: store.location,
        store_health: health.ok ? { ok: true } : { ok: false, code: health.code, message: health.message },
        operations: types(),
      };
    },
    ...configOperations(store),
    ...historyOperations(store, maxFrameBytes),
    ...memoryOperations(store, maxFrameBytes),
    reload: async () => ({ type: "ok", ...summaryFrame(await deps.reload()) }),
  };
  // Listed (capabilities) in the order ctx has always listed them.
  const operations = Object.fromEntries(OPERATION_ORDER.map((name) => [name, byName[name]!]));

  function types(): string[] {
    return ["ping", ...Object.keys(operations)];
  }

  async function answer(request: WireRequest): Promise<Frame> {
    const { type, ctxkey, message } = request;
    if (type === undefined) {
      if (message === null) return { type: "ready", ctxkey, configured: (await configState(store, ctxkey)).ok };
      return turnMessages(store, request, maxFrameBytes);
    }
    const operation = Object.hasOwn(operations, type) ? operations[type] : undefined;
    if (!operation) throw new WireError("unknown_type", `zino-ctx does not know the type "${type}"; it knows: ${types().join(", ")}.`);
    return operation(request);
  }

  return { answer, types: types() };
}

/**
 * `(message, ctxkey)`: the turn's messages; with `include_agent_config` also what the daemon's turn needs besides
 * (the agent section, and the configuration's version [ext], with which it readies rtr and exc only on a change).
 */
async function turnMessages(store: CtxStore, { ctxkey, raw }: WireRequest, maxFrameBytes: number): Promise<Frame> {
  const parsed = parseRequest("message", raw);
  // A retried turn already stored (turn_id [ext]): the daemon answers it from this record instead of running it.
  const stored = parsed.turn_id === undefined ? undefined : await store.storedTurn(ctxkey, parsed.turn_id);
  const turnDone = stored
    ? {
        turn_done: {
          turn_id: stored.id,
          full_text: stored.fullText ?? null,
          iterations: stored.iterations ?? null,
          message_sha256: stored.messageSha256 ?? null,
        },
      }
    : {};
  const built = await buildPrompt(store, { ctxkey, user: parsed.message, skill: parsed.skill, maxHistoryChars: maxFrameBytes });
  const messages = promptMessages(built);
  if (raw.include_agent_config !== true) return { type: "messages", messages, ...turnDone };
  const state = await configState(store, ctxkey);
  return {
    type: "messages",
    messages,
    ...turnDone,
    // The daemon waits for rtr at least as long as rtr may wait for the provider [ext].
    ...(state.ok ? { agent_config: state.config.agent, llm_timeout_ms: state.config.llm.timeout_ms } : {}),
    config_version: await configVersion(store, ctxkey),
    // [ext] what the prompt may take (context_window − max_output_tokens): the daemon sizes tool results from it.
    ...(state.ok ? { prompt_budget_tokens: state.config.llm.context_window - state.config.llm.max_output_tokens } : {}),
  };
}

function summaryFrame(summary: ImportSummary): Frame {
  return { agents_found: summary.agentsFound, tools: summary.tools, skills: summary.skills, ignored_keys: summary.ignoredKeys };
}
