// The storage port of ctx (spec §4): one table per kind, rows keyed by ctxkey, `default` for instance defaults.
// SQLite implements it now (sqlite-store.ts); a PostgreSQL adapter implements the same interface later.
import type { JsonObject } from "../config/index.js";
import type { AgentFiles, SkillFile, ToolFile } from "./agent-files.js";
import type { ChatMessage } from "../protocol/index.js";

export const DEFAULT_KEY = "default";

/** Prompt rows: the SYSTEM.md template and PERSONALITY.md. */
export type PromptName = "system" | "personality";

/** What ctx keeps of a turn stored with a `turn_id`: enough for the daemon to answer a retry without running it. */
export interface TurnRecord {
  id: string;
  fullText: string | undefined;
  iterations: number | undefined;
}

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

  /** Replaces what was imported from ZINO.toml and agents/ (the `default` rows), in one transaction. */
  importInstance(input: { defaults: JsonObject; agents: AgentFiles | undefined }): void;

  /**
   * A ctxkey's configuration layers: what it inherits, lowest first (the `default` file layer, then for other
   * ctxkeys the `default` set layer), and its own overrides (for `default`: its set layer).
   */
  configLayers(ctxkey: string): { inherited: JsonObject[]; own: JsonObject | undefined };
  /**
   * Replaces the ctxkey's own overrides with `compute(current)`, atomically; `compute` may throw to refuse,
   * and then nothing changes.
   */
  updateOwnConfig(ctxkey: string, compute: (current: JsonObject) => JsonObject): void;

  /** The ctxkey's prompt, else the `default` one. */
  prompt(ctxkey: string, name: PromptName): string | undefined;
  /** Tools and skills visible to a ctxkey: its own rows over the `default` rows, by name. */
  tools(ctxkey: string): ToolFile[];
  skills(ctxkey: string): SkillFile[];

  /** Appends all messages or none. Returns how many were stored. */
  appendHistory(ctxkey: string, messages: readonly ChatMessage[]): number;
  /**
   * Appends a turn's messages once per `turn.id` (docs/zino-protocol.md `turn_id` [ext]): a second append with the
   * same id for the ctxkey stores nothing and says `duplicate`. All messages and the turn record, or none.
   */
  appendTurn(ctxkey: string, messages: readonly ChatMessage[], turn: TurnRecord): { count: number; duplicate: boolean };
  /** The record of a turn appended with that id, if any. */
  storedTurn(ctxkey: string, turnId: string): TurnRecord | undefined;
  /** The newest `limit` messages (all when undefined), oldest first. */
  history(ctxkey: string, limit?: number): ChatMessage[];
  clearHistory(ctxkey: string): number;

  /** Soft memory: free-text notes shown in the system prompt; the ctxkey's own, else `default`'s. */
  softMemory(ctxkey: string): string | undefined;
  setSoftMemory(ctxkey: string, content: string): void;

  /** Hard memory: stored conversation excerpts, searched by `search_hard`. */
  storeHardMemory(ctxkey: string, messages: readonly ChatMessage[], tag: string | undefined): number;
  hardMemories(ctxkeys: readonly string[]): HardMemory[];

  /**
   * Changes whenever configuration, prompts, tools, skills or memories change (by any writer), so that callers may
   * cache what they derive from them. Absent: nothing may be cached.
   */
  revision?(): number;

  /** Host-side values (e.g. an MCP session id), never shown to the model. */
  value(ctxkey: string, key: string): unknown;
  setValue(ctxkey: string, key: string, value: unknown): void;

  close(): void;
}
