// One failed provider attempt, described without secrets: what the final `provider_error` lists (docs/zino-protocol.md §5).

/** `context`: the provider said the prompt does not fit the model's context (HTTP 4xx or an error in the stream). */
export type AttemptFailureKind = "http" | "network" | "timeout" | "protocol" | "provider" | "context";

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
