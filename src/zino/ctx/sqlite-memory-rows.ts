// Soft and hard memory and the host-side values in the SQLite ctx store.
import { z } from "zod";
import type { SqliteConnection } from "./sqlite-connection.js";
import type { ReadCache } from "./read-cache.js";
import { createSqliteHardMemoryRows } from "./sqlite-hard-memory-rows.js";
import { TextRow, decode, textRows } from "./store-rows.js";
import { type CtxStore, DEFAULT_KEY } from "./store.js";

export type MemoryRows = Pick<
  CtxStore,
  "softMemory" | "setSoftMemory" | "storeHardMemory" | "searchHardMemories" | "deleteHardMemories" | "value" | "setValue"
>;

export function createSqliteMemoryRows(options: { connection: SqliteConnection; cache: ReadCache; now: () => string }): MemoryRows {
  const {
    connection: { stmt, sealer },
    cache: { cachedRead, changed },
    now,
  } = options;
  return {
    ...createSqliteHardMemoryRows(options),

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
