// Soft and hard memory and the host-side values in the SQLite ctx store.
import { z } from "zod";
import type { SqliteConnection } from "./sqlite-connection.js";
import type { ReadCache } from "./read-cache.js";
import { TextRow, decode, hardMemoryOf, textRows } from "./store-rows.js";
import { type CtxStore, DEFAULT_KEY } from "./store.js";

export type MemoryRows = Pick<CtxStore, "softMemory" | "setSoftMemory" | "storeHardMemory" | "hardMemories" | "value" | "setValue">;

export function createSqliteMemoryRows(options: { connection: SqliteConnection; cache: ReadCache; now: () => string }): MemoryRows {
  const {
    connection: { stmt, sealer },
    cache: { cachedRead, changed },
    now,
  } = options;
  return {
    softMemory: async (ctxkey) =>
      cachedRead(
        `soft\0${ctxkey}`,
        () =>
          textRows(
            stmt("SELECT soft AS text FROM memory WHERE ctxkey IN (?, ?) ORDER BY ctxkey = ? DESC").all(ctxkey, DEFAULT_KEY, ctxkey),
          )[0],
      ),

    async setSoftMemory(ctxkey, content) {
      try {
        stmt(
          "INSERT INTO memory (ctxkey, soft, updated_at) VALUES (?, ?, ?) ON CONFLICT (ctxkey) DO UPDATE SET soft = excluded.soft, updated_at = excluded.updated_at",
        ).run(ctxkey, content, now());
      } finally {
        changed();
      }
    },

    async storeHardMemory(ctxkey, messages, tag) {
      try {
        const insert = stmt("INSERT INTO hard_memory (ctxkey, tag, messages, created_at) VALUES (?, ?, ?, ?)");
        return Number(insert.run(ctxkey, tag ?? null, JSON.stringify(messages), now()).lastInsertRowid);
      } finally {
        changed();
      }
    },

    async hardMemories(ctxkeys) {
      if (ctxkeys.length === 0) return [];
      return cachedRead(`hard\0${ctxkeys.join("\0")}`, () => {
        const marks = ctxkeys.map(() => "?").join(", ");
        const sql = `SELECT id, ctxkey, tag, messages, created_at FROM hard_memory WHERE ctxkey IN (${marks}) ORDER BY id DESC`;
        return stmt(sql)
          .all(...ctxkeys)
          .map(hardMemoryOf);
      });
    },

    async value(ctxkey, key) {
      const row = stmt('SELECT value AS text FROM "values" WHERE ctxkey = ? AND key = ?').get(ctxkey, key);
      return row === undefined ? undefined : decode(sealer.openValue(TextRow.parse(row).text), z.unknown(), "values");
    },

    async setValue(ctxkey, key, value) {
      stmt(
        'INSERT INTO "values" (ctxkey, key, value, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (ctxkey, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
      ).run(ctxkey, key, sealer.valueText(value), now());
    },
  };
}
