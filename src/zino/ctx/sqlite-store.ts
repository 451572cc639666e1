// The SQLite adapter of the ctx store: one file, WAL, a busy timeout, migrations at open, every multi-row write
// in one transaction. Rows read back are parsed with the same schemas that validated them on the way in.
// Statements are prepared once; the rarely written tables (config, prompts, tools, skills, memory) are read
// through a cache that our own writes and any other connection's commit (`PRAGMA data_version`) invalidate.
// The work is synchronous underneath (better-sqlite3); the port is asynchronous for the PostgreSQL adapter.
// The parts live next door: sqlite-connection.ts, sqlite-config-rows.ts, sqlite-history.ts, sqlite-memory-rows.ts.
import { createSqliteConfigRows } from "./sqlite-config-rows.js";
import { openSqliteConnection, type SqliteStoreOptions } from "./sqlite-connection.js";
import { createSqliteHistory } from "./sqlite-history.js";
import { createSqliteMemoryRows } from "./sqlite-memory-rows.js";
import { createReadCache } from "./read-cache.js";
import type { CtxStore } from "./store.js";

export type { SqliteStoreOptions } from "./sqlite-connection.js";

export function createSqliteStore(options: SqliteStoreOptions): CtxStore {
  const connection = openSqliteConnection(options);
  const { db, schemaVersion } = connection;
  const now = () => new Date().toISOString();
  let closed = false;
  const dataVersion = db.prepare("PRAGMA data_version").pluck();
  let seenDataVersion = dataVersion.get();
  // Once requests are announced (requestBegins), other writers are looked for at each request's first cached read
  // only: a commit not seen then came after the request began, as far as its sender can tell.
  let perRequest = false;
  let lookedThisRequest = false;
  const othersChanged = () => {
    if (perRequest && lookedThisRequest) return false;
    lookedThisRequest = true;
    const version = dataVersion.get();
    if (version === seenDataVersion) return false;
    seenDataVersion = version;
    return true;
  };
  const cache = createReadCache({ othersChanged });
  const parts = { connection, cache, now };
  const { flushAppends, ...history } = createSqliteHistory(parts);

  return {
    kind: "sqlite",
    schemaVersion,
    location: options.path,
    ...createSqliteConfigRows(parts),
    ...history,
    ...createSqliteMemoryRows(parts),

    revision() {
      cache.checkOthers();
      return cache.revision;
    },

    requestBegins() {
      perRequest = true;
      lookedThisRequest = false;
    },

    async health() {
      if (closed) return { ok: false, code: "store_closed", message: "the ctx store is closed" };
      return { ok: true };
    },

    async close() {
      if (closed) return;
      closed = true;
      flushAppends();
      db.close();
    },
  };
}
