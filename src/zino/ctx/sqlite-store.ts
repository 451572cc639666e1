// The SQLite adapter of the ctx store: one file, WAL, a busy timeout, migrations at open, every multi-row write
// in one transaction. Rows read back are parsed with the same schemas that validated them on the way in.
// Statements are prepared once; the rarely written tables (config, prompts, tools, skills, memory) are read
// through a cache that our own writes and any other connection's commit (`PRAGMA data_version`) invalidate.
// The parts live next door: sqlite-connection.ts, sqlite-read-cache.ts, sqlite-config-rows.ts, sqlite-history.ts.
import { z } from "zod";
import { ChatMessageSchema } from "../protocol/index.js";
import { createSqliteConfigRows } from "./sqlite-config-rows.js";
import { openSqliteConnection, type SqliteStoreOptions } from "./sqlite-connection.js";
import { createSqliteHistory } from "./sqlite-history.js";
import { createSqliteReadCache } from "./sqlite-read-cache.js";
import { TextRow, decode, textRows } from "./sqlite-rows.js";
import { type CtxStore, DEFAULT_KEY, type HardMemory } from "./store.js";

export type { SqliteStoreOptions } from "./sqlite-connection.js";

const HardRow = z.object({ id: z.number(), ctxkey: z.string(), tag: z.string().nullable(), messages: z.string(), created_at: z.string() });

export function createSqliteStore(options: SqliteStoreOptions): CtxStore {
  const connection = openSqliteConnection(options);
  const { db, schemaVersion, sealer, stmt } = connection;
  const now = () => new Date().toISOString();
  let closed = false;
  const cache = createSqliteReadCache(db);
  const { cachedRead, changed } = cache;
  const configRows = createSqliteConfigRows({ connection, cache, now });
  const history = createSqliteHistory({ connection, cache, now });

  return {
    kind: "sqlite",
    schemaVersion,
    ...configRows,
    ...history,

    softMemory(ctxkey) {
      return cachedRead(
        `soft\0${ctxkey}`,
        () =>
          textRows(
            stmt("SELECT soft AS text FROM memory WHERE ctxkey IN (?, ?) ORDER BY ctxkey = ? DESC").all(ctxkey, DEFAULT_KEY, ctxkey),
          )[0],
      );
    },

    setSoftMemory(ctxkey, content) {
      try {
        stmt(
          "INSERT INTO memory (ctxkey, soft, updated_at) VALUES (?, ?, ?) ON CONFLICT (ctxkey) DO UPDATE SET soft = excluded.soft, updated_at = excluded.updated_at",
        ).run(ctxkey, content, now());
      } finally {
        changed();
      }
    },

    storeHardMemory(ctxkey, messages, tag) {
      try {
        const result = stmt("INSERT INTO hard_memory (ctxkey, tag, messages, created_at) VALUES (?, ?, ?, ?)").run(
          ctxkey,
          tag ?? null,
          JSON.stringify(messages),
          now(),
        );
        return Number(result.lastInsertRowid);
      } finally {
        changed();
      }
    },

    hardMemories(ctxkeys) {
      if (ctxkeys.length === 0) return [];
      return cachedRead(`hard\0${ctxkeys.join("\0")}`, () => {
        const marks = ctxkeys.map(() => "?").join(", ");
        const rows = stmt(`SELECT id, ctxkey, tag, messages, created_at FROM hard_memory WHERE ctxkey IN (${marks}) ORDER BY id DESC`).all(
          ...ctxkeys,
        );
        return rows.map((raw): HardMemory => {
          const row = HardRow.parse(raw);
          return {
            id: row.id,
            ctxkey: row.ctxkey,
            tag: row.tag,
            messages: decode(row.messages, z.array(ChatMessageSchema), "hard_memory"),
            createdAt: row.created_at,
          };
        });
      });
    },

    revision() {
      cache.checkOthers();
      return cache.revision;
    },

    value(ctxkey, key) {
      const row = stmt('SELECT value AS text FROM "values" WHERE ctxkey = ? AND key = ?').get(ctxkey, key);
      return row === undefined ? undefined : decode(sealer.openValue(TextRow.parse(row).text), z.unknown(), "values");
    },

    setValue(ctxkey, key, value) {
      stmt(
        'INSERT INTO "values" (ctxkey, key, value, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (ctxkey, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
      ).run(ctxkey, key, sealer.valueText(value), now());
    },

    close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
