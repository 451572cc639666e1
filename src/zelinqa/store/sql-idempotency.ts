// Idempotency records of §6 keyed on (domain_id, operation, key): reservation by unique insert, lease
// takeover and 24 h expiry by compare-and-swap on the reservation token, so it holds across processes.
import type { SqlExecutor, SqlRow } from "./sql-executor.js";
import { int, text, textOrNull } from "./sql-executor.js";
import type { IdempotencyRecord, StoreOperations } from "./store-port.js";

type IdempotencyOperations = Pick<
  StoreOperations,
  "reserveIdempotency" | "completeIdempotency" | "releaseIdempotency" | "getIdempotency" | "purgeIdempotency"
>;

function toRecord(row: SqlRow): IdempotencyRecord {
  const status = text(row, "status") as IdempotencyRecord["status"];
  const body = textOrNull(row, "response_body");
  return {
    domainId: text(row, "domain_id"),
    operation: text(row, "operation"),
    key: text(row, "idempotency_key"),
    fingerprint: text(row, "fingerprint"),
    status,
    token: text(row, "token"),
    leaseExpiresAt: text(row, "lease_expires_at"),
    response:
      status === "completed" && body !== null
        ? {
            status: int(row, "response_status"),
            body,
            contentType: textOrNull(row, "response_content_type") ?? "application/json; charset=utf-8",
            requestId: textOrNull(row, "request_id") ?? "",
          }
        : null,
    createdAt: text(row, "created_at"),
    expiresAt: text(row, "expires_at"),
  };
}

const KEY = `domain_id = $1 AND operation = $2 AND idempotency_key = $3`;

export function idempotencyOperations(db: SqlExecutor): IdempotencyOperations {
  const get = async (domainId: string, operation: string, key: string) => {
    const row = await db.get(`SELECT * FROM idempotency_records WHERE ${KEY}`, [domainId, operation, key]);
    return row ? toRecord(row) : null;
  };
  return {
    getIdempotency: get,
    async reserveIdempotency(r) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const inserted = await db.run(
          `INSERT INTO idempotency_records
             (domain_id, operation, idempotency_key, fingerprint, status, token, lease_expires_at, created_at, expires_at)
           VALUES ($1, $2, $3, $4, 'in_flight', $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
          [r.domainId, r.operation, r.key, r.fingerprint, r.token, r.leaseExpiresAt, r.now, r.expiresAt],
        );
        if (inserted === 1) return { kind: "reserved" };
        const existing = await get(r.domainId, r.operation, r.key);
        if (!existing) continue;
        const expired = existing.expiresAt <= r.now;
        const abandoned = existing.status === "in_flight" && existing.leaseExpiresAt <= r.now;
        if (expired || abandoned) {
          // An expired record counts as new (§6.2); an abandoned lease may be taken over (§6.5).
          const taken = await db.run(
            `UPDATE idempotency_records SET fingerprint = $4, status = 'in_flight', token = $5, lease_expires_at = $6,
               response_status = NULL, response_body = NULL, response_content_type = NULL, request_id = NULL,
               created_at = $7, expires_at = $8
             WHERE ${KEY} AND token = $9`,
            [r.domainId, r.operation, r.key, r.fingerprint, r.token, r.leaseExpiresAt, r.now, r.expiresAt, existing.token],
          );
          if (taken === 1) return { kind: "reserved" };
          continue;
        }
        return existing.status === "completed" ? { kind: "completed", record: existing } : { kind: "in_flight", record: existing };
      }
      throw new Error("idempotency reservation did not converge");
    },
    async completeIdempotency(input) {
      const changed = await db.run(
        `UPDATE idempotency_records SET status = 'completed', response_status = $5, response_body = $6,
           response_content_type = $7, request_id = $8
         WHERE ${KEY} AND token = $4 AND status = 'in_flight'`,
        [
          input.domainId,
          input.operation,
          input.key,
          input.token,
          input.response.status,
          input.response.body,
          input.response.contentType,
          input.response.requestId,
        ],
      );
      return changed === 1;
    },
    async releaseIdempotency(input) {
      await db.run(`DELETE FROM idempotency_records WHERE ${KEY} AND token = $4 AND status = 'in_flight'`, [
        input.domainId,
        input.operation,
        input.key,
        input.token,
      ]);
    },
    async purgeIdempotency(now) {
      return db.run(`DELETE FROM idempotency_records WHERE expires_at <= $1`, [now]);
    },
  };
}
