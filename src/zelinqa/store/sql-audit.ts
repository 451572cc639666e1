// Audit events of docs/zelinqa-api.md §12.6, newest first with keyset pagination on a monotonic sequence.
import type { SqlExecutor, SqlParam } from "./sql-executor.js";
import { int, json, text } from "./sql-executor.js";
import type { StoreOperations } from "./store-port.js";

type AuditOperations = Pick<StoreOperations, "insertAuditEvents" | "listAuditEvents">;

function objectOrNull(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

export function auditOperations(db: SqlExecutor): AuditOperations {
  return {
    async insertAuditEvents(events) {
      for (const e of events) {
        await db.run(
          `INSERT INTO audit_events (id, domain_id, occurred_at, action, resource_type, resource_id, actor_key_id, scopes,
             request_id, diff, details)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            e.id,
            e.domainId,
            e.occurredAt,
            e.action,
            e.resourceType,
            e.resourceId,
            e.actorKeyId,
            e.scopes.join(","),
            e.requestId,
            JSON.stringify(e.diff),
            JSON.stringify(e.details),
          ],
        );
      }
    },
    async listAuditEvents(q) {
      const where = ["domain_id = $1"];
      const params: SqlParam[] = [q.domainId];
      if (q.beforeSeq !== undefined) {
        params.push(q.beforeSeq);
        where.push(`seq < $${params.length}`);
      }
      if (q.action !== undefined) {
        params.push(q.action);
        where.push(`action = $${params.length}`);
      }
      if (q.resourceType !== undefined) {
        params.push(q.resourceType);
        where.push(`resource_type = $${params.length}`);
      }
      params.push(q.limit);
      const rows = await db.all(
        `SELECT * FROM audit_events WHERE ${where.join(" AND ")} ORDER BY seq DESC LIMIT $${params.length}`,
        params,
      );
      return rows.map((row) => {
        const diff = objectOrNull(json(row, "diff")) ?? {};
        return {
          seq: int(row, "seq"),
          id: text(row, "id"),
          domainId: text(row, "domain_id"),
          occurredAt: text(row, "occurred_at"),
          action: text(row, "action"),
          resourceType: text(row, "resource_type"),
          resourceId: text(row, "resource_id"),
          actorKeyId: text(row, "actor_key_id"),
          scopes: text(row, "scopes")
            .split(",")
            .filter((s) => s.length > 0),
          requestId: text(row, "request_id"),
          diff: { before: objectOrNull(diff.before), after: objectOrNull(diff.after) },
          details: objectOrNull(json(row, "details")) ?? {},
        };
      });
    },
  };
}
