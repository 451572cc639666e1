// The write of one session mutation (/next, /events): the state_version compare-and-swap (docs/zelinqa-api.md §7), its decision,
// its journal row, the request's idempotency record and the studio's session facts, all or nothing. PostgreSQL does it in one statement
// (one round trip, no BEGIN/COMMIT), either completing a reserved key or, when this process knows the session's
// current state (session-cache.ts), inserting the key's record already completed (commitSessionMutationOnNewKey), so
// that the whole /next is one round trip. SQLite, in-process, runs the same steps, several mutations to a transaction (sql-session-group-commit.ts).
import type { SessionCache } from "./session-cache.js";
import type { SqlExecutor, SqlParam } from "./sql-executor.js";
import { int } from "./sql-executor.js";
import { insertNewKeyRecord } from "./sql-idempotency.js";
import { sessionFactsCtes, sessionFactsParams } from "./sql-session-facts.js";
import type {
  IdempotencyCompletion,
  IdempotencyReservation,
  NewKeyCommit,
  SessionMutation,
  SessionMutationOutcome,
  StoreOperations,
  StoredResponse,
} from "./store-port.js";

export class MutationRolledBack extends Error {
  constructor(readonly outcome: Exclude<SessionMutationOutcome, "committed">) {
    super(outcome);
  }
}

/** SQLite, a key never reserved: its completed record goes in first; a key that already has a record rolls the write back. */
export async function insertNewKeyRecordOrRollBack(tx: SqlExecutor, r: IdempotencyReservation, response: StoredResponse): Promise<void> {
  if (!(await insertNewKeyRecord(tx, r, response))) throw new MutationRolledBack("idempotency_lost");
}

/** The steps of one mutation with `tx`'s operations; a lost CAS or reservation throws MutationRolledBack. */
export async function sessionMutationSteps(tx: StoreOperations, mutation: SessionMutation, stateText?: string): Promise<"committed"> {
  if (!(await tx.updateSession(mutation.update, stateText))) throw new MutationRolledBack("state_version_conflict");
  if (mutation.decision) await tx.insertDecision(mutation.decision);
  await tx.appendSessionEvent(mutation.event);
  if (mutation.completion && !(await tx.completeIdempotency(mutation.completion))) throw new MutationRolledBack("idempotency_lost");
  if (mutation.facts) await tx.recordSessionFacts(mutation.facts);
  return "committed";
}

/** The CAS update, gated by `gate`, and the decision and journal rows written only if it matched. */
const updateCtes = (gate: string) => `upd AS (
    UPDATE sessions SET state = $3, state_version = $4, status = $5, turn_count = $6, updated_at = $7
    WHERE id = $1 AND state_version = $2 AND ${gate}
    RETURNING id
  ), dec AS (
    INSERT INTO decisions (id, session_id, state_version, candidates, created_at)
    SELECT $8::text, id, $4, $9, $7 FROM upd WHERE $8::text IS NOT NULL
  ), ev AS (
    INSERT INTO session_events (session_id, state_version, kind, request_id, summary, occurred_at)
    SELECT id, $4, $10, $11, $12, $13 FROM upd
  )`;

/** The studio's facts (sql-session-facts.ts, parameters from `first`), written only if the CTE `written` wrote its row. */
export const factsCtes = (facts: boolean, first: number, written: string) =>
  facts ? `, ${sessionFactsCtes(first, `EXISTS (SELECT 1 FROM ${written})`)}` : "";

/** Locks our in_flight idempotency row ($14–$17), when there is a completion: nobody can take it over until we commit. */
export const HELD_CTE = `held AS MATERIALIZED (
    SELECT 1 FROM idempotency_records
    WHERE $14::text IS NOT NULL AND domain_id = $14 AND operation = $15 AND idempotency_key = $16 AND token = $17
      AND status = 'in_flight'
    FOR UPDATE
  )`;

/** Completes the held record with the response ($18–$21) if the CTE `written` wrote its row. */
export const doneCte = (written: string) => `done AS (
    UPDATE idempotency_records SET status = 'completed', response_status = $18, response_body = $19,
      response_content_type = $20, request_id = $21
    WHERE domain_id = $14 AND operation = $15 AND idempotency_key = $16 AND token = $17 AND status = 'in_flight'
      AND EXISTS (SELECT 1 FROM ${written})
    RETURNING 1
  )`;

/**
 * One statement, atomic by itself. `held` locks our in_flight idempotency row first (nobody can take it over
 * until we commit), the session update runs only if that row is ours, and the decision, journal row and
 * idempotency completion run only if the update matched, and so do the studio's facts when the mutation has
 * them (parameters from $22). So nothing is written unless everything is. A mutation without facts runs the
 * statement without their CTEs (a smaller plan).
 */
const commitSql = (facts: boolean) => `WITH ${HELD_CTE}, ${updateCtes("($14::text IS NULL OR EXISTS (SELECT 1 FROM held))")},
  ${doneCte("upd")}${factsCtes(facts, 22, "upd")}
  SELECT (SELECT count(*) FROM held) AS held, (SELECT count(*) FROM upd) AS updated, (SELECT count(*) FROM done) AS completed`;

/**
 * Inserts the key's record already completed ($14–$21 as the completion, $22–$26 the reservation's fingerprint,
 * lease, time, expiry and holder), from `source` (a FROM clause or nothing), unless the key exists: then `rec` is empty.
 */
export const newKeyRecordCte = (source: string) => `rec AS (
    INSERT INTO idempotency_records (domain_id, operation, idempotency_key, fingerprint, status, token, lease_expires_at,
      created_at, expires_at, holder, response_status, response_body, response_content_type, request_id)
    SELECT $14::text, $15::text, $16::text, $22::text, 'completed', $17::text, $23::text, $24::text, $25::text, $26::text,
      $18::integer, $19::text, $20::text, $21::text
    ${source}
    ON CONFLICT DO NOTHING
    RETURNING 1
  )`;

/** Parameters $22–$26 of a statement with newKeyRecordCte. */
export const newKeyParams = (r: IdempotencyReservation, holder: string | null): SqlParam[] => [
  r.fingerprint,
  r.leaseExpiresAt,
  r.now,
  r.expiresAt,
  holder,
];

/**
 * The same writes under an idempotency key never reserved: `cur` locks the session row at the expected version
 * (a concurrent CAS that moved it on leaves nothing to lock), the completed idempotency record is inserted only
 * then and only if the key is new, and the update only if the record went in. The lock makes the update match
 * whenever the record went in, so the statement writes everything or nothing. Parameters $22–$26 are the
 * reservation's, the facts' from $27.
 */
const commitOnNewKeySql = (facts: boolean) => `WITH cur AS MATERIALIZED (
    SELECT 1 FROM sessions WHERE id = $1 AND state_version = $2 FOR UPDATE
  ), ${newKeyRecordCte("FROM cur")}, ${updateCtes("EXISTS (SELECT 1 FROM rec)")}${factsCtes(facts, 27, "upd")}
  SELECT (SELECT count(*) FROM cur) AS held, (SELECT count(*) FROM rec) AS recorded, (SELECT count(*) FROM upd) AS updated`;

const COMMIT_SQL = commitSql(false);
const COMMIT_WITH_FACTS_SQL = commitSql(true);
const COMMIT_ON_NEW_KEY_SQL = commitOnNewKeySql(false);
const COMMIT_ON_NEW_KEY_WITH_FACTS_SQL = commitOnNewKeySql(true);

/** The statements write the decision, the journal row and the facts for the updated session at its new version. */
export function checkMutationRows(mutation: Omit<SessionMutation, "completion">): void {
  const { update: u, decision: d, event: e, facts: f } = mutation;
  if ((d && (d.sessionId !== u.id || d.stateVersion !== u.stateVersion)) || e.sessionId !== u.id || e.stateVersion !== u.stateVersion) {
    throw new Error("a session mutation's decision and event must belong to its update");
  }
  if (f && (f.facts.sessionId !== u.id || (f.turn && f.turn.sessionId !== u.id))) {
    throw new Error("a session mutation's facts must belong to its update");
  }
}

/** Parameters $1–$21 of both statements; the serialised state is the caller's (it also goes to the session cache). */
function mutationParams(mutation: SessionMutation, stateText: string): SqlParam[] {
  const { update: u, decision: d, event: e, completion: c } = mutation;
  checkMutationRows(mutation);
  return [
    u.id,
    u.expectedStateVersion,
    stateText,
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
    ...completionParams(c),
  ];
}

/** Parameters $14–$21: the idempotency completion, or nulls. */
export function completionParams(c: IdempotencyCompletion | undefined): SqlParam[] {
  return [
    c?.domainId ?? null,
    c?.operation ?? null,
    c?.key ?? null,
    c?.token ?? null,
    c?.response.status ?? null,
    c?.response.body ?? null,
    c?.response.contentType ?? null,
    c?.response.requestId ?? null,
  ];
}

export async function commitSessionMutationInOneStatement(
  db: SqlExecutor,
  mutation: SessionMutation,
  sessions?: SessionCache,
): Promise<SessionMutationOutcome> {
  const { completion: c, facts: f } = mutation;
  const stateText = JSON.stringify(mutation.update.state);
  const params = [...mutationParams(mutation, stateText), ...(f ? sessionFactsParams(f) : [])];
  const row = await db.get(f ? COMMIT_WITH_FACTS_SQL : COMMIT_SQL, params);
  if (!row) throw new Error("session commit returned no row");
  if (c && int(row, "held") === 0) return "idempotency_lost";
  if (int(row, "updated") === 0) {
    sessions?.forget(mutation.update.id);
    return "state_version_conflict";
  }
  if (c && int(row, "completed") === 0) throw new Error("session commit: the held idempotency record was not completed");
  sessions?.advance(mutation.update, stateText);
  return "committed";
}

export async function commitSessionMutationOnNewKey(
  db: SqlExecutor,
  input: NewKeyCommit & { holder: string | null; sessions: SessionCache },
): Promise<"committed" | "not_committed"> {
  const { mutation, reservation: r, response } = input;
  const f = mutation.facts;
  const stateText = JSON.stringify(mutation.update.state);
  const completion = { domainId: r.domainId, operation: r.operation, key: r.key, token: r.token, response };
  const params = [
    ...mutationParams({ ...mutation, completion }, stateText),
    ...newKeyParams(r, input.holder),
    ...(f ? sessionFactsParams(f) : []),
  ];
  const row = await db.get(f ? COMMIT_ON_NEW_KEY_WITH_FACTS_SQL : COMMIT_ON_NEW_KEY_SQL, params);
  if (!row) throw new Error("session commit returned no row");
  if (int(row, "held") === 0) {
    // The session moved on (or is gone): this process's copy is stale.
    input.sessions.forget(mutation.update.id);
    return "not_committed";
  }
  if (int(row, "recorded") === 0) return "not_committed";
  if (int(row, "updated") === 0) throw new Error("session commit: the locked session was not updated");
  input.sessions.advance(mutation.update, stateText);
  return "committed";
}
