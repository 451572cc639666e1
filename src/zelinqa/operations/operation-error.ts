// Expected refusals of an operation, as errors carrying a wire code of the contracts registry: the API turns
// them into the docs/zelinqa-api.md §5.1 envelope, the CLI into a message. Engine refusals (values) become one with engineRefusal.
import type { ErrorCode } from "../contracts/index.js";
import type { EngineError } from "../engine/index.js";

/** An envelope error (docs/zelinqa-api.md §5.2, §5.4): `variant` picks an alternative message, `count` fills N. */
export class OperationError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown>;
  readonly variant: string | undefined;
  readonly count: number | undefined;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    details: Record<string, unknown> = {},
    options: { variant?: string; count?: number; headers?: Record<string, string> } = {},
  ) {
    super(code);
    this.name = "OperationError";
    this.code = code;
    this.details = details;
    this.variant = options.variant;
    this.count = options.count;
    this.headers = options.headers ?? {};
  }
}

/** Thrown inside an effect transaction when the state_version compare-and-swap found zero rows (docs/zelinqa-api.md §7). */
export class StateVersionConflict extends Error {
  readonly sessionId: string;
  readonly suppliedStateVersion: number;

  constructor(sessionId: string, suppliedStateVersion: number) {
    super("state_version conflict");
    this.name = "StateVersionConflict";
    this.sessionId = sessionId;
    this.suppliedStateVersion = suppliedStateVersion;
  }
}

/** Thrown inside an effect transaction when a read it relied on is stale: the caller re-runs the operation. */
export class RetryableConflict extends Error {
  constructor(what: string) {
    super(`${what} changed concurrently`);
    this.name = "RetryableConflict";
  }
}

/** An engine refusal with the message variant its details call for. */
export function engineRefusal(error: EngineError): OperationError {
  const details = error.details;
  let variant: string | undefined = error.variant;
  if (variant === undefined) {
    if (error.code === "invalid_previous_turn" && Object.keys(details).length === 0) variant = "open_question_requires_text";
    if (error.code === "invalid_choice" && ("data_id" in details || "dimension_id" in details)) variant = "value";
    if (error.code === "unknown_configuration" && details.state === "draft") variant = "draft";
  }
  const count = error.code === "configuration_validation_failed" && Array.isArray(details.issues) ? details.issues.length : undefined;
  return new OperationError(error.code, details, {
    ...(variant !== undefined ? { variant } : {}),
    ...(count !== undefined ? { count } : {}),
  });
}

export function validationFailed(issues: readonly unknown[]): OperationError {
  return new OperationError("configuration_validation_failed", { issues }, { count: issues.length });
}
