// The base class of every error answered by the API (docs/zelinqa-mcp.md §3.4): status, code, request id, details.
import { ZelinqaError, type ZelinqaErrorJSON } from "./zelinqa-error.js";

export interface APIErrorFields {
  statusCode: number;
  code?: string | null;
  requestId?: string | null;
  details?: Record<string, unknown> | null;
  retryAfter?: number | null;
}

export class ZelinqaAPIError extends ZelinqaError {
  readonly statusCode: number;
  readonly code: string | null;
  readonly requestId: string | null;
  readonly details: Record<string, unknown>;
  /** Seconds, from `Retry-After` or `details.retry_after_seconds`. */
  readonly retryAfter: number | null;

  constructor(message: string, fields: APIErrorFields) {
    super(message);
    this.statusCode = fields.statusCode;
    this.code = fields.code ?? null;
    this.requestId = fields.requestId ?? null;
    this.details = fields.details ?? {};
    this.retryAfter = fields.retryAfter ?? null;
  }

  /** `<code or status>: <message> (request_id=<id>)`. */
  override toString(): string {
    const head = `${this.code ?? this.statusCode}: ${this.message}`;
    return this.requestId === null ? head : `${head} (request_id=${this.requestId})`;
  }

  override toJSON(): ZelinqaErrorJSON {
    return {
      name: this.name,
      message: this.message,
      statusCode: this.statusCode,
      code: this.code,
      requestId: this.requestId,
      details: structuredClone(this.details),
      retryAfter: this.retryAfter,
    };
  }
}
