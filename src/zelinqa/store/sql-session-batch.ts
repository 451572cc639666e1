// PostgreSQL: the one-statement commits of known sessions (commitSessionMutationOnNewKey) and the creations of new
// sessions (commitSessionCreationOnNewKey), each under a key never reserved, sent together. Under load most of a
// write's cost in the database is per statement, not per row: the Bind and Execute messages, starting the executor
// over a plan of a dozen CTEs, the COMMIT, waking the backend and the client. So while `maxInFlight` of these
// statements are running, the writes that arrive queue, and the next statement carries all of them (up to MAX_BATCH)
// as one JSON parameter, each row gated on its own: a session's compare-and-swap or a key's insert that fails writes
// nothing of that row and leaves the others as they are. The writes that arrive in one round of the event loop go out
// together at its check phase (setImmediate); a quiet server's single write waits only for that phase. Before, the
// first commits of a round each took a free slot at once, alone: 29% of the commits went alone under 32 clients,
// against 5% now, and statements per commit fell from 0.37 to 0.14 (pg_stat_statements); the database's CPU per /next
// fell by 14–17% in both orders of two interleaved builds (issue 14). A creation rides in the same statement as the
// commits of its round: alone, with the read of its domain before it, the creations of the benchmark's sessions were
// three statements in five; together with that read's removal (NewKeyCreation.onlyIfPublished) statements per /next
// fell from 0.40 to 0.16 and the database's CPU per /next by another 23–31%. Durability is unchanged: every caller
// settles after the statement that holds its writes has committed.
import type { SessionCache } from "./session-cache.js";
import type { SqlExecutor } from "./sql-executor.js";
import { text } from "./sql-executor.js";
import { memoryKey } from "./sql-idempotency.js";
import { checkMutationRows, commitSessionMutationOnNewKey } from "./sql-session-commit.js";
import { checkCreation, commitSessionCreationOnNewKey } from "./sql-session-creation.js";
import { COVERAGE_CHANGED, FACTS_ON_CONFLICT, coverageRows, outcomeRows } from "./sql-session-facts.js";
import type { SessionFactsWrite } from "./studio-port.js";
import type { NewKeyCommit, NewKeyCreation, SessionEventRecord } from "./store-port.js";

/** At most this many commits per statement: its JSON parameter stays a few hundred KB at most. */
export const MAX_BATCH = 32;

export type BatchOutcome = "committed" | "not_committed";

/**
 * One row per write of the batch (jsonb_to_recordset of $1), `kind` 'm' for a commit of a known session and 'c' for
 * a new session. `cur` locks the commits' sessions still at their expected version, in id order (so two batches lock
 * in the same order), each through the primary key: as a join, the planner, which expects 100 rows from
 * jsonb_to_recordset, hashed them against a sequential scan of `sessions` whenever that table was still small (1–2 ms
 * a batch with a few hundred sessions, growing with the table until it held several thousand); the lateral lookup is
 * one index probe per row whatever the size. `rec` inserts the key, already completed, of each locked session and of
 * each new session, unless the key exists; under onlyIfPublished a new session's only if its version is still its
 * domain's published one (a scalar subquery, one probe of the domain's primary key per row: EXISTS became a sequential
 * scan of all domains). `upd` updates only the sessions whose key went in, and `ins` inserts only the new sessions
 * whose key went in; the decision, the journal row and the studio's facts follow only a row of `upd` or `ins`. The
 * same rows as commitOnNewKeySql of sql-session-commit.ts and CREATE_ON_NEW_KEY_SQL of
 * sql-session-creation.ts.
 */
const BATCH_SQL = `WITH i AS MATERIALIZED (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS r (
      kind text, id text, expected integer, state text, version integer, status text, turn_count integer, updated_at text,
      s_domain_id text, s_config_version_id text, created_at text, only_if_published boolean,
      decision_id text, candidates text, event_kind text, event_request_id text, summary text, occurred_at text,
      domain_id text, operation text, key text, token text, response_status integer, response_body text,
      response_type text, response_request_id text, fingerprint text, lease_expires_at text, now text, expires_at text,
      holder text, f_domain_id text, f_config_version_id text, f_status text, f_stop_reason text,
      f_objective_reached integer, f_turns integer, f_objective_reached_turn integer, f_pending_question_id text,
      f_created_at text, f_updated_at text, t_state_version integer, t_turn integer, t_kind text, t_outcomes text,
      t_extracted text, t_progress text, t_occurred_at text, outcomes jsonb, coverage jsonb)
  ), cur AS MATERIALIZED (
    SELECT l.id FROM (SELECT id, expected FROM i WHERE kind = 'm' ORDER BY id) o
    CROSS JOIN LATERAL (SELECT s.id FROM sessions s WHERE s.id = o.id AND s.state_version = o.expected FOR UPDATE) l
  ), rec AS (
    INSERT INTO idempotency_records (domain_id, operation, idempotency_key, fingerprint, status, token, lease_expires_at,
      created_at, expires_at, holder, response_status, response_body, response_content_type, request_id)
    SELECT i.domain_id, i.operation, i.key, i.fingerprint, 'completed', i.token, i.lease_expires_at, i.now, i.expires_at,
      i.holder, i.response_status, i.response_body, i.response_type, i.response_request_id
    FROM i LEFT JOIN cur ON cur.id = i.id AND i.kind = 'm'
    WHERE cur.id IS NOT NULL OR (i.kind = 'c' AND (i.only_if_published IS NOT TRUE
      OR i.s_config_version_id = (SELECT d.published_version_id FROM domains d WHERE d.id = i.s_domain_id)))
    ON CONFLICT DO NOTHING
    RETURNING domain_id, operation, idempotency_key, token
  ), upd AS (
    UPDATE sessions s SET state = i.state, state_version = i.version, status = i.status, turn_count = i.turn_count,
      updated_at = i.updated_at
    FROM i JOIN rec ON rec.domain_id = i.domain_id AND rec.operation = i.operation AND rec.idempotency_key = i.key
      AND rec.token = i.token
    WHERE i.kind = 'm' AND s.id = i.id AND s.state_version = i.expected
    RETURNING s.id
  ), ins AS (
    INSERT INTO sessions (id, domain_id, config_version_id, state, state_version, status, turn_count, created_at, updated_at)
    SELECT i.id, i.s_domain_id, i.s_config_version_id, i.state, i.version, i.status, i.turn_count, i.created_at, i.updated_at
    FROM i JOIN rec ON rec.domain_id = i.domain_id AND rec.operation = i.operation AND rec.idempotency_key = i.key
      AND rec.token = i.token
    WHERE i.kind = 'c'
    RETURNING id
  ), written AS (
    SELECT id FROM upd UNION ALL SELECT id FROM ins
  ), dec AS (
    INSERT INTO decisions (id, session_id, state_version, candidates, created_at)
    SELECT i.decision_id, i.id, i.version, i.candidates, i.updated_at FROM i JOIN written w ON w.id = i.id
    WHERE i.decision_id IS NOT NULL
  ), ev AS (
    INSERT INTO session_events (session_id, state_version, kind, request_id, summary, occurred_at)
    SELECT i.id, i.version, i.event_kind, i.event_request_id, i.summary, i.occurred_at FROM i JOIN written w ON w.id = i.id
  ), facts AS (
    INSERT INTO session_facts (session_id, domain_id, config_version_id, status, stop_reason, objective_reached, turns,
      objective_reached_turn, pending_question_id, created_at, updated_at)
    SELECT i.id, i.f_domain_id, i.f_config_version_id, i.f_status, i.f_stop_reason, i.f_objective_reached, i.f_turns,
      i.f_objective_reached_turn, i.f_pending_question_id, i.f_created_at, i.f_updated_at
    FROM i JOIN written w ON w.id = i.id WHERE i.f_domain_id IS NOT NULL
    ${FACTS_ON_CONFLICT}
    RETURNING session_id
  ), turn AS (
    INSERT INTO session_turns (session_id, state_version, turn, kind, outcomes, extracted, progress, occurred_at)
    SELECT i.id, i.t_state_version, i.t_turn, i.t_kind, i.t_outcomes, i.t_extracted, i.t_progress, i.t_occurred_at
    FROM i JOIN facts ON facts.session_id = i.id WHERE i.t_kind IS NOT NULL
    ON CONFLICT (session_id, state_version) DO NOTHING
  ), outc AS (
    INSERT INTO session_outcomes (session_id, seq, question_id, outcome, domain_id, config_version_id, session_created_at)
    SELECT i.id, r.seq, r.question_id, r.outcome, i.f_domain_id, i.f_config_version_id, i.f_created_at
    FROM i JOIN facts ON facts.session_id = i.id,
      jsonb_to_recordset(COALESCE(i.outcomes, '[]'::jsonb)) AS r (seq integer, question_id text, outcome text)
    ON CONFLICT DO NOTHING
  ), cov AS (
    INSERT INTO session_dimension_coverage (session_id, dimension_id, coverage, complete, domain_id, config_version_id,
      session_created_at)
    SELECT i.id, r.dimension_id, r.coverage, r.complete, i.f_domain_id, i.f_config_version_id, i.f_created_at
    FROM i JOIN facts ON facts.session_id = i.id,
      jsonb_to_recordset(COALESCE(i.coverage, '[]'::jsonb)) AS r (dimension_id text, coverage double precision, complete integer)
    ON CONFLICT (session_id, dimension_id) DO UPDATE SET coverage = excluded.coverage, complete = excluded.complete
    ${COVERAGE_CHANGED}
  )
  SELECT i.id, EXISTS (SELECT 1 FROM cur WHERE cur.id = i.id) AS held,
    EXISTS (SELECT 1 FROM rec WHERE rec.idempotency_key = i.key AND rec.token = i.token AND rec.operation = i.operation
      AND rec.domain_id = i.domain_id) AS recorded,
    EXISTS (SELECT 1 FROM written w WHERE w.id = i.id) AS written
  FROM i`;

/** A commit of a known session in a batch. */
export interface BatchItem extends NewKeyCommit {
  holder: string | null;
}

/** A new session in a batch. */
export interface CreationBatchItem extends NewKeyCreation {
  holder: string | null;
}

export type BatchEntry = BatchItem | CreationBatchItem;

const isCreation = (entry: BatchEntry): entry is CreationBatchItem => "creation" in entry;

/** The columns of a row that record its key, completed with its response. */
function keyColumns(item: BatchEntry): Record<string, unknown> {
  const { reservation: r, response } = item;
  return {
    domain_id: r.domainId,
    operation: r.operation,
    key: r.key,
    token: r.token,
    response_status: response.status,
    response_body: response.body,
    response_type: response.contentType,
    response_request_id: response.requestId,
    fingerprint: r.fingerprint,
    lease_expires_at: r.leaseExpiresAt,
    now: r.now,
    expires_at: r.expiresAt,
    holder: item.holder,
  };
}

/** The journal row's columns. */
function eventColumns(e: SessionEventRecord): Record<string, unknown> {
  return { event_kind: e.kind, event_request_id: e.requestId, summary: JSON.stringify(e.summary), occurred_at: e.occurredAt };
}

/** The studio's facts' columns (all null without facts). */
function factsColumns(f: SessionFactsWrite | undefined): Record<string, unknown> {
  const t = f?.turn ?? null;
  return {
    f_domain_id: f?.facts.domainId ?? null,
    f_config_version_id: f?.facts.configVersionId ?? null,
    f_status: f?.facts.status ?? null,
    f_stop_reason: f?.facts.stopReason ?? null,
    f_objective_reached: f ? (f.facts.objectiveReached ? 1 : 0) : null,
    f_turns: f?.facts.turns ?? null,
    f_objective_reached_turn: f?.facts.objectiveReachedTurn ?? null,
    f_pending_question_id: f?.facts.pendingQuestionId ?? null,
    f_created_at: f?.facts.createdAt ?? null,
    f_updated_at: f?.facts.updatedAt ?? null,
    t_state_version: t?.stateVersion ?? null,
    t_turn: t?.turn ?? null,
    t_kind: t?.kind ?? null,
    t_outcomes: t ? JSON.stringify(t.outcomes) : null,
    t_extracted: t ? JSON.stringify(t.extracted) : null,
    t_progress: t ? JSON.stringify(t.progress) : null,
    t_occurred_at: t?.occurredAt ?? null,
    outcomes: f ? outcomeRows(f) : null,
    coverage: f ? coverageRows(f) : null,
  };
}

/** One write as a row of BATCH_SQL's recordset; `stateText` is the serialised state (it also goes to the cache). */
function batchRow(entry: BatchEntry, stateText: string): Record<string, unknown> {
  if (isCreation(entry)) {
    const { session: s, event, facts } = entry.creation;
    checkCreation(entry.creation);
    return {
      kind: "c",
      id: s.id,
      state: stateText,
      version: s.stateVersion,
      status: s.status,
      turn_count: s.turnCount,
      updated_at: s.updatedAt,
      s_domain_id: s.domainId,
      s_config_version_id: s.configVersionId,
      created_at: s.createdAt,
      only_if_published: entry.onlyIfPublished === true,
      ...eventColumns(event),
      ...keyColumns(entry),
      ...factsColumns(facts),
    };
  }
  const { update: u, decision: d, event, facts } = entry.mutation;
  checkMutationRows(entry.mutation);
  return {
    kind: "m",
    id: u.id,
    expected: u.expectedStateVersion,
    state: stateText,
    version: u.stateVersion,
    status: u.status,
    turn_count: u.turnCount,
    updated_at: u.updatedAt,
    decision_id: d?.id ?? null,
    candidates: d ? JSON.stringify(d.candidates) : null,
    ...eventColumns(event),
    ...keyColumns(entry),
    ...factsColumns(facts),
  };
}

const stateOf = (entry: BatchEntry) => (isCreation(entry) ? entry.creation.session.state : entry.mutation.update.state);
const sessionIdOf = (entry: BatchEntry) => (isCreation(entry) ? entry.creation.session.id : entry.mutation.update.id);

/**
 * Writes `items` (distinct sessions, distinct keys) in one statement: each outcome as commitSessionMutationOnNewKey's
 * or commitSessionCreationOnNewKey's, or an Error for a row the statement did not account for. Throws only when the
 * statement itself fails (then it wrote nothing).
 */
export async function commitBatchOnNewKeys(
  db: SqlExecutor,
  items: readonly BatchEntry[],
  sessions: SessionCache,
): Promise<Array<BatchOutcome | Error>> {
  const states = items.map((item) => JSON.stringify(stateOf(item)));
  const rows = await db.all(BATCH_SQL, [JSON.stringify(items.map((item, n) => batchRow(item, states[n]!)))]);
  const byId = new Map(rows.map((row) => [text(row, "id"), row]));
  return items.map((item, n) => {
    const row = byId.get(sessionIdOf(item));
    if (!row) return new Error("session batch commit returned no row for a session");
    if (isCreation(item)) {
      if (row.recorded !== true) return "not_committed";
      if (row.written !== true) return new Error("session batch commit: a new session was not inserted");
      // Its first mutation can then be one round trip, as after commitSessionCreationOnNewKey.
      sessions.remember(item.creation.session, states[n]!);
      return "committed";
    }
    const update = item.mutation.update;
    if (row.held !== true) {
      // The session moved on (or is gone): this process's copy is stale.
      sessions.forget(update.id);
      return "not_committed";
    }
    if (row.recorded !== true) return "not_committed";
    if (row.written !== true) return new Error("session batch commit: a locked session was not updated");
    sessions.advance(update, states[n]!);
    return "committed";
  });
}

/** One write in its own statement, as without batches. */
const writeAlone = (db: SqlExecutor, sessions: SessionCache, item: BatchEntry): Promise<BatchOutcome> =>
  isCreation(item) ? commitSessionCreationOnNewKey(db, { ...item, sessions }) : commitSessionMutationOnNewKey(db, { ...item, sessions });

interface Pending {
  item: BatchEntry;
  resolve: (outcome: BatchOutcome) => void;
  reject: (error: unknown) => void;
}

export interface BatchedNewKeyCommits {
  commit: (item: BatchItem) => Promise<BatchOutcome>;
  create: (item: CreationBatchItem) => Promise<BatchOutcome>;
  /** Settles once every write queued or running now has settled, before the store closes its pool. */
  drain: () => Promise<void>;
}

/**
 * oneTripMutations.commit and .create over `db`: at most `maxInFlight` statements at a time; the writes of one round
 * of the event loop, and those that arrive while no slot is free, go together in the next one. A batch the database refuses as a whole (a deadlock between two processes' batches, say)
 * is retried write by write, each in its own statement, so one write's failure is only its own.
 */
export function batchedNewKeyCommits(db: SqlExecutor, sessions: SessionCache, maxInFlight: number): BatchedNewKeyCommits {
  const limit = Math.max(1, Math.floor(maxInFlight));
  let queue: Pending[] = [];
  let inFlight = 0;
  let idle: Array<() => void> = [];

  const alone = (p: Pending) => writeAlone(db, sessions, p.item).then(p.resolve, p.reject);

  /** The queue's head, skipping writes whose session or key is already in the batch (they wait for the next one). */
  const take = (): Pending[] => {
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    const ids = new Set<string>();
    const keys = new Set<string>();
    for (const p of queue) {
      const r = p.item.reservation;
      const key = memoryKey(r.domainId, r.operation, r.key);
      const id = sessionIdOf(p.item);
      if (batch.length < MAX_BATCH && !ids.has(id) && !keys.has(key)) {
        batch.push(p);
        ids.add(id);
        keys.add(key);
      } else rest.push(p);
    }
    queue = rest;
    return batch;
  };

  const run = async (batch: Pending[]): Promise<void> => {
    if (batch.length === 1) return alone(batch[0]!);
    let outcomes: Array<BatchOutcome | Error>;
    try {
      outcomes = await commitBatchOnNewKeys(
        db,
        batch.map((p) => p.item),
        sessions,
      );
    } catch {
      // The statement failed, so it wrote nothing: each write on its own, with its own error if it has one.
      await Promise.all(batch.map(alone));
      return;
    }
    batch.forEach((p, n) => {
      const outcome = outcomes[n]!;
      if (outcome instanceof Error) p.reject(outcome);
      else p.resolve(outcome);
    });
  };

  const pump = () => {
    while (inFlight < limit && queue.length > 0) {
      const batch = take();
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        pump();
        if (inFlight === 0 && queue.length === 0) {
          const waiting = idle;
          idle = [];
          for (const resolve of waiting) resolve();
        }
      });
    }
  };

  // The writes of one round of the event loop go out together: a pump at its check phase (setImmediate), after the
  // poll phase that read their requests, rather than the first of them alone and at once.
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      pump();
    });
  };

  const enqueue = (item: BatchEntry, facts: SessionFactsWrite | undefined): Promise<BatchOutcome> =>
    // Facts to be kept as they are (a backfill's) need the single statement's guard: BATCH_SQL always upserts them.
    facts?.onlyIfAbsent === true
      ? writeAlone(db, sessions, item)
      : new Promise<BatchOutcome>((resolve, reject) => {
          queue.push({ item, resolve, reject });
          schedule();
        });

  return {
    commit: (item) => enqueue(item, item.mutation.facts),
    create: (item) => enqueue(item, item.creation.facts),
    drain: () => (inFlight === 0 && queue.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve))),
  };
}
