// One failed provider attempt, described without secrets: what the final `provider_error` lists (docs/zino-protocol.md §5).

export type AttemptFailureKind = "http" | "network" | "timeout" | "protocol" | "provider";

export class AttemptFailure extends Error {
  constructor(
    readonly kind: AttemptFailureKind,
    /** Worth retrying on the same provider (connection errors, 429, 5xx). */
    readonly retryable: boolean,
    detail: string,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(detail);
    this.name = "AttemptFailure";
  }
}
