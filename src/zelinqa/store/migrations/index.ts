// Versioned migrations of the logical schema of docs/zelinqa-api.md §2.3, one list for both backends. Each step runs in its own
// transaction together with its `schema_migrations` row, so a crash never leaves a half-applied version.
import type { SqlDialect, SqlExecutor } from "../sql-executor.js";
import { int } from "../sql-executor.js";
import { STUDIO_MIGRATIONS } from "./studio-migrations.js";

export interface Migration {
  version: number;
  name: string;
  statements(dialect: SqlDialect): string[];
}

/** The tables written with every session mutation, keyed on the session (migration 7). */
export const PER_TURN_TABLES = [
  "decisions",
  "session_events",
  "session_facts",
  "session_turns",
  "session_outcomes",
  "session_dimension_coverage",
];

const serialKey = (dialect: SqlDialect) => (dialect === "postgres" ? "BIGSERIAL PRIMARY KEY" : "INTEGER PRIMARY KEY AUTOINCREMENT");

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "initial schema",
    statements: (dialect) => [
      `CREATE TABLE organizations (
        id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL)`,
      `CREATE TABLE domains (
        id TEXT PRIMARY KEY, organization_id TEXT NOT NULL REFERENCES organizations(id), name TEXT NOT NULL,
        created_at TEXT NOT NULL, config_version_seq INTEGER NOT NULL DEFAULT 0, published_version_id TEXT)`,
      `CREATE TABLE api_keys (
        id TEXT PRIMARY KEY, key_hash TEXT NOT NULL UNIQUE, domain_id TEXT NOT NULL REFERENCES domains(id),
        label TEXT, scopes TEXT NOT NULL, created_at TEXT NOT NULL, expires_at TEXT, revoked_at TEXT)`,
      `CREATE TABLE drafts (
        domain_id TEXT PRIMARY KEY REFERENCES domains(id), revision INTEGER NOT NULL, content TEXT NOT NULL,
        updated_at TEXT NOT NULL)`,
      `CREATE TABLE configuration_versions (
        domain_id TEXT NOT NULL REFERENCES domains(id), id TEXT NOT NULL, seq INTEGER NOT NULL,
        draft_revision INTEGER NOT NULL, content TEXT NOT NULL, artifact TEXT NOT NULL, engine_version TEXT NOT NULL,
        compilation_id TEXT, published_at TEXT NOT NULL, PRIMARY KEY (domain_id, id))`,
      `CREATE TABLE compilation_jobs (
        id TEXT PRIMARY KEY, domain_id TEXT NOT NULL REFERENCES domains(id), status TEXT NOT NULL,
        draft_revision INTEGER NOT NULL, snapshot TEXT NOT NULL, progress REAL NOT NULL, error TEXT,
        configuration_version TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, lease_expires_at TEXT,
        request_id TEXT NOT NULL, actor_key_id TEXT NOT NULL, actor_scopes TEXT NOT NULL)`,
      // docs/zelinqa-api.md §2.3: at most one queued or running compilation per domain, across processes.
      `CREATE UNIQUE INDEX compilation_jobs_one_active ON compilation_jobs (domain_id)
        WHERE status IN ('queued', 'running')`,
      `CREATE INDEX compilation_jobs_by_status ON compilation_jobs (status, created_at)`,
      `CREATE TABLE sessions (
        id TEXT PRIMARY KEY, domain_id TEXT NOT NULL REFERENCES domains(id), config_version_id TEXT NOT NULL,
        state TEXT NOT NULL, state_version INTEGER NOT NULL, status TEXT NOT NULL, turn_count INTEGER NOT NULL,
        created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
      `CREATE TABLE decisions (
        id TEXT PRIMARY KEY, session_id TEXT NOT NULL REFERENCES sessions(id), state_version INTEGER NOT NULL,
        candidates TEXT NOT NULL, created_at TEXT NOT NULL)`,
      `CREATE INDEX decisions_by_session ON decisions (session_id)`,
      // The journal is keyed on (session, resulting state_version): one row per successful mutation.
      `CREATE TABLE session_events (
        session_id TEXT NOT NULL REFERENCES sessions(id), state_version INTEGER NOT NULL, kind TEXT NOT NULL,
        request_id TEXT NOT NULL, summary TEXT NOT NULL, occurred_at TEXT NOT NULL,
        PRIMARY KEY (session_id, state_version))`,
      `CREATE TABLE feedback (
        id TEXT PRIMARY KEY, session_id TEXT NOT NULL REFERENCES sessions(id), result TEXT NOT NULL, label TEXT,
        metadata TEXT, source TEXT NOT NULL, recorded_at TEXT NOT NULL)`,
      `CREATE INDEX feedback_by_session ON feedback (session_id, recorded_at)`,
      `CREATE TABLE idempotency_records (
        domain_id TEXT NOT NULL, operation TEXT NOT NULL, idempotency_key TEXT NOT NULL, fingerprint TEXT NOT NULL,
        status TEXT NOT NULL, token TEXT NOT NULL, lease_expires_at TEXT NOT NULL, response_status INTEGER,
        response_body TEXT, response_content_type TEXT, request_id TEXT, created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL, PRIMARY KEY (domain_id, operation, idempotency_key))`,
      `CREATE INDEX idempotency_records_expiry ON idempotency_records (expires_at)`,
      `CREATE TABLE audit_events (
        seq ${serialKey(dialect)}, id TEXT NOT NULL UNIQUE, domain_id TEXT NOT NULL REFERENCES domains(id),
        occurred_at TEXT NOT NULL, action TEXT NOT NULL, resource_type TEXT NOT NULL, resource_id TEXT NOT NULL,
        actor_key_id TEXT NOT NULL, scopes TEXT NOT NULL, request_id TEXT NOT NULL, diff TEXT NOT NULL,
        details TEXT NOT NULL)`,
      `CREATE INDEX audit_events_by_domain ON audit_events (domain_id, seq)`,
    ],
  },
  {
    version: 2,
    name: "idempotency lease holder",
    // Which process holds an in_flight reservation, so a dead holder's lease is taken over at once (docs/zelinqa-api.md §6.5).
    statements: () => [`ALTER TABLE idempotency_records ADD COLUMN holder TEXT`],
  },
  ...STUDIO_MIGRATIONS,
  {
    version: 4,
    name: "rate limit windows",
    // The API's per-key sliding-window counts, shared by every process on the database (sql-rate-limits.ts).
    statements: () => [
      `CREATE TABLE rate_limit_windows (
        key_id TEXT NOT NULL, window_start BIGINT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (key_id, window_start))`,
    ],
  },
  {
    version: 5,
    name: "leaner session mutations",
    // Issue 14: every /next inserted a decision into an index no statement reads (decisions are read by id only, and
    // sessions are never deleted, so no foreign-key check needs it either): one page or index entry less per turn.
    statements: () => [`DROP INDEX IF EXISTS decisions_by_session`],
  },
  {
    version: 6,
    name: "room for in-place updates of per-turn rows",
    // Issue 14: every /next updates its session row, its session_facts row and its idempotency record. PostgreSQL
    // rewrites such a row in its own page, without touching any index (a HOT update), only when no indexed column
    // changed and the page has room: free space left on each page (new pages only; existing ones gain it as they are
    // rewritten), and pending_question_id, which changes every turn, out of session_facts_by_version (the drop-off
    // chart, its only reader, fetches it from the table). Rebuilding the index locks session_facts while it runs.
    statements: (dialect) => [
      ...(dialect === "postgres"
        ? [
            `ALTER TABLE sessions SET (fillfactor = 80)`,
            `ALTER TABLE session_facts SET (fillfactor = 80)`,
            `ALTER TABLE idempotency_records SET (fillfactor = 70)`,
          ]
        : []),
      `DROP INDEX session_facts_by_version`,
      `CREATE INDEX session_facts_by_version ON session_facts (domain_id, config_version_id, created_at, status, stop_reason,
        objective_reached, objective_reached_turn)`,
    ],
  },
  {
    version: 7,
    name: "per-turn rows without foreign-key triggers",
    // Issue 14, PostgreSQL only: a foreign key runs a trigger query per inserted row, four or five per /next and about
    // a tenth of the database's CPU. The rows of these tables are written only by the statement that creates or
    // updates their session, from that statement's own sessions row (sql-session-commit.ts, sql-session-creation.ts,
    // and the backfill reads stored sessions), and sessions are never deleted, so the key cannot point at nothing
    // (store.test.ts checks that a mutation of a missing session writes none of them). feedback keeps its key: its
    // session id comes from the request. SQLite keeps its keys: its check is an in-process index probe.
    statements: (dialect) =>
      dialect === "postgres"
        ? PER_TURN_TABLES.map((table) => `ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${table}_session_id_fkey`)
        : [],
  },
  {
    version: 8,
    name: "artefact seals",
    // docs/zelinqa-api.md §12.5: the SHA-256 of each artefact's text and the fingerprint of the schema it fitted, written
    // with it, so that loading it again verifies the digest instead of checking the schema (a third of a load). Versions
    // stored before have none and are checked as before.
    statements: () => [
      `ALTER TABLE configuration_versions ADD COLUMN artifact_sha256 TEXT`,
      `ALTER TABLE configuration_versions ADD COLUMN artifact_schema TEXT`,
    ],
  },
  {
    version: 9,
    name: "artefact parts",
    // docs/zelinqa-api.md §12.5: a large artefact's text is written in parts of a few MB, each its own short statement,
    // before the transaction that publishes its version: one 44 MB row held SQLite's single writer (and, the driver being
    // synchronous, the request thread) for 400 to 500 ms. `artifact_parts` counts them; NULL: the text is in `artifact`.
    statements: () => [
      `CREATE TABLE artifact_parts (compilation_id TEXT NOT NULL, part INTEGER NOT NULL, text TEXT NOT NULL,
        PRIMARY KEY (compilation_id, part))`,
      `ALTER TABLE configuration_versions ADD COLUMN artifact_parts INTEGER`,
    ],
  },
];

const LOCK_ID = 7_246_311;

/**
 * Applies the pending migrations of `migrations` (all of them but in tests that build an older schema); on
 * PostgreSQL an advisory lock serialises concurrent starters.
 */
export async function applyMigrations(
  executor: SqlExecutor,
  now: () => Date,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  return executor.transaction(
    async (tx) => {
      if (tx.dialect === "postgres") await tx.all(`SELECT pg_advisory_xact_lock(${LOCK_ID})`);
      await tx.run(
        `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`,
      );
      const rows = await tx.all(`SELECT version FROM schema_migrations`);
      const done = new Set(rows.map((row) => int(row, "version")));
      const applied: number[] = [];
      for (const migration of migrations) {
        if (done.has(migration.version)) continue;
        for (const statement of migration.statements(tx.dialect)) await tx.run(statement);
        await tx.run(`INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)`, [
          migration.version,
          migration.name,
          now().toISOString(),
        ]);
        applied.push(migration.version);
      }
      return applied;
    },
    // Building an index over a large table, or waiting for another process's migration, may take minutes.
    { long: true },
  );
}
