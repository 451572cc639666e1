// [ext] The studio's session facts (summary row, turn row, outcomes, dimension coverage) as data-modifying CTEs of
// one PostgreSQL statement: the outcome and coverage rows go in as one JSON parameter each, unnested by
// jsonb_to_recordset, so the statement text is the same whatever their number (one prepared statement). The
// one-statement session commit embeds them (written only if the session update matched); recordSessionFacts
// on PostgreSQL runs them alone. SQLite keeps the step-by-step inserts of sql-studio.ts: same rows, same conflicts.
import type { SqlParam } from "./sql-executor.js";
import type { SessionFactsWrite } from "./studio-port.js";

/**
 * A dimension's coverage row is rewritten only when its value changed: most turns leave most dimensions as they
 * were, and an unchanged row rewritten still costs a page (SQLite) or a new tuple (PostgreSQL; there the row is
 * still locked, a small WAL record). Leaving the unchanged rows out before the insert with NOT EXISTS was tried:
 * the planner, expecting 100 rows from jsonb_to_recordset, hashed a sequential scan of the whole table.
 */
export const COVERAGE_CHANGED = `WHERE session_dimension_coverage.coverage <> excluded.coverage
      OR session_dimension_coverage.complete <> excluded.complete`;

/** A session's summary row met again: the turn the objective was first reached at stays; the rest follows the session. */
export const FACTS_ON_CONFLICT = `ON CONFLICT (session_id) DO UPDATE SET status = excluded.status, stop_reason = excluded.stop_reason,
      objective_reached = excluded.objective_reached, turns = excluded.turns,
      objective_reached_turn = COALESCE(session_facts.objective_reached_turn, excluded.objective_reached_turn),
      pending_question_id = excluded.pending_question_id, updated_at = excluded.updated_at`;

/**
 * The CTEs `facts`, `turn`, `outc` and `cov`, their parameters numbered from `$first`; `gate` is an SQL condition
 * they write under. The summary row is upserted (kept as is when onlyIfAbsent); the turn, outcomes and coverage
 * follow only when it was written, as in sql-studio.ts.
 */
export function sessionFactsCtes(first: number, gate: string): string {
  const p = (i: number) => `$${first + i}`;
  return `facts AS (
    INSERT INTO session_facts (session_id, domain_id, config_version_id, status, stop_reason, objective_reached, turns,
      objective_reached_turn, pending_question_id, created_at, updated_at)
    SELECT ${p(0)}::text, ${p(1)}::text, ${p(2)}::text, ${p(3)}::text, ${p(4)}::text, ${p(5)}::integer, ${p(6)}::integer,
      ${p(7)}::integer, ${p(8)}::text, ${p(9)}::text, ${p(10)}::text
    WHERE ${gate}
    ${FACTS_ON_CONFLICT}
    WHERE NOT ${p(11)}::boolean
    RETURNING session_id
  ), turn AS (
    INSERT INTO session_turns (session_id, state_version, turn, kind, outcomes, extracted, progress, occurred_at)
    SELECT session_id, ${p(12)}::integer, ${p(13)}::integer, ${p(14)}::text, ${p(15)}::text, ${p(16)}::text, ${p(17)}::text,
      ${p(18)}::text
    FROM facts WHERE ${p(14)}::text IS NOT NULL
    ON CONFLICT (session_id, state_version) DO NOTHING
  ), outc AS (
    INSERT INTO session_outcomes (session_id, seq, question_id, outcome, domain_id, config_version_id, session_created_at)
    SELECT f.session_id, r.seq, r.question_id, r.outcome, ${p(1)}::text, ${p(2)}::text, ${p(9)}::text
    FROM facts f, jsonb_to_recordset(${p(19)}::jsonb) AS r (seq integer, question_id text, outcome text)
    WHERE true
    ON CONFLICT DO NOTHING
  ), cov AS (
    INSERT INTO session_dimension_coverage (session_id, dimension_id, coverage, complete, domain_id, config_version_id,
      session_created_at)
    SELECT f.session_id, r.dimension_id, r.coverage, r.complete, ${p(1)}::text, ${p(2)}::text, ${p(9)}::text
    FROM facts f, jsonb_to_recordset(${p(20)}::jsonb) AS r (dimension_id text, coverage double precision, complete integer)
    WHERE true
    ON CONFLICT (session_id, dimension_id) DO UPDATE SET coverage = excluded.coverage, complete = excluded.complete
    ${COVERAGE_CHANGED}
  )`;
}

/** The CTEs' 21 parameters. */
export function sessionFactsParams(write: SessionFactsWrite): SqlParam[] {
  const { facts: f, turn: t } = write;
  if (t && t.sessionId !== f.sessionId) throw new Error("a session facts write's turn must belong to its session");
  return [
    f.sessionId,
    f.domainId,
    f.configVersionId,
    f.status,
    f.stopReason,
    f.objectiveReached ? 1 : 0,
    f.turns,
    f.objectiveReachedTurn,
    f.pendingQuestionId,
    f.createdAt,
    f.updatedAt,
    write.onlyIfAbsent === true,
    t?.stateVersion ?? null,
    t?.turn ?? null,
    t?.kind ?? null,
    t ? JSON.stringify(t.outcomes) : null,
    t ? JSON.stringify(t.extracted) : null,
    t ? JSON.stringify(t.progress) : null,
    t?.occurredAt ?? null,
    JSON.stringify(outcomeRows(write)),
    JSON.stringify(coverageRows(write)),
  ];
}

/** The outcome rows as the statements' jsonb_to_recordset reads them. */
export const outcomeRows = (write: SessionFactsWrite) =>
  write.outcomes.map((o) => ({ seq: o.seq, question_id: o.questionId, outcome: o.outcome }));

/** The coverage rows as the statements' jsonb_to_recordset reads them. */
export const coverageRows = (write: SessionFactsWrite) =>
  write.coverage.map((c) => ({ dimension_id: c.dimensionId, coverage: c.coverage, complete: c.complete ? 1 : 0 }));

/** recordSessionFacts on PostgreSQL: one statement, one round trip. */
export const RECORD_SESSION_FACTS_SQL = `WITH ${sessionFactsCtes(1, "true")}
  SELECT (SELECT count(*) FROM facts) AS written`;
