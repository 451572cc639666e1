// Sessions with their state_version compare-and-swap (docs/zelinqa-api.md §7), decisions, the session event journal and feedback.
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

export function sessionOperations(db: SqlExecutor): SessionOperations {
  return {
    async insertSession(s) {
      await db.run(
        `INSERT INTO sessions (id, domain_id, config_version_id, state, state_version, status, turn_count, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [s.id, s.domainId, s.configVersionId, JSON.stringify(s.state), s.stateVersion, s.status, s.turnCount, s.createdAt, s.updatedAt],
      );
    },
    async getSession(domainId, id) {
      const row = await db.get(`SELECT * FROM sessions WHERE id = $1 AND domain_id = $2`, [id, domainId]);
      return row ? toSession(row) : null;
    },
    async updateSession(u) {
      const changed = await db.run(
        `UPDATE sessions SET state = $3, state_version = $4, status = $5, turn_count = $6, updated_at = $7
         WHERE id = $1 AND state_version = $2`,
        [u.id, u.expectedStateVersion, JSON.stringify(u.state), u.stateVersion, u.status, u.turnCount, u.updatedAt],
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
