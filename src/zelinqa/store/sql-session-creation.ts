// The write of a new session (POST /v1/sessions, docs/zelinqa-api.md §8.1): its row, its first journal row, the studio's facts and
// the request's idempotency record, all or nothing. PostgreSQL does it in one statement, as it does a mutation
// (sql-session-commit.ts), instead of BEGIN, four statements and COMMIT, and under a key never reserved also the key's
// completed record (commitSessionCreationOnNewKey); SQLite runs the same steps in a transaction, under a key never
// reserved together with the other sessions' writes of the moment (sql-session-group-commit.ts).
import type { SessionCache } from "./session-cache.js";
import type { SqlExecutor, SqlParam } from "./sql-executor.js";
import { int } from "./sql-executor.js";
import { HELD_CTE, MutationRolledBack, completionParams, doneCte, factsCtes, newKeyParams, newKeyRecordCte } from "./sql-session-commit.js";
import { sessionFactsParams } from "./sql-session-facts.js";
import type { NewKeyCreation, SessionCreation, SessionCreationOutcome, StoreOperations } from "./store-port.js";

export function checkCreation(creation: Omit<SessionCreation, "completion">): void {
  const { session: s, event: e, facts: f } = creation;
  if (e.sessionId !== s.id || e.stateVersion !== s.stateVersion || f.facts.sessionId !== s.id) {
    throw new Error("a session creation's event and facts must belong to its session");
  }
}

/** The steps of one creation with `tx`'s operations; a completion whose reservation was taken over throws MutationRolledBack. */
export async function sessionCreationSteps(tx: StoreOperations, creation: SessionCreation): Promise<"committed"> {
  checkCreation(creation);
  await tx.insertSession(creation.session);
  await tx.appendSessionEvent(creation.event);
  await tx.recordSessionFacts(creation.facts);
  if (creation.completion && !(await tx.completeIdempotency(creation.completion))) throw new MutationRolledBack("idempotency_lost");
  return "committed";
}

/** SQLite (and any executor): the steps in one transaction. */
export async function commitSessionCreationInTransaction(
  db: SqlExecutor,
  operations: (tx: SqlExecutor) => StoreOperations,
  creation: SessionCreation,
): Promise<SessionCreationOutcome> {
  try {
    return await db.transaction((tx) => sessionCreationSteps(operations(tx), creation));
  } catch (error) {
    if (error instanceof MutationRolledBack && error.outcome === "idempotency_lost") return error.outcome;
    throw error;
  }
}

/** The session row, gated by `gate`, and its first journal row, written only if the session row went in. */
const sessionInsertCtes = (gate: string) => `ins AS (
    INSERT INTO sessions (id, domain_id, config_version_id, state, state_version, status, turn_count, created_at, updated_at)
    SELECT $1::text, $2::text, $3::text, $4::text, $5::integer, $6::text, $7::integer, $8::text, $9::text
    WHERE ${gate}
    RETURNING id
  ), ev AS (
    INSERT INTO session_events (session_id, state_version, kind, request_id, summary, occurred_at)
    SELECT id, $5::integer, $10::text, $11::text, $12::text, $13::text FROM ins
  )`;

/**
 * One statement: `held` locks our in_flight idempotency row, the session row goes in only if it is ours (or there
 * is no completion), and the journal row, the completion and the facts (parameters from $22) only if the session
 * row went in. Parameters $14–$21 are the completion's, as in the mutation's statement.
 */
const CREATE_SQL = `WITH ${HELD_CTE}, ${sessionInsertCtes("$14::text IS NULL OR EXISTS (SELECT 1 FROM held)")},
  ${doneCte("ins")}${factsCtes(true, 22, "ins")}
  SELECT (SELECT count(*) FROM held) AS held, (SELECT count(*) FROM ins) AS inserted, (SELECT count(*) FROM done) AS completed`;

/** The same under a key never reserved: its completed record first, and the rest only if the key was new ($22–$26
 * the reservation's, the facts' from $27–$47); $48 onlyIfPublished: nothing unless $3 is still the domain's published version. */
const ONLY_IF_PUBLISHED = "WHERE NOT $48::boolean OR EXISTS (SELECT 1 FROM domains WHERE id = $2 AND published_version_id = $3)";
const CREATE_ON_NEW_KEY_SQL = `WITH ${newKeyRecordCte(ONLY_IF_PUBLISHED)}, ${sessionInsertCtes("EXISTS (SELECT 1 FROM rec)")}${factsCtes(true, 27, "ins")}
  SELECT (SELECT count(*) FROM rec) AS recorded, (SELECT count(*) FROM ins) AS inserted`;

/** Parameters $1–$13 of both statements. */
function creationParams(creation: Pick<SessionCreation, "session" | "event">, stateText: string): SqlParam[] {
  const { session: s, event: e } = creation;
  return [
    s.id,
    s.domainId,
    s.configVersionId,
    stateText,
    s.stateVersion,
    s.status,
    s.turnCount,
    s.createdAt,
    s.updatedAt,
    e.kind,
    e.requestId,
    JSON.stringify(e.summary),
    e.occurredAt,
  ];
}

export async function commitSessionCreationInOneStatement(
  db: SqlExecutor,
  creation: SessionCreation,
  sessions: SessionCache,
): Promise<SessionCreationOutcome> {
  checkCreation(creation);
  const c = creation.completion;
  const stateText = JSON.stringify(creation.session.state);
  const params = [...creationParams(creation, stateText), ...completionParams(c), ...sessionFactsParams(creation.facts)];
  const row = await db.get(CREATE_SQL, params);
  if (!row) throw new Error("session creation returned no row");
  if (c && int(row, "held") === 0) return "idempotency_lost";
  if (int(row, "inserted") !== 1 || (c && int(row, "completed") !== 1)) throw new Error("session creation: the session was not written");
  // Its first mutation can then be one round trip (oneTripMutations).
  sessions.remember(creation.session, stateText);
  return "committed";
}

/**
 * A new session under a key never reserved, with the key's completed record: "not_committed" wrote nothing (the key
 * exists, or under onlyIfPublished the domain's published version is another).
 */
export async function commitSessionCreationOnNewKey(
  db: SqlExecutor,
  input: NewKeyCreation & { holder: string | null; sessions: SessionCache },
): Promise<"committed" | "not_committed"> {
  const { creation, reservation: r, response } = input;
  checkCreation(creation);
  const stateText = JSON.stringify(creation.session.state);
  const completion = { domainId: r.domainId, operation: r.operation, key: r.key, token: r.token, response };
  const params = [
    ...creationParams(creation, stateText),
    ...completionParams(completion),
    ...newKeyParams(r, input.holder),
    ...sessionFactsParams(creation.facts),
    input.onlyIfPublished === true,
  ];
  const row = await db.get(CREATE_ON_NEW_KEY_SQL, params);
  if (!row) throw new Error("session creation returned no row");
  if (int(row, "recorded") === 0) return "not_committed";
  if (int(row, "inserted") !== 1) throw new Error("session creation: the session was not written");
  input.sessions.remember(creation.session, stateText);
  return "committed";
}
