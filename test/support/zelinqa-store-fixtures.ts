// Store-level fixtures of the Zelinqa store tests: the writes of a new session (its row, its `create` journal row and
// its studio facts), as the session route would hand them to the store.
import type { IdempotencyReservation, SessionCreation } from "../../src/zelinqa/store/index.js";

/** The reservation of a request under `key` (token `tok_<key>`, fingerprint "f"), taken at `times.now`. */
export function keyReservation(
  scope: { domainId: string; operation: string; key: string },
  times: { now: string; leaseExpiresAt: string; expiresAt: string },
): IdempotencyReservation {
  return { ...scope, token: `tok_${scope.key}`, fingerprint: "f", ...times };
}

/** A new session `id` at version 0 on `configVersionId`, created at `at` by request `requestId`. */
export function sessionCreation(options: {
  id: string;
  domainId: string;
  configVersionId: string;
  requestId: string;
  at: string;
  summary?: Record<string, unknown>;
}): Omit<SessionCreation, "completion"> {
  const { id, domainId, configVersionId, requestId, at } = options;
  return {
    session: {
      id,
      domainId,
      configVersionId,
      state: { n: 0 },
      stateVersion: 0,
      status: "active",
      turnCount: 0,
      createdAt: at,
      updatedAt: at,
    },
    event: { sessionId: id, stateVersion: 0, kind: "create", requestId, summary: options.summary ?? {}, occurredAt: at },
    facts: {
      facts: {
        sessionId: id,
        domainId,
        configVersionId,
        status: "active",
        stopReason: null,
        objectiveReached: false,
        turns: 0,
        objectiveReachedTurn: null,
        pendingQuestionId: null,
        createdAt: at,
        updatedAt: at,
      },
      turn: null,
      outcomes: [],
      coverage: [],
    },
  };
}
