// Sessions with their state_version compare-and-swap (docs/zelinqa-api.md §7), decisions, the session event journal and feedback.
import type { SessionCache } from "./session-cache.js";
import type { SqlExecutor, SqlRow } from "./sql-executor.js";
import { int, json, jsonOrNull, text, textOrNull } from "./sql-executor.js";
import type { FeedbackRecord, SessionEventRecord, SessionRecord, StoreOperations } from "./store-port.js";

type SessionOperations = Pick<
  StoreOperations,
  | "insertSession"
  | "getSession"
  | "updateSession"
  | "insertDecision"
  | "getDecision"
  | "appendSessionEvent"
  | "listSessionEvents"
  | "insertFeedback"
  | "listFeedback"
>;

export function toSession(row: SqlRow): SessionRecord {
  return {
    id: text(row, "id"),
    domainId: text(row, "domain_id"),
    configVersionId: text(row, "config_version_id"),
    state: json(row, "state"),
    stateVersion: int(row, "state_version"),
    status: text(row, "status"),
    turnCount: int(row, "turn_count"),
    createdAt: text(row, "created_at"),
    updatedAt: text(row, "updated_at"),
  };
}

function objectOrEmpty(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

async function readSession(db: SqlExecutor, domainId: string, id: string, sessions: SessionCache | undefined) {
  const row = await db.get(`SELECT * FROM sessions WHERE id = $1 AND domain_id = $2`, [id, domainId]);
  if (!row) return null;
  const session = toSession(row);
  sessions?.remember(session, text(row, "state"));
  return session;
}

/**
 * With `sessions`, every session this process inserts or reads is remembered at its version (session-cache.ts), so
 * that its next mutation can skip the reservation and the read (ZelinqaStore.oneTripMutations). Inside a
 * transaction that rolls back, an entry may name a version that was never committed: the compare-and-swap of the
 * one-trip commit then matches nothing, writes nothing, and forgets it.
 */
export function sessionOperations(db: SqlExecutor, sessions?: SessionCache): SessionOperations {
  return {
    async insertSession(s) {
      const stateText = JSON.stringify(s.state);
      await db.run(
        `INSERT INTO sessions (id, domain_id, config_version_id, state, state_version, status, turn_count, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [s.id, s.domainId, s.configVersionId, stateText, s.stateVersion, s.status, s.turnCount, s.createdAt, s.updatedAt],
      );
      sessions?.remember(s, stateText);
    },
    getSession: (domainId, id) => readSession(db, domainId, id, sessions),
    async updateSession(u, stateText = JSON.stringify(u.state)) {
      const changed = await db.run(
        `UPDATE sessions SET state = $3, state_version = $4, status = $5, turn_count = $6, updated_at = $7
         WHERE id = $1 AND state_version = $2`,
        [u.id, u.expectedStateVersion, stateText, u.stateVersion, u.status, u.turnCount, u.updatedAt],
      );
      return changed === 1;
    },
    async insertDecision(d) {
      await db.run(`INSERT INTO decisions (id, session_id, state_version, candidates, created_at) VALUES ($1, $2, $3, $4, $5)`, [
        d.id,
        d.sessionId,
        d.stateVersion,
        JSON.stringify(d.candidates),
        d.createdAt,
      ]);
    },
    async getDecision(id) {
      const row = await db.get(`SELECT * FROM decisions WHERE id = $1`, [id]);
      return row
        ? {
            id: text(row, "id"),
            sessionId: text(row, "session_id"),
            stateVersion: int(row, "state_version"),
            candidates: json(row, "candidates"),
            createdAt: text(row, "created_at"),
          }
        : null;
    },
    async appendSessionEvent(e) {
      await db.run(
        `INSERT INTO session_events (session_id, state_version, kind, request_id, summary, occurred_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [e.sessionId, e.stateVersion, e.kind, e.requestId, JSON.stringify(e.summary), e.occurredAt],
      );
    },
    async listSessionEvents(sessionId) {
      const rows = await db.all(`SELECT * FROM session_events WHERE session_id = $1 ORDER BY state_version`, [sessionId]);
      return rows.map((row): SessionEventRecord => ({
        sessionId,
        stateVersion: int(row, "state_version"),
        kind: text(row, "kind") as SessionEventRecord["kind"],
        requestId: text(row, "request_id"),
        summary: objectOrEmpty(json(row, "summary")),
        occurredAt: text(row, "occurred_at"),
      }));
    },
    async insertFeedback(f) {
      await db.run(
        `INSERT INTO feedback (id, session_id, result, label, metadata, source, recorded_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [f.id, f.sessionId, f.result, f.label, f.metadata === null ? null : JSON.stringify(f.metadata), f.source, f.recordedAt],
      );
    },
    async listFeedback(sessionId) {
      const rows = await db.all(`SELECT * FROM feedback WHERE session_id = $1 ORDER BY recorded_at, id`, [sessionId]);
      return rows.map((row): FeedbackRecord => ({
        id: text(row, "id"),
        sessionId,
        result: text(row, "result"),
        label: textOrNull(row, "label"),
        metadata: row.metadata === null ? null : objectOrEmpty(jsonOrNull(row, "metadata")),
        source: text(row, "source") as FeedbackRecord["source"],
        recordedAt: text(row, "recorded_at"),
      }));
    },
  };
}
