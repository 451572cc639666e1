// zino-ctx's typed operations by concern (docs/zino-protocol.md §4, §8): configuration, history
// and host-side values, prompts and memories. Each parses its request with its schema before touching the store.
import { mergeConfig, removeConfigPaths, type JsonObject } from "../config/index.js";
import { WireError, type Frame, type WireRequest } from "../../wire/index.js";
import { toFunctionTool } from "./agent-files.js";
import { assertConfigWithinBounds } from "./config-bounds.js";
import { configVersion } from "./config-version.js";
import {
  SECRET_MASK,
  configSections,
  configState,
  inheritedLayers,
  maskSecrets,
  mergeLayers,
  promptSettingsFor,
  unknownKeys,
  validateConfig,
} from "./config-view.js";
import { hardMemoriesFull, hardMemoryKeys } from "./hard-memory-index.js";
import { HistoryTooLargeError } from "./history-bound.js";
import { buildPrompt, contextMessages, promptMessages, skillFor, systemPrompt } from "./message-builder.js";
import { parseRequest } from "./requests.js";
import { containsSecretMask } from "./secret-fields.js";
import { holdsUrlMask } from "../../shared/url-credentials.js";
import type { CtxStore } from "./store.js";
import { valuesFull } from "./value-bound.js";

export type Operation = (request: WireRequest) => Frame | Promise<Frame>;

export const DEFAULT_SEARCH_TOP_K = 5;

export function configOperations(store: CtxStore): Record<string, Operation> {
  return {
    get_config: async ({ ctxkey, raw }) => {
      const request = parseRequest("get_config", raw);
      const state = await configState(store, ctxkey);
      // [ext] `sections`: those alone, valid whatever the others are (exc needs its rules while no model is configured).
      const sections = request.sections ? await configSections(store, ctxkey, request.sections) : undefined;
      if (!sections && !state.ok) throw state.error;
      const config = sections ?? (state.ok ? state.config : {});
      // exc asks for the skills with the configuration (include_skills): one request instead of two per ready.
      return {
        type: "config",
        ctxkey,
        config: request.secrets === true ? config : maskSecrets(config),
        ...(raw.include_skills === true ? { skills: await store.skills(ctxkey) } : {}),
        config_version: await configVersion(store, ctxkey),
        ...(sections ? { configured: state.ok } : {}),
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
      if (holdsUrlMask(request.config)) {
        throw new WireError(
          "bad_request",
          `Bad set_config request: "***" is the mask get_config shows for a URL's credentials; send the URL with them, or leave the field out to keep it.`,
        );
      }
      const inherited = await inheritedLayers(store, ctxkey);
      let removed: string[] = [];
      await store.updateOwnConfig(ctxkey, (current) => {
        const merged: JsonObject = request.replace === true ? request.config : mergeConfig(current, request.config);
        const next = removeConfigPaths(merged, request.unset ?? []);
        assertConfigWithinBounds(ctxkey, next.config);
        validateConfig(ctxkey, mergeLayers([...inherited, next.config]), true);
        removed = next.removed;
        return next.config;
      });
      return request.unset === undefined ? { type: "ok" } : { type: "ok", unset: removed };
    },

    list_tools: async ({ ctxkey }) => {
      const tools = await store.tools(ctxkey);
      return { type: "tool_files", tools, functions: tools.map(toFunctionTool) };
    },

    list_skills: async ({ ctxkey }) => ({ type: "skills", skills: await store.skills(ctxkey) }),
  };
}

/** `get_history`'s answer is one frame: a read of more history than that is refused (frame_too_large) as it goes. */
export function historyOperations(store: CtxStore, maxFrameBytes: number): Record<string, Operation> {
  return {
    append_history: async ({ ctxkey, raw }) => {
      const request = parseRequest("append_history", raw);
      if (request.turn_id === undefined) return { type: "ok", count: await store.appendHistory(ctxkey, request.messages) };
      // A turn's text comes from the model: U+0000 in it (which PostgreSQL text cannot hold) is kept as U+FFFD on both
      // stores rather than losing the turn; its messages, stored as JSON, keep it exactly.
      const fullText = request.full_text?.replaceAll("\u0000", "\uFFFD");
      const turn = { id: request.turn_id, fullText, iterations: request.iterations, messageSha256: request.message_sha256 };
      const { count, duplicate } = await store.appendTurn(ctxkey, request.messages, turn);
      return { type: "ok", count, ...(duplicate ? { duplicate: true } : {}) };
    },

    get_history: async ({ ctxkey, raw }) => {
      const request = parseRequest("get_history", raw);
      const limit = request.limit ?? undefined;
      try {
        return { type: "history", ctxkey, messages: await store.history(ctxkey, limit, maxFrameBytes) };
      } catch (err) {
        if (!(err instanceof HistoryTooLargeError)) throw err;
        const what = limit === undefined ? "The history of this ctxkey holds" : `The newest ${limit} messages of this ctxkey hold`;
        throw new WireError(
          "frame_too_large",
          `${what} more than ${maxFrameBytes} bytes, more than one answer frame may carry ([limits] max_frame_bytes); ` +
            "ask for fewer of the newest messages with `limit` (zino ctx history <ctxkey> --limit N), or clear it.",
          { max_frame_bytes: maxFrameBytes },
        );
      }
    },

    clear_history: async ({ ctxkey }) => ({ type: "ok", count: await store.clearHistory(ctxkey) }),

    get_value: async ({ ctxkey, raw }) => {
      const request = parseRequest("get_value", raw);
      return { type: "value", key: request.key, value: (await store.value(ctxkey, request.key)) ?? null };
    },

    set_value: async ({ ctxkey, raw }) => {
      const request = parseRequest("set_value", raw);
      const { max_values: maxValues, max_values_chars: maxChars } = (await promptSettingsFor(store, ctxkey)).context;
      const limits = { maxValues, maxChars };
      const result = await store.setValue(ctxkey, request.key, request.value, limits);
      if (!result.stored) throw valuesFull(ctxkey, result, limits);
      return { type: "ok" };
    },
  };
}

/** A built prompt is one answer frame: its history is read no further than `maxFrameBytes` characters of stored text. */
export function memoryOperations(store: CtxStore, maxFrameBytes: number): Record<string, Operation> {
  return {
    build: async ({ ctxkey, raw }) => {
      const request = parseRequest("build", raw);
      if (request.user_message !== undefined) {
        // Python ZINO: the context between its own system prompt and the new user message (docs/zino-protocol.md §8).
        const prompt = await buildPrompt(store, {
          ctxkey,
          user: request.user_message,
          skill: request.skill,
          maxHistoryChars: maxFrameBytes,
        });
        return { type: "context", messages: contextMessages(prompt) };
      }
      const prompt = await buildPrompt(store, {
        ctxkey,
        user: request.message ?? undefined,
        skill: request.skill,
        maxHistoryChars: maxFrameBytes,
      });
      return { type: "messages", messages: promptMessages(prompt) };
    },

    get: async ({ ctxkey, raw }) => {
      const request = parseRequest("get", raw);
      return { type: "system_prompt", content: await systemPrompt(store, ctxkey, await skillFor(store, ctxkey, request.skill)) };
    },

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
      const max = (await promptSettingsFor(store, ctxkey)).context.max_hard_memories;
      const result = await store.storeHardMemory(ctxkey, request.messages, request.tag ?? undefined, { maxPerCtxkey: max });
      if (!result.stored) throw hardMemoriesFull(ctxkey, result.count, max);
      return { type: "ok", id: result.id };
    },

    search_hard: async ({ ctxkey, raw }) => {
      const request = parseRequest("search_hard", raw);
      const found = await store.searchHardMemories(hardMemoryKeys(ctxkey), request.query, { topK: request.top_k ?? DEFAULT_SEARCH_TOP_K });
      return {
        type: "hard_memories",
        results: found.map(({ memory, score }) => ({ messages: memory.messages, score, id: memory.id, tag: memory.tag })),
      };
    },

    // [ext] The way out of `limit_reached`: forget some memories, or all of the ctxkey's own.
    delete_hard: async ({ ctxkey, raw }) => {
      const request = parseRequest("delete_hard", raw);
      return { type: "ok", count: await store.deleteHardMemories(ctxkey, request.ids) };
    },

    clear_hard: async ({ ctxkey }) => ({ type: "ok", count: await store.deleteHardMemories(ctxkey, "all") }),
  };
}
