// [ext] Migrations of the studio's tables (issue 15): sign-in codes, and the session facts the conversation list,
// transcripts and analytics read. Outcome and coverage rows repeat the session's domain, version and creation
// time so each chart is one indexed query without a join.
import type { Migration } from "./index.js";

export const STUDIO_MIGRATIONS: readonly Migration[] = [
  {
    version: 3,
    name: "studio sign-in codes and session facts",
    statements: (dialect) => [
      `CREATE TABLE studio_sign_in_codes (
        code_hash TEXT PRIMARY KEY, domain_id TEXT NOT NULL REFERENCES domains(id), created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL, used_at TEXT)`,
      `CREATE TABLE session_facts (
        session_id TEXT PRIMARY KEY REFERENCES sessions(id), domain_id TEXT NOT NULL, config_version_id TEXT NOT NULL,
        status TEXT NOT NULL, stop_reason TEXT, objective_reached INTEGER NOT NULL, turns INTEGER NOT NULL,
        objective_reached_turn INTEGER, pending_question_id TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
      `CREATE INDEX session_facts_by_domain ON session_facts (domain_id, created_at, session_id)`,
      // Covering: every chart over session_facts reads this index only, never the table (migration 6 takes
      // pending_question_id out, so the drop-off chart reads that column from the table).
      `CREATE INDEX session_facts_by_version ON session_facts (domain_id, config_version_id, created_at, status, stop_reason,
        objective_reached, objective_reached_turn, pending_question_id)`,
      `CREATE TABLE session_turns (
        session_id TEXT NOT NULL REFERENCES sessions(id), state_version INTEGER NOT NULL, turn INTEGER NOT NULL,
        kind TEXT NOT NULL, outcomes TEXT NOT NULL, extracted TEXT NOT NULL, progress TEXT NOT NULL,
        occurred_at TEXT NOT NULL, PRIMARY KEY (session_id, state_version))`,
      `CREATE TABLE session_outcomes (
        session_id TEXT NOT NULL REFERENCES sessions(id), seq INTEGER NOT NULL, question_id TEXT NOT NULL,
        outcome TEXT NOT NULL, domain_id TEXT NOT NULL, config_version_id TEXT NOT NULL, session_created_at TEXT NOT NULL,
        PRIMARY KEY (session_id, seq))`,
      `CREATE INDEX session_outcomes_by_version
        ON session_outcomes (domain_id, config_version_id, session_created_at, question_id, outcome)`,
      `CREATE TABLE session_dimension_coverage (
        session_id TEXT NOT NULL REFERENCES sessions(id), dimension_id TEXT NOT NULL, coverage ${dialect === "postgres" ? "DOUBLE PRECISION" : "REAL"} NOT NULL,
        complete INTEGER NOT NULL, domain_id TEXT NOT NULL, config_version_id TEXT NOT NULL,
        session_created_at TEXT NOT NULL, PRIMARY KEY (session_id, dimension_id))`,
      `CREATE INDEX session_dimension_coverage_by_version
        ON session_dimension_coverage (domain_id, config_version_id, session_created_at, dimension_id, coverage, complete)`,
    ],
  },
];
