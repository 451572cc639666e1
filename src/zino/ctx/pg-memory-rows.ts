// Soft and hard memory and the host-side values (MCP session ids, the guide's Zelinqa sessions and keys) in the
// PostgreSQL ctx store; memories are read through the cache the change feed keeps current, values always fresh.
import { z } from "zod";
import type { PgConnection } from "./pg-connection.js";
import type { ReadCache } from "./read-cache.js";
import type { MemoryRows } from "./sqlite-memory-rows.js";
import { createPgHardMemoryRows } from "./pg-hard-memory-rows.js";
import { TextRow, decode, textRows } from "./store-rows.js";
import { DEFAULT_KEY } from "./store.js";

export function createPgMemoryRows(options: { connection: PgConnection; cache: ReadCache; now: () => string }): MemoryRows {
  const {
    connection: { query, sealer },
    cache: { cachedRead, changed },
    now,
  } = options;
  return {
    ...createPgHardMemoryRows(options),

    softMemory: (ctxkey) =>
      cachedRead(`soft\0${ctxkey}`, async () => {
        const sql = "SELECT soft AS text FROM zino_ctx_memory WHERE ctxkey IN ($1, $2) ORDER BY ctxkey = $1 DESC LIMIT 1";
        return textRows((await query(sql, [ctxkey, DEFAULT_KEY])).rows)[0];
      }),

    async setSoftMemory(ctxkey, content) {
      try {
        await query(
          "INSERT INTO zino_ctx_memory (ctxkey, soft, updated_at) VALUES ($1, $2, $3) ON CONFLICT (ctxkey) DO UPDATE SET soft = excluded.soft, updated_at = excluded.updated_at",
          [ctxkey, content, now()],
        );
      } finally {
        changed();
      }
    },

    async value(ctxkey, key) {
      const row = (await query("SELECT value AS text FROM zino_ctx_values WHERE ctxkey = $1 AND key = $2", [ctxkey, key]))
        .rows[0] as unknown;
      return row === undefined ? undefined : decode(sealer.openValue(TextRow.parse(row).text), z.unknown(), "values");
    },

    async setValue(ctxkey, key, value) {
      await query(
        "INSERT INTO zino_ctx_values (ctxkey, key, value, updated_at) VALUES ($1, $2, $3, $4) ON CONFLICT (ctxkey, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
        [ctxkey, key, sealer.valueText(value), now()],
      );
    },
  };
}
