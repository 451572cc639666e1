// Idempotency of docs/zelinqa-api.md §6: fingerprint of method, raw path and canonical body; reservation with a 60 s lease;
// replay of the stored response; same-fingerprint contention waits 500 ms once, then 503.
import { hash } from "node:crypto";
import type { IdempotencyReservation, StoreOperations, StoredResponse } from "../store/index.js";
import { OperationError } from "../operations/index.js";

export const IDEMPOTENCY_LEASE_MS = 60_000;
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
export const CONTENTION_WAIT_MS = 500;

/** Keys sorted, no whitespace (docs/zelinqa-api.md §6.2). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

export function requestFingerprint(method: string, rawPath: string, body: unknown): string {
  return hash("sha256", `${method}\n${rawPath}\n${canonicalJson(body)}`, "hex");
}

export interface IdempotencyScope {
  domainId: string;
  operation: string;
  key: string;
}

export type Reservation = { kind: "reserved"; token: string } | { kind: "replay"; response: StoredResponse };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A reservation of `scope` made at `now`: its 60 s lease and 24 h retention. */
export function reservationAt(now: Date, input: { scope: IdempotencyScope; fingerprint: string; token: string }): IdempotencyReservation {
  const nowMs = now.getTime();
  return {
    ...input.scope,
    fingerprint: input.fingerprint,
    token: input.token,
    now: new Date(nowMs).toISOString(),
    leaseExpiresAt: new Date(nowMs + IDEMPOTENCY_LEASE_MS).toISOString(),
    expiresAt: new Date(nowMs + IDEMPOTENCY_RETENTION_MS).toISOString(),
  };
}

export async function reserveIdempotencyKey(deps: {
  store: Pick<StoreOperations, "reserveIdempotency">;
  scope: IdempotencyScope;
  fingerprint: string;
  token: string;
  now: () => Date;
}): Promise<Reservation> {
  for (let attempt = 0; ; attempt += 1) {
    const outcome = await deps.store.reserveIdempotency(reservationAt(deps.now(), deps));
    if (outcome.kind === "reserved") return { kind: "reserved", token: deps.token };
    if (outcome.record.fingerprint !== deps.fingerprint) {
      throw new OperationError("idempotency_key_reused", { idempotency_key: deps.scope.key });
    }
    if (outcome.kind === "completed" && outcome.record.response) return { kind: "replay", response: outcome.record.response };
    if (attempt >= 1) {
      throw new OperationError(
        "idempotency_contention",
        { idempotency_key: deps.scope.key, retry_after_seconds: 1 },
        { headers: { "retry-after": "1" } },
      );
    }
    await sleep(CONTENTION_WAIT_MS);
  }
}
