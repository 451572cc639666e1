// Hard memories in the SQLite ctx store: the rows, their word index (hard-memory-index.ts) and the bound per ctxkey,
// counted and stored in one immediate transaction (another process on the file waits for it).
import { z } from "zod";
import { hardMemoryIndexWords, searchWordIndex } from "./hard-memory-index.js";
import type { ReadCache } from "./read-cache.js";
import type { SqliteConnection } from "./sqlite-connection.js";
import { hardMemoryOf } from "./store-rows.js";
import type { CtxStore, StoreHardResult } from "./store.js";

export type HardMemoryRows = Pick<CtxStore, "storeHardMemory" | "searchHardMemories" | "deleteHardMemories">;

const HARD_COLUMNS = "id, ctxkey, tag, messages, created_at";
const CountRow = z.object({ n: z.number() });
const MatchRow = z.object({ id: z.number(), shared: z.number() });

export function createSqliteHardMemoryRows(options: { connection: SqliteConnection; cache: ReadCache; now: () => string }): HardMemoryRows {
  const {
    connection: { db, stmt },
    cache: { cachedRead, changed },
    now,
  } = options;
  return {
    async storeHardMemory(ctxkey, messages, tag, { maxPerCtxkey }) {
      const words = JSON.stringify(hardMemoryIndexWords(tag, messages));
      const store = db.transaction((): StoreHardResult => {
        const { n: count } = CountRow.parse(stmt("SELECT COUNT(*) AS n FROM hard_memory WHERE ctxkey = ?").get(ctxkey));
        if (count >= maxPerCtxkey) return { stored: false, count };
        const insert = stmt("INSERT INTO hard_memory (ctxkey, tag, messages, created_at) VALUES (?, ?, ?, ?)");
        const id = Number(insert.run(ctxkey, tag ?? null, JSON.stringify(messages), now()).lastInsertRowid);
        stmt("INSERT INTO hard_memory_words (ctxkey, word, memory_id) SELECT ?, value, ? FROM json_each(?)").run(ctxkey, id, words);
        return { stored: true, id };
      });
      try {
        return store.immediate();
      } finally {
        changed();
      }
    },

    searchHardMemories: (ctxkeys, query, options) => {
      const keys = JSON.stringify(ctxkeys);
      return searchWordIndex(
        {
          any: async () =>
            cachedRead(`hard-any\0${keys}`, () => {
              const sql = "SELECT EXISTS (SELECT 1 FROM hard_memory WHERE ctxkey IN (SELECT value FROM json_each(?))) AS n";
              return CountRow.parse(stmt(sql).get(keys)).n === 1;
            }),
          matches: async (words, limit) =>
            stmt(
              `SELECT memory_id AS id, COUNT(*) AS shared FROM hard_memory_words
               WHERE ctxkey IN (SELECT value FROM json_each(?)) AND word IN (SELECT value FROM json_each(?))
               GROUP BY memory_id ORDER BY shared DESC, memory_id DESC LIMIT ?`,
            )
              .all(keys, JSON.stringify(words), limit ?? -1)
              .map((row) => MatchRow.parse(row)),
          memories: async (ids) =>
            stmt(`SELECT ${HARD_COLUMNS} FROM hard_memory WHERE id IN (SELECT value FROM json_each(?))`)
              .all(JSON.stringify(ids))
              .map(hardMemoryOf),
        },
        query,
        options,
      );
    },

    async deleteHardMemories(ctxkey, ids) {
      try {
        if (ids === "all") return stmt("DELETE FROM hard_memory WHERE ctxkey = ?").run(ctxkey).changes;
        const sql = "DELETE FROM hard_memory WHERE ctxkey = ? AND id IN (SELECT value FROM json_each(?))";
        return stmt(sql).run(ctxkey, JSON.stringify(ids)).changes;
      } finally {
        changed();
      }
    },
  };
}
