// Idempotency records of docs/zelinqa-api.md §6 keyed on (domain_id, operation, key): reservation by unique insert, lease
// takeover and 24 h expiry by compare-and-swap on the reservation token, so it holds across processes.
import type { SqlExecutor, SqlRow } from "./sql-executor.js";
import { int, text, textOrNull } from "./sql-executor.js";
import type { IdempotencyRecord, IdempotencyReservation, ReserveOutcome, StoredResponse, StoreOperations } from "./store-port.js";

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

/** Which process holds an in_flight row, and whether it is still alive (postgres/postgres-liveness.ts). */
export interface HolderLiveness {
  /** This process's holder id, or null when it cannot prove liveness now (the 60 s lease then applies). */
  holder(): Promise<string | null>;
  /** False only when the holder is provably gone: its process, or at least its database session, ended. */
  isAlive(holder: string, db: SqlExecutor): Promise<boolean>;
  close(): Promise<void>;
}

/** In-flight reservations held in memory: the SQLite store's only writer is this process (docs/zelinqa-api.md §2.3). */
export type InFlightReservations = Map<string, IdempotencyRecord>;

/** One string per idempotency key (domain, operation, key): the in-memory reservations' index, and a batch's test of distinct keys. */
export const memoryKey = (domainId: string, operation: string, key: string) => `${domainId}\u0000${operation}\u0000${key}`;

export function idempotencyOperations(
  db: SqlExecutor,
  options: { inFlight?: InFlightReservations | undefined; liveness?: HolderLiveness | undefined },
): IdempotencyOperations {
  return options.inFlight ? memoryReservationOperations(db, options.inFlight) : rowReservationOperations(db, options.liveness);
}

/**
 * One process per SQLite file (docs/zelinqa-api.md §2.3): the in_flight reservation lives in memory and only the completed record is
 * written, in the same transaction as the effects, so a request commits once instead of twice. A crash loses
 * only uncommitted reservations, whose requests had no effect. Rows left in_flight by an older build are honoured.
 */
function memoryReservationOperations(db: SqlExecutor, inFlight: InFlightReservations): IdempotencyOperations {
  const rows = rowReservationOperations(db);
  return {
    ...rows,
    async getIdempotency(domainId, operation, key) {
      return (await rows.getIdempotency(domainId, operation, key)) ?? inFlight.get(memoryKey(domainId, operation, key)) ?? null;
    },
    reserveIdempotency: (r) => reserveInMemory(rows, inFlight, r),
    async completeIdempotency(input) {
      const mk = memoryKey(input.domainId, input.operation, input.key);
      const held = inFlight.get(mk);
      if (held?.token !== input.token) return false;
      await insertCompletedRecord(db, held, input);
      // Inside a transaction the row is visible to the next reservation only after COMMIT, and that
      // reservation's read queues behind the transaction on the connection lock.
      if (inFlight.get(mk)?.token === input.token) inFlight.delete(mk);
      return true;
    },
    async releaseIdempotency(input) {
      const mk = memoryKey(input.domainId, input.operation, input.key);
      if (inFlight.get(mk)?.token === input.token) {
        inFlight.delete(mk);
        return;
      }
      await rows.releaseIdempotency(input);
    },
  };
}

/** Claims a key in memory (synchronously, so concurrent reservations of one key see each other), then defers to a stored record. */
async function reserveInMemory(
  rows: IdempotencyOperations,
  inFlight: InFlightReservations,
  r: IdempotencyReservation,
): Promise<ReserveOutcome> {
  const holder = inFlight.get(memoryKey(r.domainId, r.operation, r.key));
  const release = claimKey(inFlight, r);
  const unclaim = () => release?.();
  let existing: IdempotencyRecord | null;
  try {
    existing = await rows.getIdempotency(r.domainId, r.operation, r.key);
  } catch (error) {
    unclaim();
    throw error;
  }
  if (existing && existing.expiresAt > r.now) {
    if (existing.status === "completed") {
      unclaim();
      return { kind: "completed", record: existing };
    }
    if (existing.leaseExpiresAt > r.now) {
      unclaim();
      return { kind: "in_flight", record: existing };
    }
  }
  if (release !== null) return { kind: "reserved" };
  // The claim was refused: a live reservation of this process holds the key (read above, in the same tick as the claim).
  if (holder === undefined) throw new Error("idempotency: a claim was refused with no reservation holding the key");
  return { kind: "in_flight", record: holder };
}

/** A completed record's row ($1–$12). Its key may exist: the caller says what happens then. */
const INSERT_COMPLETED_RECORD = `INSERT INTO idempotency_records
    (domain_id, operation, idempotency_key, fingerprint, status, token, lease_expires_at, created_at, expires_at,
     response_status, response_body, response_content_type, request_id)
  VALUES ($1, $2, $3, $4, 'completed', $5, $6, $7, $8, $9, $10, $11, $12)`;

const completedRecordParams = (
  held: Pick<IdempotencyRecord, "domainId" | "operation" | "key" | "fingerprint" | "token" | "leaseExpiresAt" | "createdAt" | "expiresAt">,
  response: StoredResponse,
) => [
  held.domainId,
  held.operation,
  held.key,
  held.fingerprint,
  held.token,
  held.leaseExpiresAt,
  held.createdAt,
  held.expiresAt,
  response.status,
  response.body,
  response.contentType,
  response.requestId,
];

/** Writes the completed record of a reservation held in memory (in the transaction of the request's effects). */
async function insertCompletedRecord(
  db: SqlExecutor,
  held: IdempotencyRecord,
  input: Parameters<IdempotencyOperations["completeIdempotency"]>[0],
): Promise<void> {
  await db.run(
    `${INSERT_COMPLETED_RECORD}
     ON CONFLICT (domain_id, operation, idempotency_key) DO UPDATE SET fingerprint = excluded.fingerprint,
       status = 'completed', token = excluded.token, lease_expires_at = excluded.lease_expires_at,
       created_at = excluded.created_at, expires_at = excluded.expires_at, response_status = excluded.response_status,
       response_body = excluded.response_body, response_content_type = excluded.response_content_type,
       request_id = excluded.request_id`,
    completedRecordParams(
      { ...held, domainId: input.domainId, operation: input.operation, key: input.key, token: input.token },
      input.response,
    ),
  );
}

/**
 * SQLite, a key never reserved (ZelinqaStore.oneTripMutations): its record goes in already completed unless the key
 * has a record, whatever its state (a replay, an expired record to take over: the ordinary path decides). True if it went in.
 */
export async function insertNewKeyRecord(db: SqlExecutor, r: IdempotencyReservation, response: StoredResponse): Promise<boolean> {
  const row = { ...r, createdAt: r.now };
  return (await db.run(INSERT_NEW_KEY_RECORD, completedRecordParams(row, response))) === 1;
}

/** Built once: the executors key their prepared statements by the text, and a text built per call is hashed anew. */
const INSERT_NEW_KEY_RECORD = `${INSERT_COMPLETED_RECORD} ON CONFLICT DO NOTHING`;

/**
 * Holds a key in memory (synchronously, so concurrent claims of one key see each other): for a reservation, and for
 * a one-trip commit while it is queued, so that a request of the same key meanwhile answers idempotency_contention
 * instead of running. Null when a live reservation holds it already; otherwise the function that lets it go.
 */
export function claimKey(inFlight: InFlightReservations, r: IdempotencyReservation): (() => void) | null {
  const mk = memoryKey(r.domainId, r.operation, r.key);
  const holder = inFlight.get(mk);
  if (holder !== undefined && holder.leaseExpiresAt > r.now && holder.expiresAt > r.now) return null;
  inFlight.set(mk, inFlightRecord(r));
  return () => {
    if (inFlight.get(mk)?.token === r.token) inFlight.delete(mk);
  };
}

const inFlightRecord = (r: IdempotencyReservation): IdempotencyRecord => ({
  domainId: r.domainId,
  operation: r.operation,
  key: r.key,
  fingerprint: r.fingerprint,
  status: "in_flight",
  token: r.token,
  leaseExpiresAt: r.leaseExpiresAt,
  response: null,
  createdAt: r.now,
  expiresAt: r.expiresAt,
});

/**
 * Reservations as rows (PostgreSQL, shared by several processes). With `liveness`, each row names its holder
 * process, and a live lease whose holder is gone (killed, its connection closed) is taken over like an expired
 * one instead of answering idempotency_contention until the 60 s lease runs out.
 */
function rowReservationOperations(db: SqlExecutor, liveness?: HolderLiveness): IdempotencyOperations {
  const get = async (domainId: string, operation: string, key: string) => {
    const row = await db.get(`SELECT * FROM idempotency_records WHERE ${KEY}`, [domainId, operation, key]);
    return row ? toRecord(row) : null;
  };
  return {
    getIdempotency: get,
    async reserveIdempotency(r) {
      const holder = liveness ? await liveness.holder() : null;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const inserted = await db.run(
          `INSERT INTO idempotency_records
             (domain_id, operation, idempotency_key, fingerprint, status, token, lease_expires_at, created_at, expires_at, holder)
           VALUES ($1, $2, $3, $4, 'in_flight', $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
          [r.domainId, r.operation, r.key, r.fingerprint, r.token, r.leaseExpiresAt, r.now, r.expiresAt, holder],
        );
        if (inserted === 1) return { kind: "reserved" };
        const row = await db.get(`SELECT * FROM idempotency_records WHERE ${KEY}`, [r.domainId, r.operation, r.key]);
        if (!row) continue;
        const existing = toRecord(row);
        const expired = existing.expiresAt <= r.now;
        const holderOf = textOrNull(row, "holder");
        const abandoned =
          existing.status === "in_flight" &&
          (existing.leaseExpiresAt <= r.now || (liveness !== undefined && holderOf !== null && !(await liveness.isAlive(holderOf, db))));
        if (expired || abandoned) {
          // An expired record counts as new (docs/zelinqa-api.md §6.2); an abandoned lease may be taken over (§6.5).
          const taken = await db.run(
            `UPDATE idempotency_records SET fingerprint = $4, status = 'in_flight', token = $5, lease_expires_at = $6,
               response_status = NULL, response_body = NULL, response_content_type = NULL, request_id = NULL,
               created_at = $7, expires_at = $8, holder = $10
             WHERE ${KEY} AND token = $9`,
            [r.domainId, r.operation, r.key, r.fingerprint, r.token, r.leaseExpiresAt, r.now, r.expiresAt, existing.token, holder],
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
