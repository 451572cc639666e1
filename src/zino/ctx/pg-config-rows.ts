// The instance's configuration in the PostgreSQL ctx store: the same rows as the SQLite store's
// (sqlite-config-rows.ts) with the same merge rules (store-rows.ts), written in transactions on one connection.
// `updateOwnConfig` holds a per-ctxkey advisory lock so that two hosts' read-modify-write never lose an update.
import type pg from "pg";
import type { z } from "zod";
import type { JsonObject } from "../config/index.js";
import { type AgentFiles, type SkillFile, SkillFileSchema, type ToolFile, ToolFileSchema } from "./agent-files.js";
import type { PgConnection } from "./pg-connection.js";
import type { ReadCache } from "./read-cache.js";
import type { ConfigRows } from "./sqlite-config-rows.js";
import { JsonObjectSchema, TextRow, configLayersOf, decode, mergeByName, textRows } from "./store-rows.js";
import { type ConfigLayer, DEFAULT_KEY, type PromptName } from "./store.js";

interface Parts {
  connection: PgConnection;
  cache: ReadCache;
  now: () => string;
}

const UPSERT_CONFIG =
  "INSERT INTO zino_ctx_config (ctxkey, layer, value, updated_at) VALUES ($1, $2, $3, $4) ON CONFLICT (ctxkey, layer) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at";
const SELECT_CONFIG = "SELECT value AS text FROM zino_ctx_config WHERE ctxkey = $1 AND layer = $2";

export function createPgConfigRows(parts: Parts): ConfigRows {
  const {
    connection: { query, transaction, sealer },
    cache: { cachedRead, changed },
    now,
  } = parts;

  const openConfig = (rows: unknown[]): JsonObject | undefined =>
    rows[0] === undefined ? undefined : sealer.openConfig(decode(TextRow.parse(rows[0]).text, JsonObjectSchema, "config"));

  /** The `default` rows first, then the ctxkey's own, so that its own win by name. */
  const byName = <T extends { name: string }>(table: "tools" | "skills", ctxkey: string, schema: z.ZodType<T>): Promise<T[]> =>
    cachedRead(`${table}\0${ctxkey}`, async () => {
      const sql = `SELECT definition AS text FROM zino_ctx_${table} WHERE ctxkey IN ($1, $2) ORDER BY ctxkey = $2, name`;
      return mergeByName(textRows((await query(sql, [DEFAULT_KEY, ctxkey])).rows), schema, table);
    });

  const configRow = (ctxkey: string, layer: ConfigLayer): Promise<JsonObject | undefined> =>
    cachedRead(`config\0${ctxkey}\0${layer}`, async () => openConfig((await query(SELECT_CONFIG, [ctxkey, layer])).rows));

  return {
    async importInstance(input) {
      try {
        await transaction((client) => writeImport(client, parts, input));
      } finally {
        changed();
      }
    },

    configLayers: (ctxkey) => configLayersOf(ctxkey, configRow),

    async updateOwnConfig(ctxkey, compute) {
      try {
        await transaction(async (client) => {
          await client.query("SELECT pg_advisory_xact_lock(hashtext('zino_ctx_config'), hashtext($1))", [ctxkey]);
          const next = compute(openConfig((await client.query(SELECT_CONFIG, [ctxkey, "set"])).rows) ?? {});
          await client.query(UPSERT_CONFIG, [ctxkey, "set", sealer.configText(next), now()]);
        });
      } finally {
        changed();
      }
    },

    prompt: (ctxkey, name) =>
      cachedRead(`prompt\0${ctxkey}\0${name}`, async () => {
        const sql = "SELECT content AS text FROM zino_ctx_prompts WHERE name = $1 AND ctxkey IN ($2, $3) ORDER BY ctxkey = $2 DESC LIMIT 1";
        return textRows((await query(sql, [name, ctxkey, DEFAULT_KEY])).rows)[0];
      }),

    tools: (ctxkey) => byName<ToolFile>("tools", ctxkey, ToolFileSchema),
    skills: (ctxkey) => byName<SkillFile>("skills", ctxkey, SkillFileSchema),
  };
}

/** The `default` rows of an import, inside the caller's transaction. */
async function writeImport(client: pg.PoolClient, parts: Parts, input: { defaults: JsonObject; agents: AgentFiles | undefined }) {
  const { sealer } = parts.connection;
  const at = parts.now();
  // Hosts starting together import the same files: one after the other, not interleaved.
  await client.query("SELECT pg_advisory_xact_lock(hashtext('zino_ctx_import'))");
  await client.query(UPSERT_CONFIG, [DEFAULT_KEY, "file", sealer.configText(input.defaults), at]);
  const { agents } = input;
  if (!agents) return;
  const prompts: [PromptName, string | undefined][] = [
    ["system", agents.systemTemplate],
    ["personality", agents.personality],
  ];
  for (const [name, content] of prompts) {
    if (content === undefined) await client.query("DELETE FROM zino_ctx_prompts WHERE ctxkey = $1 AND name = $2", [DEFAULT_KEY, name]);
    else
      await client.query(
        "INSERT INTO zino_ctx_prompts (ctxkey, name, content, updated_at) VALUES ($1, $2, $3, $4) ON CONFLICT (ctxkey, name) DO UPDATE SET content = excluded.content, updated_at = excluded.updated_at",
        [DEFAULT_KEY, name, content, at],
      );
  }
  for (const [table, items] of [
    ["tools", agents.tools],
    ["skills", agents.skills],
  ] as const) {
    await client.query(`DELETE FROM zino_ctx_${table} WHERE ctxkey = $1`, [DEFAULT_KEY]);
    if (items.length === 0) continue;
    await client.query(
      `INSERT INTO zino_ctx_${table} (ctxkey, name, definition, updated_at) SELECT $1, name, definition, $4 FROM unnest($2::text[], $3::text[]) AS t(name, definition)`,
      [DEFAULT_KEY, items.map((item) => item.name), items.map((item) => JSON.stringify(item)), at],
    );
  }
}
