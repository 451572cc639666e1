// The storage port of ctx (docs/zino-protocol.md §4): one table per kind, rows keyed by ctxkey, `default` for instance defaults.
// Asynchronous, so that one interface serves the SQLite file (sqlite-store.ts, synchronous underneath) and a
// PostgreSQL database shared by several hosts (pg-store.ts). The same suite tests both (test/zino/ctx/store-suite).
import type { JsonObject } from "../config/index.js";
import type { AgentFiles, SkillFile, ToolFile } from "./agent-files.js";
import type { ChatMessage } from "../protocol/index.js";
import type { HardSearchOptions, ScoredMemory } from "./hard-memory-search.js";

export const DEFAULT_KEY = "default";

/** Prompt rows: the SYSTEM.md template and PERSONALITY.md. */
export type PromptName = "system" | "personality";

/** What ctx keeps of a turn stored with a `turn_id`: enough for the daemon to answer a retry without running it. */
export interface TurnRecord {
  id: string;
  fullText: string | undefined;
  iterations: number | undefined;
  /** The SHA-256 of the turn's user message (turn-id.ts messageSha256); undefined for turns stored before ctx kept it. */
  messageSha256?: string | undefined;
}

/** The bounds on one ctxkey's host-side values (`context.max_values`, `context.max_values_chars`). */
export interface ValueLimits {
  maxValues: number;
  maxChars: number;
}

/** A set_value: stored, or refused with what the ctxkey holds (`count` keys, `chars` characters) and the bound passed. */
export type SetValueResult = { stored: true } | { stored: false; limit: "max_values" | "max_values_chars"; count: number; chars: number };

/** A store_hard: stored with its id, or refused because the ctxkey already holds `count` (at least the bound). */
export type StoreHardResult = { stored: true; id: number } | { stored: false; count: number };

export interface HardMemory {
  id: number;
  ctxkey: string;
  tag: string | null;
  messages: ChatMessage[];
  createdAt: string;
}

/**
 * Configuration layers, in merge order: the `default` row imported from ZINO.toml, the `default` row's overrides
 * set through ctx (kept apart so that a reload of ZINO.toml does not erase them), then the ctxkey's own row.
 */
export type ConfigLayer = "file" | "set";

export interface CtxStore {
  readonly kind: string;
  readonly schemaVersion: number;
  /** Where the rows are, for logs and status: a file path, or a database URL without its password. */
  readonly location: string;

  /** Replaces what was imported from ZINO.toml and agents/ (the `default` rows), in one transaction. */
  importInstance(input: { defaults: JsonObject; agents: AgentFiles | undefined }): Promise<void>;

  /**
   * A ctxkey's configuration layers: what it inherits, lowest first (the `default` file layer, then for other
   * ctxkeys the `default` set layer), and its own overrides (for `default`: its set layer).
   */
  configLayers(ctxkey: string): Promise<{ inherited: JsonObject[]; own: JsonObject | undefined }>;
  /**
   * Replaces the ctxkey's own overrides with `compute(current)`, atomically; `compute` may throw to refuse,
   * and then nothing changes.
   */
  updateOwnConfig(ctxkey: string, compute: (current: JsonObject) => JsonObject): Promise<void>;

  /** The ctxkey's prompt, else the `default` one. */
  prompt(ctxkey: string, name: PromptName): Promise<string | undefined>;
  /** Tools and skills visible to a ctxkey: its own rows over the `default` rows, by name. */
  tools(ctxkey: string): Promise<ToolFile[]>;
  skills(ctxkey: string): Promise<SkillFile[]>;

  /** Appends all messages or none. Returns how many were stored. */
  appendHistory(ctxkey: string, messages: readonly ChatMessage[]): Promise<number>;
  /**
   * Appends a turn's messages once per `turn.id` (docs/zino-protocol.md `turn_id` [ext]): a second append with the
   * same id for the ctxkey stores nothing and says `duplicate`. All messages and the turn record, or none.
   */
  appendTurn(ctxkey: string, messages: readonly ChatMessage[], turn: TurnRecord): Promise<{ count: number; duplicate: boolean }>;
  /** The record of a turn appended with that id, if any. */
  storedTurn(ctxkey: string, turnId: string): Promise<TurnRecord | undefined>;
  /**
   * The newest `limit` messages (all when undefined), oldest first. With `maxChars`, the rows are read newest first
   * and no further than that many characters of stored text: past it, rejects with HistoryTooLargeError.
   */
  history(ctxkey: string, limit?: number, maxChars?: number): Promise<ChatMessage[]>;
  /**
   * A prompt's history read: the newest `limit` messages, oldest first, read newest first and no further than
   * `maxChars` characters of stored text: the message that would take it past the bound and older ones are left out.
   */
  newestHistory(ctxkey: string, limit: number, maxChars: number): Promise<ChatMessage[]>;
  clearHistory(ctxkey: string): Promise<number>;

  /** Soft memory: free-text notes shown in the system prompt; the ctxkey's own, else `default`'s. */
  softMemory(ctxkey: string): Promise<string | undefined>;
  setSoftMemory(ctxkey: string, content: string): Promise<void>;

  /**
   * Hard memory: stored conversation excerpts, searched by `search_hard`. Stored unless the ctxkey already holds
   * `maxPerCtxkey` of them (counted and stored atomically, whichever host writes).
   */
  storeHardMemory(
    ctxkey: string,
    messages: readonly ChatMessage[],
    tag: string | undefined,
    limits: { maxPerCtxkey: number },
  ): Promise<StoreHardResult>;
  /** The best matches of `query` among the ctxkeys' hard memories (hard-memory-search.ts), through the word index. */
  searchHardMemories(ctxkeys: readonly string[], query: string, options: HardSearchOptions): Promise<ScoredMemory[]>;
  /** Deletes the ctxkey's hard memories with these ids (others' ids are left alone), or all of them; returns how many. */
  deleteHardMemories(ctxkey: string, ids: readonly number[] | "all"): Promise<number>;

  /**
   * Changes whenever configuration, prompts, tools, skills or memories change (by any writer), so that callers may
   * cache what they derive from them. Absent, or undefined at the moment (PostgreSQL without its change feed):
   * nothing may be cached.
   */
  revision?(): number | undefined;
  /**
   * A service's request begins (zino-ctx calls it before answering each one). Until then the SQLite store looks for
   * other writers' commits before every cached read; from then on once per request, at its first cached read: a
   * turn's build reads a dozen cached rows, and each look is a read transaction of its own.
   */
  requestBegins?(): void;

  /** Host-side values (e.g. an MCP session id), never shown to the model. */
  value(ctxkey: string, key: string): Promise<unknown>;
  /**
   * Stores a value (null removes the key), unless the ctxkey's values would then pass a bound (value-bound.ts): the
   * count and the write are one step, whatever other writers do.
   */
  setValue(ctxkey: string, key: string, value: unknown, limits: ValueLimits): Promise<SetValueResult>;

  /** Whether the database answers now; never throws. */
  health(): Promise<StoreHealth>;

  close(): Promise<void>;
}

export type StoreHealth = { ok: true } | { ok: false; code: string; message: string };
