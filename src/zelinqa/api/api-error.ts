// Expected failures of a request as values the pipeline turns into the §5.1 envelope or a §5.3 gateway body.
import type { ErrorCode } from "../contracts/index.js";

/** An envelope error (§5.2, §5.4): `variant` picks an alternative message, `count` fills N. */
export class ApiError extends Error {
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
    this.name = "ApiError";
    this.code = code;
    this.details = details;
    this.variant = options.variant;
    this.count = options.count;
    this.headers = options.headers ?? {};
  }
}

export type GatewayStatus = 401 | 403 | 404 | 405 | 413 | 429 | 500 | 503;

/** A gateway-style refusal without envelope (§4.1, §5.3). */
export class GatewayError extends Error {
  readonly status: GatewayStatus;
  readonly headers: Record<string, string>;

  constructor(status: GatewayStatus, headers: Record<string, string> = {}) {
    super(`gateway ${status}`);
    this.name = "GatewayError";
    this.status = status;
    this.headers = headers;
  }
}

/** Thrown inside an effect transaction when the state_version compare-and-swap found zero rows (§7). */
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

/** Thrown inside an effect transaction when a read it relied on is stale: the pipeline re-runs the handler. */
export class RetryableConflict extends Error {
  constructor(what: string) {
    super(`${what} changed concurrently`);
    this.name = "RetryableConflict";
  }
}
