// The answers of zino-ctx, one function per request type (docs/zino-protocol.md ctx section, spec §4 and §8).
// Every request is parsed with its schema before anything is read or written.
import { mergeConfig, type JsonObject } from "../config/index.js";
import { WireError, type Frame, type WireRequest } from "../../wire/index.js";
import { toFunctionTool } from "./agent-files.js";
import { SECRET_MASK, configState, inheritedLayers, maskSecrets, mergeLayers, unknownKeys, validateConfig } from "./config-view.js";
import { searchHardMemories } from "./hard-memory-search.js";
import { containsSecretMask } from "./secret-fields.js";
import type { ImportSummary } from "./instance-import.js";
import { buildPrompt, contextMessages, promptMessages, skillFor, systemPrompt } from "./message-builder.js";
import { parseRequest } from "./requests.js";
import { DEFAULT_KEY, type CtxStore } from "./store.js";

export interface CtxOperationsDeps {
  store: CtxStore;
  /** Re-reads ZINO.toml and agents/ into the store; throws a WireError when the files are invalid. */
  reload(): Promise<ImportSummary>;
}

type Operation = (request: WireRequest) => Frame | Promise<Frame>;

export const DEFAULT_SEARCH_TOP_K = 5;

export function createCtxOperations(deps: CtxOperationsDeps): { answer(request: WireRequest): Promise<Frame>; readonly types: string[] } {
  const { store } = deps;

  const isConfigured = async (ctxkey: string): Promise<boolean> => (await configState(store, ctxkey)).ok;

  const operations: Record<string, Operation> = {
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

    build: async ({ ctxkey, raw }) => {
      const request = parseRequest("build", raw);
      if (request.user_message !== undefined) {
        // Python ZINO: the context between its own system prompt and the new user message (spec §8).
        const prompt = await buildPrompt(store, { ctxkey, user: request.user_message, skill: request.skill });
        return { type: "context", messages: contextMessages(prompt) };
      }
      const prompt = await buildPrompt(store, { ctxkey, user: request.message ?? undefined, skill: request.skill });
      return { type: "messages", messages: promptMessages(prompt) };
    },

    get: async ({ ctxkey, raw }) => {
      const request = parseRequest("get", raw);
      return { type: "system_prompt", content: await systemPrompt(store, ctxkey, await skillFor(store, ctxkey, request.skill)) };
    },

    get_config: async ({ ctxkey, raw }) => {
      const request = parseRequest("get_config", raw);
      const state = await configState(store, ctxkey);
      if (!state.ok) throw state.error;
      const { config } = state;
      // exc asks for the skills with the configuration (include_skills): one request instead of two per ready.
      return {
        type: "config",
        ctxkey,
        config: request.secrets === true ? config : maskSecrets(config),
        ...(raw.include_skills === true ? { skills: await store.skills(ctxkey) } : {}),
      };
    },

    set_config: async ({ ctxkey, raw }) => {
      const request = parseRequest("set_config", raw);
      const unknown = unknownKeys(request.config);
      if (unknown.length > 0)
        throw new WireError("bad_request", `Bad set_config request: unknown configuration keys: ${unknown.join(", ")}.`);
      if (containsSecretMask(request.config)) {
        throw new WireError(
          "bad_request",
          `Bad set_config request: "${SECRET_MASK}" is the mask get_config shows for a secret; send the secret itself, or leave the field out to keep it.`,
        );
      }
      const inherited = await inheritedLayers(store, ctxkey);
      await store.updateOwnConfig(ctxkey, (current) => {
        const next: JsonObject = request.replace === true ? request.config : mergeConfig(current, request.config);
        validateConfig(ctxkey, mergeLayers([...inherited, next]));
        return next;
      });
      return { type: "ok" };
    },

    append_history: async ({ ctxkey, raw }) => {
      const request = parseRequest("append_history", raw);
      if (request.turn_id === undefined) return { type: "ok", count: await store.appendHistory(ctxkey, request.messages) };
      const turn = { id: request.turn_id, fullText: request.full_text, iterations: request.iterations };
      const { count, duplicate } = await store.appendTurn(ctxkey, request.messages, turn);
      return { type: "ok", count, ...(duplicate ? { duplicate: true } : {}) };
    },

    get_history: async ({ ctxkey, raw }) => {
      const request = parseRequest("get_history", raw);
      return { type: "history", ctxkey, messages: await store.history(ctxkey, request.limit ?? undefined) };
    },

    clear_history: async ({ ctxkey }) => ({ type: "ok", count: await store.clearHistory(ctxkey) }),

    get_value: async ({ ctxkey, raw }) => {
      const request = parseRequest("get_value", raw);
      return { type: "value", key: request.key, value: (await store.value(ctxkey, request.key)) ?? null };
    },

    set_value: async ({ ctxkey, raw }) => {
      const request = parseRequest("set_value", raw);
      await store.setValue(ctxkey, request.key, request.value);
      return { type: "ok" };
    },

    reload: async () => ({ type: "ok", ...summaryFrame(await deps.reload()) }),

    set_soft_memory: async ({ ctxkey, raw }) => {
      const request = parseRequest("set_soft_memory", raw);
      await store.setSoftMemory(ctxkey, request.content);
      return { type: "system_prompt", content: await systemPrompt(store, ctxkey, await skillFor(store, ctxkey, undefined)) };
    },

    set_soft: async ({ ctxkey, raw }) => {
      const request = parseRequest("set_soft", raw);
      await store.setSoftMemory(ctxkey, request.content);
      return { type: "ok" };
    },

    get_soft: async ({ ctxkey }) => ({ type: "soft", content: (await store.softMemory(ctxkey)) ?? "" }),

    store_hard: async ({ ctxkey, raw }) => {
      const request = parseRequest("store_hard", raw);
      return { type: "ok", id: await store.storeHardMemory(ctxkey, request.messages, request.tag ?? undefined) };
    },

    search_hard: async ({ ctxkey, raw }) => {
      const request = parseRequest("search_hard", raw);
      const keys = ctxkey === DEFAULT_KEY ? [DEFAULT_KEY] : [ctxkey, DEFAULT_KEY];
      const found = searchHardMemories(await store.hardMemories(keys), request.query, { topK: request.top_k ?? DEFAULT_SEARCH_TOP_K });
      return {
        type: "hard_memories",
        results: found.map(({ memory, score }) => ({ messages: memory.messages, score, id: memory.id, tag: memory.tag })),
      };
    },

    list_tools: async ({ ctxkey }) => {
      const tools = await store.tools(ctxkey);
      return { type: "tool_files", tools, functions: tools.map(toFunctionTool) };
    },

    list_skills: async ({ ctxkey }) => ({ type: "skills", skills: await store.skills(ctxkey) }),
  };

  function types(): string[] {
    return ["ping", ...Object.keys(operations)];
  }

  async function answer(request: WireRequest): Promise<Frame> {
    const { type, ctxkey, raw, message } = request;
    if (type === undefined) {
      if (message === null) return { type: "ready", ctxkey, configured: await isConfigured(ctxkey) };
      const parsed = parseRequest("message", raw);
      // A retried turn already stored (turn_id [ext]): the daemon answers it from this record instead of running it.
      const stored = parsed.turn_id === undefined ? undefined : await store.storedTurn(ctxkey, parsed.turn_id);
      const turnDone = stored
        ? { turn_done: { turn_id: stored.id, full_text: stored.fullText ?? null, iterations: stored.iterations ?? null } }
        : {};
      const messages = promptMessages(await buildPrompt(store, { ctxkey, user: parsed.message, skill: parsed.skill }));
      if (raw.include_agent_config !== true) return { type: "messages", messages, ...turnDone };
      // The daemon's turn needs the agent section too: answered here, it saves the turn a get_config request.
      const state = await configState(store, ctxkey);
      return { type: "messages", messages, ...turnDone, ...(state.ok ? { agent_config: state.config.agent } : {}) };
    }
    const operation = Object.hasOwn(operations, type) ? operations[type] : undefined;
    if (!operation) throw new WireError("unknown_type", `zino-ctx does not know the type "${type}"; it knows: ${types().join(", ")}.`);
    return operation(request);
  }

  return { answer, types: types() };
}

function summaryFrame(summary: ImportSummary): Frame {
  return { agents_found: summary.agentsFound, tools: summary.tools, skills: summary.skills, ignored_keys: summary.ignoredKeys };
}
