// The instance's configuration in the SQLite ctx store: the config layers (`file` from ZINO.toml, `set` by
// set_config; secrets sealed), and the agents/ import (prompts, tools, skills), where a ctxkey's own rows win
// over the `default` ones by name.
import type { z } from "zod";
import type { JsonObject } from "../config/index.js";
import { type SkillFile, SkillFileSchema, type ToolFile, ToolFileSchema } from "./agent-files.js";
import type { SqliteConnection } from "./sqlite-connection.js";
import type { SqliteReadCache } from "./sqlite-read-cache.js";
import { JsonObjectSchema, TextRow, decode, textRows } from "./sqlite-rows.js";
import { type CtxStore, DEFAULT_KEY, type PromptName } from "./store.js";

export type SqliteConfigRows = Pick<CtxStore, "importInstance" | "configLayers" | "updateOwnConfig" | "prompt" | "tools" | "skills">;

export function createSqliteConfigRows(options: {
  connection: SqliteConnection;
  cache: SqliteReadCache;
  now: () => string;
}): SqliteConfigRows {
  const {
    connection: { db, stmt, sealer },
    cache: { cachedRead, changed },
    now,
  } = options;

  /** The `default` rows first, then the ctxkey's own, so that its own win by name. */
  const byName = <T extends { name: string }>(table: "tools" | "skills", ctxkey: string, schema: z.ZodType<T>): T[] =>
    cachedRead(`${table}\0${ctxkey}`, () => {
      const rows = stmt(`SELECT definition AS text FROM ${table} WHERE ctxkey IN (?, ?) ORDER BY ctxkey = ?, name`).all(
        DEFAULT_KEY,
        ctxkey,
        ctxkey,
      );
      const merged = new Map<string, T>();
      for (const text of textRows(rows)) {
        const item = decode(text, schema, table);
        merged.set(item.name, item);
      }
      return [...merged.values()];
    });

  const readConfigRow = (ctxkey: string, layer: "file" | "set"): JsonObject | undefined => {
    const row = stmt("SELECT value AS text FROM config WHERE ctxkey = ? AND layer = ?").get(ctxkey, layer);
    return row === undefined ? undefined : sealer.openConfig(decode(TextRow.parse(row).text, JsonObjectSchema, "config"));
  };
  const configRow = (ctxkey: string, layer: "file" | "set"): JsonObject | undefined =>
    cachedRead(`config\0${ctxkey}\0${layer}`, () => readConfigRow(ctxkey, layer));

  return {
    importInstance({ defaults, agents }) {
      db.transaction(() => {
        const at = now();
        db.prepare(
          "INSERT INTO config (ctxkey, layer, value, updated_at) VALUES (?, 'file', ?, ?) ON CONFLICT (ctxkey, layer) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
        ).run(DEFAULT_KEY, sealer.configText(defaults), at);
        if (!agents) return;
        const prompt = db.prepare(
          "INSERT INTO prompts (ctxkey, name, content, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (ctxkey, name) DO UPDATE SET content = excluded.content, updated_at = excluded.updated_at",
        );
        const prompts: [PromptName, string | undefined][] = [
          ["system", agents.systemTemplate],
          ["personality", agents.personality],
        ];
        for (const [name, content] of prompts) {
          if (content === undefined) db.prepare("DELETE FROM prompts WHERE ctxkey = ? AND name = ?").run(DEFAULT_KEY, name);
          else prompt.run(DEFAULT_KEY, name, content, at);
        }
        for (const [table, items] of [
          ["tools", agents.tools],
          ["skills", agents.skills],
        ] as const) {
          db.prepare(`DELETE FROM ${table} WHERE ctxkey = ?`).run(DEFAULT_KEY);
          const insert = db.prepare(`INSERT INTO ${table} (ctxkey, name, definition, updated_at) VALUES (?, ?, ?, ?)`);
          for (const item of items) insert.run(DEFAULT_KEY, item.name, JSON.stringify(item), at);
        }
      }).immediate();
      changed();
    },

    configLayers(ctxkey) {
      const inherited = [configRow(DEFAULT_KEY, "file")];
      if (ctxkey !== DEFAULT_KEY) inherited.push(configRow(DEFAULT_KEY, "set"));
      return { inherited: inherited.filter((layer): layer is JsonObject => layer !== undefined), own: configRow(ctxkey, "set") };
    },

    updateOwnConfig(ctxkey, compute) {
      try {
        db.transaction(() => {
          const next = compute(readConfigRow(ctxkey, "set") ?? {});
          stmt(
            "INSERT INTO config (ctxkey, layer, value, updated_at) VALUES (?, 'set', ?, ?) ON CONFLICT (ctxkey, layer) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
          ).run(ctxkey, sealer.configText(next), now());
        }).immediate();
      } finally {
        changed();
      }
    },

    prompt(ctxkey, name) {
      return cachedRead(
        `prompt\0${ctxkey}\0${name}`,
        () =>
          textRows(
            stmt("SELECT content AS text FROM prompts WHERE name = ? AND ctxkey IN (?, ?) ORDER BY ctxkey = ? DESC").all(
              name,
              ctxkey,
              DEFAULT_KEY,
              ctxkey,
            ),
          )[0],
      );
    },

    tools: (ctxkey) => byName<ToolFile>("tools", ctxkey, ToolFileSchema),
    skills: (ctxkey) => byName<SkillFile>("skills", ctxkey, SkillFileSchema),
  };
}
