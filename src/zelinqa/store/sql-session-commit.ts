// The write of one session mutation (/next, /events): the state_version compare-and-swap (docs/zelinqa-api.md §7), its decision,
// its journal row, the request's idempotency record and the studio's session facts, all or nothing. PostgreSQL does it in one statement
// (one round trip, no BEGIN/COMMIT); SQLite, in-process, runs the same steps, several mutations to a transaction
// (sql-session-group-commit.ts).
import type { SqlExecutor } from "./sql-executor.js";
import { int } from "./sql-executor.js";
import { sessionFactsCtes, sessionFactsParams } from "./sql-session-facts.js";
import type { SessionMutation, SessionMutationOutcome, StoreOperations } from "./store-port.js";

export class MutationRolledBack extends Error {
  constructor(readonly outcome: Exclude<SessionMutationOutcome, "committed">) {
    super(outcome);
  }
}

/** The steps of one mutation with `tx`'s operations; a lost CAS or reservation throws MutationRolledBack. */
export async function sessionMutationSteps(tx: StoreOperations, mutation: SessionMutation): Promise<"committed"> {
  if (!(await tx.updateSession(mutation.update))) throw new MutationRolledBack("state_version_conflict");
  if (mutation.decision) await tx.insertDecision(mutation.decision);
  await tx.appendSessionEvent(mutation.event);
  if (mutation.completion && !(await tx.completeIdempotency(mutation.completion))) throw new MutationRolledBack("idempotency_lost");
  if (mutation.facts) await tx.recordSessionFacts(mutation.facts);
  return "committed";
}

/**
 * One statement, atomic by itself. `held` locks our in_flight idempotency row first (nobody can take it over
 * until we commit), the session update runs only if that row is ours, and the decision, journal row and
 * idempotency completion run only if the update matched, and so do the studio's facts when the mutation has
 * them (sql-session-facts.ts, parameters from $22). So nothing is written unless everything is. A mutation
 * without facts runs the statement without their CTEs (a smaller plan).
 */
const commitSql = (facts: boolean) => `WITH held AS MATERIALIZED (
    SELECT 1 FROM idempotency_records
    WHERE $14::text IS NOT NULL AND domain_id = $14 AND operation = $15 AND idempotency_key = $16 AND token = $17
      AND status = 'in_flight'
    FOR UPDATE
  ), upd AS (
    UPDATE sessions SET state = $3, state_version = $4, status = $5, turn_count = $6, updated_at = $7
    WHERE id = $1 AND state_version = $2 AND ($14::text IS NULL OR EXISTS (SELECT 1 FROM held))
    RETURNING id
  ), dec AS (
    INSERT INTO decisions (id, session_id, state_version, candidates, created_at)
    SELECT $8::text, id, $4, $9, $7 FROM upd WHERE $8::text IS NOT NULL
  ), ev AS (
    INSERT INTO session_events (session_id, state_version, kind, request_id, summary, occurred_at)
    SELECT id, $4, $10, $11, $12, $13 FROM upd
  ), done AS (
    UPDATE idempotency_records SET status = 'completed', response_status = $18, response_body = $19,
      response_content_type = $20, request_id = $21
    WHERE domain_id = $14 AND operation = $15 AND idempotency_key = $16 AND token = $17 AND status = 'in_flight'
      AND EXISTS (SELECT 1 FROM upd)
    RETURNING 1
  )${facts ? `, ${sessionFactsCtes(22, "EXISTS (SELECT 1 FROM upd)")}` : ""}
  SELECT (SELECT count(*) FROM held) AS held, (SELECT count(*) FROM upd) AS updated, (SELECT count(*) FROM done) AS completed`;

const COMMIT_SQL = commitSql(false);
const COMMIT_WITH_FACTS_SQL = commitSql(true);

export async function commitSessionMutationInOneStatement(db: SqlExecutor, mutation: SessionMutation): Promise<SessionMutationOutcome> {
  const { update: u, decision: d, event: e, completion: c, facts: f } = mutation;
  // The statement writes the decision, the journal row and the facts for the updated session at its new version.
  if ((d && (d.sessionId !== u.id || d.stateVersion !== u.stateVersion)) || e.sessionId !== u.id || e.stateVersion !== u.stateVersion) {
    throw new Error("a session mutation's decision and event must belong to its update");
  }
  if (f && f.facts.sessionId !== u.id) throw new Error("a session mutation's facts must belong to its update");
  const row = await db.get(f ? COMMIT_WITH_FACTS_SQL : COMMIT_SQL, [
    u.id,
    u.expectedStateVersion,
    JSON.stringify(u.state),
    u.stateVersion,
    u.status,
    u.turnCount,
    u.updatedAt,
    d?.id ?? null,
    d ? JSON.stringify(d.candidates) : null,
    e.kind,
    e.requestId,
    JSON.stringify(e.summary),
    e.occurredAt,
    c?.domainId ?? null,
    c?.operation ?? null,
    c?.key ?? null,
    c?.token ?? null,
    c?.response.status ?? null,
    c?.response.body ?? null,
    c?.response.contentType ?? null,
    c?.response.requestId ?? null,
    ...(f ? sessionFactsParams(f) : []),
  ]);
  if (!row) throw new Error("session commit returned no row");
  if (c && int(row, "held") === 0) return "idempotency_lost";
  if (int(row, "updated") === 0) return "state_version_conflict";
  if (c && int(row, "completed") === 0) throw new Error("session commit: the held idempotency record was not completed");
  return "committed";
}
