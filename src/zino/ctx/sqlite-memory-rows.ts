// Soft and hard memory and the host-side values in the SQLite ctx store.
import { z } from "zod";
import type { SqliteConnection } from "./sqlite-connection.js";
import type { ReadCache } from "./read-cache.js";
import { createSqliteHardMemoryRows } from "./sqlite-hard-memory-rows.js";
import { TextRow, decode, textRows } from "./store-rows.js";
import { type CtxStore, DEFAULT_KEY, type SetValueResult } from "./store.js";
import { valueChars, valueRefusal } from "./value-bound.js";

/** What a ctxkey's values hold, and the written key's share of it (value-bound.ts). */
const HELD_SQL = `SELECT COUNT(*) AS count, COALESCE(SUM(chars), 0) AS chars,
  COALESCE(SUM(CASE WHEN key = ? THEN chars END), 0) AS own, COUNT(CASE WHEN key = ? THEN 1 END) = 1 AS ownExists
  FROM "values" WHERE ctxkey = ?`;
const ValuesHeldRow = z.object({ count: z.number(), chars: z.number(), own: z.number(), ownExists: z.number().transform((n) => n === 1) });

export type MemoryRows = Pick<
  CtxStore,
  "softMemory" | "setSoftMemory" | "storeHardMemory" | "searchHardMemories" | "deleteHardMemories" | "value" | "setValue"
>;

export function createSqliteMemoryRows(options: { connection: SqliteConnection; cache: ReadCache; now: () => string }): MemoryRows {
  const {
    connection: { db, stmt, sealer },
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

    async setValue(ctxkey, key, value, limits) {
      const write = db.transaction((): SetValueResult => {
        if (value === null) {
          stmt('DELETE FROM "values" WHERE ctxkey = ? AND key = ?').run(ctxkey, key);
          return { stored: true };
        }
        const chars = valueChars(key, value);
        const refused = valueRefusal(ValuesHeldRow.parse(stmt(HELD_SQL).get(key, key, ctxkey)), chars, limits);
        if (refused) return refused;
        stmt(
          'INSERT INTO "values" (ctxkey, key, value, chars, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (ctxkey, key) DO UPDATE SET value = excluded.value, chars = excluded.chars, updated_at = excluded.updated_at',
        ).run(ctxkey, key, sealer.valueText(value), chars, now());
        return { stored: true };
      });
      return write.immediate();
    },
  };
}
