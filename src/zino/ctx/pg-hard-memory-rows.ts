// Hard memories in the PostgreSQL ctx store: the rows, their word index (hard-memory-index.ts) and the bound per
// ctxkey, counted and stored under a per-ctxkey advisory lock so that hosts storing at once take turns.
import { z } from "zod";
import { hardMemoryIndexWords, searchWordIndex } from "./hard-memory-index.js";
import type { PgConnection } from "./pg-connection.js";
import type { ReadCache } from "./read-cache.js";
import type { HardMemoryRows } from "./sqlite-hard-memory-rows.js";
import { hardMemoryOf } from "./store-rows.js";
import type { StoreHardResult } from "./store.js";

/** bigint columns and counts come back from `pg` as strings. */
const PgNumber = z.union([z.string(), z.number()]).transform(Number);
const IdRow = z.object({ id: PgNumber });
const CountRow = z.object({ n: PgNumber });
const MatchRow = z.object({ id: PgNumber, shared: PgNumber });
const HARD_COLUMNS = "id, ctxkey, tag, messages, created_at";

export function createPgHardMemoryRows(options: { connection: PgConnection; cache: ReadCache; now: () => string }): HardMemoryRows {
  const {
    connection: { query, transaction },
    cache: { cachedRead, changed },
    now,
  } = options;
  return {
    async storeHardMemory(ctxkey, messages, tag, { maxPerCtxkey }) {
      const words = hardMemoryIndexWords(tag, messages);
      try {
        return await transaction(async (client): Promise<StoreHardResult> => {
          // Hosts storing for one ctxkey at once take turns here: the count and the insert are one step.
          await client.query("SELECT pg_advisory_xact_lock(hashtext('zino_ctx_hard_memory'), hashtext($1))", [ctxkey]);
          const counted = await client.query("SELECT COUNT(*) AS n FROM zino_ctx_hard_memory WHERE ctxkey = $1", [ctxkey]);
          const { n: count } = CountRow.parse(counted.rows[0]);
          if (count >= maxPerCtxkey) return { stored: false, count };
          const sql = "INSERT INTO zino_ctx_hard_memory (ctxkey, tag, messages, created_at) VALUES ($1, $2, $3, $4) RETURNING id";
          const { id } = IdRow.parse((await client.query(sql, [ctxkey, tag ?? null, JSON.stringify(messages), now()])).rows[0]);
          await client.query("INSERT INTO zino_ctx_hard_memory_words (ctxkey, word, memory_id) SELECT $1, unnest($2::text[]), $3", [
            ctxkey,
            words,
            id,
          ]);
          return { stored: true, id };
        });
      } finally {
        changed();
      }
    },

    searchHardMemories: (ctxkeys, searched, options) =>
      searchWordIndex(
        {
          any: () =>
            cachedRead(`hard-any\0${ctxkeys.join("\0")}`, async () => {
              const sql = "SELECT COUNT(*) AS n FROM (SELECT 1 FROM zino_ctx_hard_memory WHERE ctxkey = ANY($1::text[]) LIMIT 1) AS one";
              return CountRow.parse((await query(sql, [ctxkeys])).rows[0]).n > 0;
            }),
          matches: async (words, limit) => {
            const sql = `SELECT memory_id AS id, COUNT(*) AS shared FROM zino_ctx_hard_memory_words
              WHERE ctxkey = ANY($1::text[]) AND word = ANY($2::text[])
              GROUP BY memory_id ORDER BY shared DESC, memory_id DESC LIMIT $3`;
            return (await query(sql, [ctxkeys, words, limit ?? null])).rows.map((row) => MatchRow.parse(row));
          },
          memories: async (ids) => {
            const sql = `SELECT ${HARD_COLUMNS} FROM zino_ctx_hard_memory WHERE id = ANY($1::bigint[])`;
            return (await query(sql, [ids.map(String)])).rows.map(hardMemoryOf);
          },
        },
        searched,
        options,
      ),

    async deleteHardMemories(ctxkey, ids) {
      try {
        const result =
          ids === "all"
            ? await query("DELETE FROM zino_ctx_hard_memory WHERE ctxkey = $1", [ctxkey])
            : await query("DELETE FROM zino_ctx_hard_memory WHERE ctxkey = $1 AND id = ANY($2::bigint[])", [ctxkey, ids.map(String)]);
        return result.rowCount ?? 0;
      } finally {
        changed();
      }
    },
  };
}
