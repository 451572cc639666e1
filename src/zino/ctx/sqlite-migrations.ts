// The SQLite schema of ctx, as ordered migrations; `schema_version` records how many have been applied.
import type { Database } from "better-sqlite3";
import { z } from "zod";
import { hardMemoryWordRows } from "./hard-memory-index.js";

/** A migration: SQL, or a function for what SQL cannot do alone (words computed the way the service computes them). */
type Migration = string | ((db: Database) => void);

export const SQLITE_MIGRATIONS: readonly Migration[] = [
  `
  CREATE TABLE config (
    ctxkey TEXT NOT NULL,
    layer TEXT NOT NULL CHECK (layer IN ('file', 'set')),
    value TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (ctxkey, layer)
  );
  CREATE TABLE prompts (
    ctxkey TEXT NOT NULL,
    name TEXT NOT NULL,
    content TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (ctxkey, name)
  );
  CREATE TABLE tools (
    ctxkey TEXT NOT NULL,
    name TEXT NOT NULL,
    definition TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (ctxkey, name)
  );
  CREATE TABLE skills (
    ctxkey TEXT NOT NULL,
    name TEXT NOT NULL,
    definition TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (ctxkey, name)
  );
  CREATE TABLE history (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ctxkey TEXT NOT NULL,
    message TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX history_by_ctxkey ON history (ctxkey, id);
  CREATE TABLE memory (
    ctxkey TEXT PRIMARY KEY,
    soft TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE hard_memory (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ctxkey TEXT NOT NULL,
    tag TEXT,
    messages TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX hard_memory_by_ctxkey ON hard_memory (ctxkey, id);
  CREATE TABLE "values" (
    ctxkey TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (ctxkey, key)
  );
  `,
  // Turns stored with a client `turn_id` [ext]: a second append of the same turn is ignored (docs/zino-protocol.md).
  `
  CREATE TABLE turns (
    ctxkey TEXT NOT NULL,
    turn_id TEXT NOT NULL,
    full_text TEXT,
    iterations INTEGER,
    created_at TEXT NOT NULL,
    PRIMARY KEY (ctxkey, turn_id)
  );
  `,
  // The word index of hard memories (hard-memory-search.ts), filled for the memories already stored.
  (db) => {
    db.exec(`
      CREATE TABLE hard_memory_words (
        ctxkey TEXT NOT NULL,
        word TEXT NOT NULL,
        memory_id INTEGER NOT NULL REFERENCES hard_memory (id) ON DELETE CASCADE,
        PRIMARY KEY (ctxkey, word, memory_id)
      ) WITHOUT ROWID;
      CREATE INDEX hard_memory_words_by_memory ON hard_memory_words (memory_id);
    `);
    const insert = db.prepare("INSERT INTO hard_memory_words (ctxkey, word, memory_id) SELECT ?, value, ? FROM json_each(?)");
    const page = db.prepare("SELECT id, ctxkey, tag, messages, created_at FROM hard_memory WHERE id > ? ORDER BY id LIMIT 500");
    // Page by page: better-sqlite3 runs no statement while another one's rows are being iterated.
    for (let after = 0, rows = page.all(after); rows.length > 0; rows = page.all(after)) {
      for (const row of rows) {
        const { ctxkey, id, words } = hardMemoryWordRows(row);
        insert.run(ctxkey, id, JSON.stringify(words));
        after = id;
      }
    }
  },
  // The SHA-256 of a turn's user message (turn-id.ts): a turn_id sent again with another message is refused.
  "ALTER TABLE turns ADD COLUMN message_sha256 TEXT;",
  // The characters a value counts for (value-bound.ts); a value stored before is counted as stored (sealed, larger).
  `ALTER TABLE "values" ADD COLUMN chars INTEGER NOT NULL DEFAULT 0; UPDATE "values" SET chars = length(key) + length(value);`,
];

/** Applies the migrations not yet applied, each in its own transaction; refuses a database from a newer ctx. */
export function migrateSqlite(db: Database): number {
  db.exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
  const row = z.object({ version: z.number().int() }).optional().parse(db.prepare("SELECT version FROM schema_version").get());
  let version = row?.version ?? 0;
  if (!row) db.prepare("INSERT INTO schema_version (version) VALUES (0)").run();
  if (version > SQLITE_MIGRATIONS.length) {
    throw new Error(`the database schema version is ${version}; this zino-ctx knows only up to ${SQLITE_MIGRATIONS.length}`);
  }
  while (version < SQLITE_MIGRATIONS.length) {
    const next = version + 1;
    db.transaction(() => {
      const migration = SQLITE_MIGRATIONS[version]!;
      if (typeof migration === "string") db.exec(migration);
      else migration(db);
      db.prepare("UPDATE schema_version SET version = ?").run(next);
    }).immediate();
    version = next;
  }
  return version;
}
