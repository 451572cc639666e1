// The head of a /next or /events on PostgreSQL in one round trip: the idempotency reservation (docs/zelinqa-api.md §6) and the read of
// the session it is about, which this process then remembers (session-cache.ts). A key seen before (replay, contention,
// takeover) goes through the full reservation.
import type { SessionCache } from "./session-cache.js";
import type { SqlExecutor } from "./sql-executor.js";
import { int, text } from "./sql-executor.js";
import type { HolderLiveness } from "./sql-idempotency.js";
import { toSession } from "./sql-sessions.js";
import type { IdempotencyReservation, SessionReservation, StoreOperations } from "./store-port.js";

const RESERVE_AND_READ_SQL = `WITH ins AS (
    INSERT INTO idempotency_records
      (domain_id, operation, idempotency_key, fingerprint, status, token, lease_expires_at, created_at, expires_at, holder)
    VALUES ($1, $2, $3, $4, 'in_flight', $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING 1
  )
  SELECT (SELECT count(*) FROM ins) AS reserved, s.*
  FROM (SELECT 1) AS one LEFT JOIN sessions s ON s.id = $10 AND s.domain_id = $1`;

export function sessionReservation(
  db: SqlExecutor,
  input: { liveness: HolderLiveness | undefined; reserve: StoreOperations["reserveIdempotency"]; sessions: SessionCache },
): (reservation: IdempotencyReservation, sessionId: string) => Promise<SessionReservation> {
  return async (r, sessionId) => {
    const holder = input.liveness ? await input.liveness.holder() : null;
    const row = await db.get(RESERVE_AND_READ_SQL, [
      r.domainId,
      r.operation,
      r.key,
      r.fingerprint,
      r.token,
      r.leaseExpiresAt,
      r.now,
      r.expiresAt,
      holder,
      sessionId,
    ]);
    if (!row || int(row, "reserved") !== 1) return { outcome: await input.reserve(r) };
    if (row.id === null) return { outcome: { kind: "reserved" }, session: null };
    const session = toSession(row);
    input.sessions.remember(session, text(row, "state"));
    return { outcome: { kind: "reserved" }, session };
  };
}
