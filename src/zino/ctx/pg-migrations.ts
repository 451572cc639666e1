// The PostgreSQL schema of ctx, as ordered migrations; `zino_ctx_schema` records how many have been applied.
// Several hosts start at once against one database: a transaction-scoped advisory lock lets one of them migrate
// while the others wait, then find nothing left to do. Table names carry `zino_ctx_` so that the database may be
// shared with other applications (Zelinqa's tables included).
import type pg from "pg";
import { StoreError } from "./store-errors.js";
import type { TimedQueryConfig } from "../../shared/pg-query-timeout.js";
import { hardMemoryWordRows } from "./hard-memory-index.js";

/** `hashtext('zino-ctx migrations')` would do as well; a fixed number is simpler to find in pg_locks. */
const MIGRATION_LOCK = 0x7a63_7478;

type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
/** A migration: SQL, or a function for what SQL cannot do alone (words computed the way the service computes them). */
type Migration = string | ((query: Query) => Promise<void>);

export const PG_MIGRATIONS: readonly Migration[] = [
  `
  CREATE TABLE zino_ctx_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE zino_ctx_config (
    ctxkey TEXT NOT NULL, layer TEXT NOT NULL CHECK (layer IN ('file', 'set')), value TEXT NOT NULL, updated_at TEXT NOT NULL,
    PRIMARY KEY (ctxkey, layer));
  CREATE TABLE zino_ctx_prompts (ctxkey TEXT NOT NULL, name TEXT NOT NULL, content TEXT NOT NULL, updated_at TEXT NOT NULL,
    PRIMARY KEY (ctxkey, name));
  CREATE TABLE zino_ctx_tools (ctxkey TEXT NOT NULL, name TEXT NOT NULL, definition TEXT NOT NULL, updated_at TEXT NOT NULL,
    PRIMARY KEY (ctxkey, name));
  CREATE TABLE zino_ctx_skills (ctxkey TEXT NOT NULL, name TEXT NOT NULL, definition TEXT NOT NULL, updated_at TEXT NOT NULL,
    PRIMARY KEY (ctxkey, name));
  -- History rows are numbered per ctxkey by the append that holds the ctxkey's head row: appends of one ctxkey
  -- from any host are serialised there, and each keeps its messages together and in order.
  CREATE TABLE zino_ctx_history_heads (ctxkey TEXT PRIMARY KEY, last_seq BIGINT NOT NULL);
  CREATE TABLE zino_ctx_history (ctxkey TEXT NOT NULL, seq BIGINT NOT NULL, message TEXT NOT NULL, created_at TEXT NOT NULL,
    PRIMARY KEY (ctxkey, seq));
  CREATE TABLE zino_ctx_turns (ctxkey TEXT NOT NULL, turn_id TEXT NOT NULL, full_text TEXT, iterations INTEGER,
    created_at TEXT NOT NULL, PRIMARY KEY (ctxkey, turn_id));
  CREATE INDEX zino_ctx_turns_by_age ON zino_ctx_turns (created_at);
  CREATE TABLE zino_ctx_memory (ctxkey TEXT PRIMARY KEY, soft TEXT NOT NULL, updated_at TEXT NOT NULL);
  CREATE TABLE zino_ctx_hard_memory (id BIGSERIAL PRIMARY KEY, ctxkey TEXT NOT NULL, tag TEXT, messages TEXT NOT NULL,
    created_at TEXT NOT NULL);
  CREATE INDEX zino_ctx_hard_memory_by_ctxkey ON zino_ctx_hard_memory (ctxkey, id);
  CREATE TABLE zino_ctx_values (ctxkey TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, updated_at TEXT NOT NULL,
    PRIMARY KEY (ctxkey, key));
  -- Every host caches the rarely written tables; any committed change to them (by a host, or by hand in psql)
  -- tells all hosts to drop their caches (pg-change-feed.ts).
  CREATE FUNCTION zino_ctx_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_notify('zino_ctx_changes', TG_TABLE_NAME); RETURN NULL; END $$;
  CREATE TRIGGER zino_ctx_config_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON zino_ctx_config
    FOR EACH STATEMENT EXECUTE FUNCTION zino_ctx_notify_change();
  CREATE TRIGGER zino_ctx_prompts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON zino_ctx_prompts
    FOR EACH STATEMENT EXECUTE FUNCTION zino_ctx_notify_change();
  CREATE TRIGGER zino_ctx_tools_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON zino_ctx_tools
    FOR EACH STATEMENT EXECUTE FUNCTION zino_ctx_notify_change();
  CREATE TRIGGER zino_ctx_skills_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON zino_ctx_skills
    FOR EACH STATEMENT EXECUTE FUNCTION zino_ctx_notify_change();
  CREATE TRIGGER zino_ctx_memory_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON zino_ctx_memory
    FOR EACH STATEMENT EXECUTE FUNCTION zino_ctx_notify_change();
  CREATE TRIGGER zino_ctx_hard_memory_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON zino_ctx_hard_memory
    FOR EACH STATEMENT EXECUTE FUNCTION zino_ctx_notify_change();
  `,
  // The word index of hard memories (hard-memory-search.ts), filled for the memories already stored. Its changes
  // come with those of zino_ctx_hard_memory, whose trigger tells the other hosts.
  async (query) => {
    await query(`
      CREATE TABLE zino_ctx_hard_memory_words (ctxkey TEXT NOT NULL, word TEXT NOT NULL,
        memory_id BIGINT NOT NULL REFERENCES zino_ctx_hard_memory (id) ON DELETE CASCADE,
        PRIMARY KEY (ctxkey, word, memory_id));
      CREATE INDEX zino_ctx_hard_memory_words_by_memory ON zino_ctx_hard_memory_words (memory_id);
    `);
    const insert = "INSERT INTO zino_ctx_hard_memory_words (ctxkey, word, memory_id) SELECT $1, unnest($2::text[]), $3";
    const page = "SELECT id, ctxkey, tag, messages, created_at FROM zino_ctx_hard_memory WHERE id > $1 ORDER BY id LIMIT 500";
    for (let after = 0, rows = (await query(page, [after])).rows; rows.length > 0; rows = (await query(page, [after])).rows) {
      for (const row of rows) {
        const { ctxkey, id, words } = hardMemoryWordRows(row);
        await query(insert, [ctxkey, words, id]);
        after = id;
      }
    }
  },
  // The SHA-256 of a turn's user message (turn-id.ts): a turn_id sent again with another message is refused.
  "ALTER TABLE zino_ctx_turns ADD COLUMN message_sha256 TEXT;",
  // The characters a value counts for (value-bound.ts); a value stored before is counted as stored (sealed, larger).
  "ALTER TABLE zino_ctx_values ADD COLUMN chars BIGINT NOT NULL DEFAULT 0; UPDATE zino_ctx_values SET chars = length(key) + length(value);",
];

/** How long a migration's statements may run, server side (SET LOCAL) and client side (query_timeout). */
const MIGRATION_STATEMENT_SECONDS = 120;

/** Applies the migrations not yet applied, once across hosts; refuses a database from a newer ctx. */
export async function migratePostgres(client: pg.PoolClient): Promise<number> {
  // Waiting for another host's migration, and a migration itself, are not slow requests: [store]
  // statement_timeout_ms does not apply, nor the pool's query_timeout (statement_timeout_ms + 2 s).
  const query = <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const config: TimedQueryConfig = { text, values, query_timeout: (MIGRATION_STATEMENT_SECONDS + 5) * 1000 };
    return client.query<R>(config);
  };
  await query("BEGIN");
  try {
    await query(`SET LOCAL statement_timeout = '${MIGRATION_STATEMENT_SECONDS}s'`);
    await query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await query("CREATE TABLE IF NOT EXISTS zino_ctx_schema (version INTEGER NOT NULL)");
    const rows = (await query<{ version: number }>("SELECT version FROM zino_ctx_schema")).rows;
    let version = rows[0]?.version ?? 0;
    if (rows.length === 0) await query("INSERT INTO zino_ctx_schema (version) VALUES (0)");
    if (version > PG_MIGRATIONS.length) {
      throw new StoreError(
        "store_schema",
        `the ctx database schema version is ${version}; this zino-ctx knows only up to ${PG_MIGRATIONS.length}: upgrade ZINO on this host`,
      );
    }
    for (; version < PG_MIGRATIONS.length; version += 1) {
      const migration = PG_MIGRATIONS[version]!;
      if (typeof migration === "string") await query(migration);
      else await migration(query);
    }
    await query("UPDATE zino_ctx_schema SET version = $1", [version]);
    await query("COMMIT");
    return version;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  }
}
