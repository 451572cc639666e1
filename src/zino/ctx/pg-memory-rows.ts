// Soft and hard memory and the host-side values (MCP session ids, the guide's Zelinqa sessions and keys) in the
// PostgreSQL ctx store; memories are read through the cache the change feed keeps current, values always fresh.
import { z } from "zod";
import type { PgConnection } from "./pg-connection.js";
import type { ReadCache } from "./read-cache.js";
import type { MemoryRows } from "./sqlite-memory-rows.js";
import { createPgHardMemoryRows } from "./pg-hard-memory-rows.js";
import { TextRow, decode, textRows } from "./store-rows.js";
import { DEFAULT_KEY, type SetValueResult } from "./store.js";
import { valueChars, valueRefusal } from "./value-bound.js";

/** What a ctxkey's values hold, and the written key's share of it (value-bound.ts). */
const HELD_SQL = `SELECT COUNT(*)::int AS count, COALESCE(SUM(chars), 0)::bigint AS chars,
  COALESCE(SUM(chars) FILTER (WHERE key = $2), 0)::bigint AS own, COUNT(*) FILTER (WHERE key = $2) = 1 AS "ownExists"
  FROM zino_ctx_values WHERE ctxkey = $1`;
const ValuesHeldRow = z.object({ count: z.coerce.number(), chars: z.coerce.number(), own: z.coerce.number(), ownExists: z.boolean() });

export function createPgMemoryRows(options: { connection: PgConnection; cache: ReadCache; now: () => string }): MemoryRows {
  const {
    connection: { query, transaction, sealer },
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

    async setValue(ctxkey, key, value, limits) {
      if (value === null) {
        await query("DELETE FROM zino_ctx_values WHERE ctxkey = $1 AND key = $2", [ctxkey, key]);
        return { stored: true };
      }
      const chars = valueChars(key, value);
      return transaction(async (client): Promise<SetValueResult> => {
        // Hosts writing values of one ctxkey at once take turns here: the count and the write are one step.
        await client.query("SELECT pg_advisory_xact_lock(hashtext('zino_ctx_values'), hashtext($1))", [ctxkey]);
        const held = ValuesHeldRow.parse((await client.query(HELD_SQL, [ctxkey, key])).rows[0]);
        const refused = valueRefusal(held, chars, limits);
        if (refused) return refused;
        await client.query(
          "INSERT INTO zino_ctx_values (ctxkey, key, value, chars, updated_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (ctxkey, key) DO UPDATE SET value = excluded.value, chars = excluded.chars, updated_at = excluded.updated_at",
          [ctxkey, key, sealer.valueText(value), chars, now()],
        );
        return { stored: true };
      });
    },
  };
}
