// The instance's configuration in the SQLite ctx store: the config layers (`file` from ZINO.toml, `set` by
// set_config; secrets sealed), and the agents/ import (prompts, tools, skills), where a ctxkey's own rows win
// over the `default` ones by name.
import type { z } from "zod";
import type { JsonObject } from "../config/index.js";
import { type AgentFiles, type SkillFile, SkillFileSchema, type ToolFile, ToolFileSchema } from "./agent-files.js";
import type { SqliteConnection } from "./sqlite-connection.js";
import type { ReadCache } from "./read-cache.js";
import { JsonObjectSchema, TextRow, configLayersOf, decode, mergeByName, textRows } from "./store-rows.js";
import { type ConfigLayer, type CtxStore, DEFAULT_KEY, type PromptName } from "./store.js";

export type ConfigRows = Pick<CtxStore, "importInstance" | "configLayers" | "updateOwnConfig" | "prompt" | "tools" | "skills">;

interface Parts {
  connection: SqliteConnection;
  cache: ReadCache;
  now: () => string;
}

const UPSERT_CONFIG =
  "INSERT INTO config (ctxkey, layer, value, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (ctxkey, layer) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at";

export function createSqliteConfigRows(parts: Parts): ConfigRows {
  const {
    connection: { db, stmt, sealer },
    cache: { cachedRead, changed },
    now,
  } = parts;

  /** The `default` rows first, then the ctxkey's own, so that its own win by name. */
  const byName = <T extends { name: string }>(table: "tools" | "skills", ctxkey: string, schema: z.ZodType<T>): T[] =>
    cachedRead(`${table}\0${ctxkey}`, () => {
      const sql = `SELECT definition AS text FROM ${table} WHERE ctxkey IN (?, ?) ORDER BY ctxkey = ?, name`;
      return mergeByName(textRows(stmt(sql).all(DEFAULT_KEY, ctxkey, ctxkey)), schema, table);
    });

  const readConfigRow = (ctxkey: string, layer: ConfigLayer): JsonObject | undefined => {
    const row = stmt("SELECT value AS text FROM config WHERE ctxkey = ? AND layer = ?").get(ctxkey, layer);
    return row === undefined ? undefined : sealer.openConfig(decode(TextRow.parse(row).text, JsonObjectSchema, "config"));
  };
  const configRow = (ctxkey: string, layer: ConfigLayer): JsonObject | undefined =>
    cachedRead(`config\0${ctxkey}\0${layer}`, () => readConfigRow(ctxkey, layer));

  return {
    async importInstance(input) {
      try {
        db.transaction(() => writeImport(parts, input)).immediate();
      } finally {
        changed();
      }
    },

    configLayers: (ctxkey) => configLayersOf(ctxkey, configRow),

    async updateOwnConfig(ctxkey, compute) {
      try {
        db.transaction(() => {
          const next = compute(readConfigRow(ctxkey, "set") ?? {});
          stmt(UPSERT_CONFIG).run(ctxkey, "set", sealer.configText(next), now());
        }).immediate();
      } finally {
        changed();
      }
    },

    prompt: async (ctxkey, name) =>
      cachedRead(`prompt\0${ctxkey}\0${name}`, () => {
        const sql = "SELECT content AS text FROM prompts WHERE name = ? AND ctxkey IN (?, ?) ORDER BY ctxkey = ? DESC";
        return textRows(stmt(sql).all(name, ctxkey, DEFAULT_KEY, ctxkey))[0];
      }),

    tools: async (ctxkey) => byName<ToolFile>("tools", ctxkey, ToolFileSchema),
    skills: async (ctxkey) => byName<SkillFile>("skills", ctxkey, SkillFileSchema),
  };
}

/** The `default` rows of an import: run inside one transaction. */
function writeImport(parts: Parts, input: { defaults: JsonObject; agents: AgentFiles | undefined }): void {
  const { stmt, sealer } = parts.connection;
  const at = parts.now();
  stmt(UPSERT_CONFIG).run(DEFAULT_KEY, "file", sealer.configText(input.defaults), at);
  const { agents } = input;
  if (!agents) return;
  const prompt = stmt(
    "INSERT INTO prompts (ctxkey, name, content, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (ctxkey, name) DO UPDATE SET content = excluded.content, updated_at = excluded.updated_at",
  );
  const prompts: [PromptName, string | undefined][] = [
    ["system", agents.systemTemplate],
    ["personality", agents.personality],
  ];
  for (const [name, content] of prompts) {
    if (content === undefined) stmt("DELETE FROM prompts WHERE ctxkey = ? AND name = ?").run(DEFAULT_KEY, name);
    else prompt.run(DEFAULT_KEY, name, content, at);
  }
  for (const [table, items] of [
    ["tools", agents.tools],
    ["skills", agents.skills],
  ] as const) {
    stmt(`DELETE FROM ${table} WHERE ctxkey = ?`).run(DEFAULT_KEY);
    const insert = stmt(`INSERT INTO ${table} (ctxkey, name, definition, updated_at) VALUES (?, ?, ?, ?)`);
    for (const item of items) insert.run(DEFAULT_KEY, item.name, JSON.stringify(item), at);
  }
}
