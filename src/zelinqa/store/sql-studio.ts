// [ext] The studio's records over the SQL port: one-time sign-in codes, and the session facts written with each
// session mutation (summary row, turn row, outcomes, dimension coverage) and read by the conversation list and
// the transcript. Analytics queries live in sql-analytics.ts.
import type { SqlExecutor, SqlParam, SqlRow } from "./sql-executor.js";
import { int, intOrNull, json, text, textOrNull } from "./sql-executor.js";
import { analyticsOperations } from "./sql-analytics.js";
import { VERSION_INSERT_COLUMNS, VERSION_INSERT_VALUES, versionInsertParams } from "./sql-tenancy.js";
import { COVERAGE_CHANGED, RECORD_SESSION_FACTS_SQL, sessionFactsParams } from "./sql-session-facts.js";
import type { SessionFactsRecord, SessionFactsWrite, SessionListQuery, SessionTurnRecord, StudioStoreOperations } from "./studio-port.js";

function toFacts(row: SqlRow): SessionFactsRecord {
  return {
    sessionId: text(row, "session_id"),
    domainId: text(row, "domain_id"),
    configVersionId: text(row, "config_version_id"),
    status: text(row, "status"),
    stopReason: textOrNull(row, "stop_reason"),
    objectiveReached: int(row, "objective_reached") === 1,
    turns: int(row, "turns"),
    objectiveReachedTurn: intOrNull(row, "objective_reached_turn"),
    pendingQuestionId: textOrNull(row, "pending_question_id"),
    createdAt: text(row, "created_at"),
    updatedAt: text(row, "updated_at"),
  };
}

function toTurn(row: SqlRow): SessionTurnRecord {
  return {
    sessionId: text(row, "session_id"),
    stateVersion: int(row, "state_version"),
    turn: int(row, "turn"),
    kind: text(row, "kind"),
    outcomes: json(row, "outcomes") as SessionTurnRecord["outcomes"],
    extracted: json(row, "extracted") as SessionTurnRecord["extracted"],
    progress: json(row, "progress") as SessionTurnRecord["progress"],
    occurredAt: text(row, "occurred_at"),
  };
}

/** `$n` placeholders for `rows` rows of `width` values, numbered from 1. */
function valueRows(rows: number, width: number): string {
  const out: string[] = [];
  for (let r = 0; r < rows; r += 1) {
    out.push(`(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(", ")})`);
  }
  return out.join(", ");
}

/**
 * A multi-row statement's text for each row count, built once: the executors key their prepared statements by the
 * text, and a text built on every call is hashed anew at each lookup. Row counts are bounded by the configuration
 * (its questions, its dimensions); past 256 of them a text is built per call.
 */
function perRowCount(build: (rows: number) => string): (rows: number) => string {
  const texts = new Map<number, string>();
  return (rows) => {
    let text = texts.get(rows);
    if (text === undefined) {
      text = build(rows);
      if (texts.size < 256) texts.set(rows, text);
    }
    return text;
  };
}

const outcomesInsert = perRowCount(
  (rows) => `INSERT INTO session_outcomes (session_id, seq, question_id, outcome, domain_id, config_version_id, session_created_at)
       VALUES ${valueRows(rows, 7)} ON CONFLICT DO NOTHING`,
);

const coverageUpsert = perRowCount(
  (rows) => `INSERT INTO session_dimension_coverage (session_id, dimension_id, coverage, complete, domain_id, config_version_id,
         session_created_at)
       VALUES ${valueRows(rows, 7)}
       ON CONFLICT (session_id, dimension_id) DO UPDATE SET coverage = excluded.coverage, complete = excluded.complete
       ${COVERAGE_CHANGED}`,
);

/**
 * The summary row's upsert, its two texts built once: the executors key their prepared statements by the text, and a
 * text built on every call is hashed anew at each lookup.
 */
const factsUpsert = (onConflict: string) => `INSERT INTO session_facts (session_id, domain_id, config_version_id, status, stop_reason,
       objective_reached, turns, objective_reached_turn, pending_question_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $11, $8, $9, $10)
     ON CONFLICT (session_id) ${onConflict}`;
const FACTS_INSERT_IF_ABSENT = factsUpsert("DO NOTHING");
const FACTS_UPSERT = factsUpsert(`DO UPDATE SET status = excluded.status, stop_reason = excluded.stop_reason,
       objective_reached = excluded.objective_reached, turns = excluded.turns,
       objective_reached_turn = COALESCE(session_facts.objective_reached_turn, excluded.objective_reached_turn),
       pending_question_id = excluded.pending_question_id, updated_at = excluded.updated_at`);

async function upsertFacts(db: SqlExecutor, f: SessionFactsRecord, onlyIfAbsent: boolean): Promise<boolean> {
  const changed = await db.run(onlyIfAbsent ? FACTS_INSERT_IF_ABSENT : FACTS_UPSERT, [
    f.sessionId,
    f.domainId,
    f.configVersionId,
    f.status,
    f.stopReason,
    f.objectiveReached ? 1 : 0,
    f.turns,
    f.pendingQuestionId,
    f.createdAt,
    f.updatedAt,
    f.objectiveReachedTurn,
  ]);
  return changed > 0;
}

async function insertTurn(db: SqlExecutor, turn: SessionTurnRecord): Promise<void> {
  await db.run(
    `INSERT INTO session_turns (session_id, state_version, turn, kind, outcomes, extracted, progress, occurred_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (session_id, state_version) DO NOTHING`,
    [
      turn.sessionId,
      turn.stateVersion,
      turn.turn,
      turn.kind,
      JSON.stringify(turn.outcomes),
      JSON.stringify(turn.extracted),
      JSON.stringify(turn.progress),
      turn.occurredAt,
    ],
  );
}

async function recordSessionFacts(db: SqlExecutor, write: SessionFactsWrite): Promise<void> {
  // PostgreSQL: the same writes as CTEs of one statement (one round trip).
  if (db.dialect === "postgres") return void (await db.get(RECORD_SESSION_FACTS_SQL, sessionFactsParams(write)));
  const { facts, turn, outcomes, coverage } = write;
  if (!(await upsertFacts(db, facts, write.onlyIfAbsent === true))) return;
  if (turn) await insertTurn(db, turn);
  const shared = [facts.domainId, facts.configVersionId, facts.createdAt];
  if (outcomes.length > 0) {
    const params: SqlParam[] = outcomes.flatMap((o) => [facts.sessionId, o.seq, o.questionId, o.outcome, ...shared]);
    await db.run(outcomesInsert(outcomes.length), params);
  }
  if (coverage.length > 0) {
    const params: SqlParam[] = coverage.flatMap((c) => [facts.sessionId, c.dimensionId, c.coverage, c.complete ? 1 : 0, ...shared]);
    await db.run(coverageUpsert(coverage.length), params);
  }
}

/** The list's WHERE clause: each filter adds one indexed or residual condition. */
function listConditions(query: SessionListQuery): { where: string; params: SqlParam[] } {
  const params: SqlParam[] = [query.domainId];
  const conditions = ["domain_id = $1"];
  const add = (sql: (n: string) => string, value: SqlParam) => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (query.status !== undefined) add((n) => `status = ${n}`, query.status);
  if (query.stopReason !== undefined) add((n) => `stop_reason = ${n}`, query.stopReason);
  if (query.objectiveReached !== undefined) add((n) => `objective_reached = ${n}`, query.objectiveReached ? 1 : 0);
  if (query.configurationVersion !== undefined) add((n) => `config_version_id = ${n}`, query.configurationVersion);
  if (query.from !== undefined) add((n) => `created_at >= ${n}`, query.from);
  if (query.to !== undefined) add((n) => `created_at < ${n}`, query.to);
  if (query.before !== undefined) {
    params.push(query.before.createdAt, query.before.sessionId);
    const a = `$${params.length - 1}`;
    const b = `$${params.length}`;
    conditions.push(`(created_at < ${a} OR (created_at = ${a} AND session_id < ${b}))`);
  }
  return { where: conditions.join(" AND "), params };
}

export function studioOperations(db: SqlExecutor): StudioStoreOperations {
  return {
    async insertSignInCode(code) {
      // Expired codes are useless: each new one clears them, so the table stays as small as the live links.
      await db.run(`DELETE FROM studio_sign_in_codes WHERE expires_at <= $1`, [code.createdAt]);
      await db.run(`INSERT INTO studio_sign_in_codes (code_hash, domain_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`, [
        code.codeHash,
        code.domainId,
        code.createdAt,
        code.expiresAt,
      ]);
    },
    async consumeSignInCode(codeHash, now) {
      const row = await db.get(
        `UPDATE studio_sign_in_codes SET used_at = $2 WHERE code_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING domain_id`,
        [codeHash, now],
      );
      return row ? text(row, "domain_id") : null;
    },
    async saveDraftVersion(v) {
      // seq 0: never a published version (those count from 1), so the domain's version sequence is untouched.
      await db.run(
        `INSERT INTO configuration_versions ${VERSION_INSERT_COLUMNS} VALUES ${VERSION_INSERT_VALUES}
         ON CONFLICT (domain_id, id) DO NOTHING`,
        versionInsertParams(v, v.id, 0),
      );
    },
    recordSessionFacts: (write) => recordSessionFacts(db, write),
    async listSessionsWithoutFacts(limit) {
      const rows = await db.all(
        `SELECT s.id, s.domain_id FROM sessions s LEFT JOIN session_facts f ON f.session_id = s.id
         WHERE f.session_id IS NULL ORDER BY s.created_at, s.id LIMIT $1`,
        [limit],
      );
      return rows.map((row) => ({ id: text(row, "id"), domainId: text(row, "domain_id") }));
    },
    async listSessionFacts(query) {
      const { where, params } = listConditions(query);
      params.push(query.limit);
      const rows = await db.all(
        `SELECT * FROM session_facts WHERE ${where} ORDER BY created_at DESC, session_id DESC LIMIT $${params.length}`,
        params,
      );
      return rows.map(toFacts);
    },
    async listSessionTurns(sessionId) {
      // A session has at most 100 turns, but /events may add entries without end: the transcript shows the first 1,000.
      const rows = await db.all(`SELECT * FROM session_turns WHERE session_id = $1 ORDER BY state_version LIMIT 1000`, [sessionId]);
      return rows.map(toTurn);
    },
    ...analyticsOperations(db),
  };
}
