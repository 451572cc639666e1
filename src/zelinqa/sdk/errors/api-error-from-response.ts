// Picks the error class of an API failure (docs/zelinqa-mcp.md §3.4): any 401, then the envelope code, then the status.
import { ZelinqaAPIError, type APIErrorFields } from "./api-error.js";
import {
  ZelinqaAuthenticationError,
  ZelinqaCompilationInProgressError,
  ZelinqaCompiledArtifactUnavailableError,
  ZelinqaConfigurationValidationError,
  ZelinqaConflictError,
  ZelinqaConstraintNoMatchError,
  ZelinqaIdempotencyContentionError,
  ZelinqaIdempotencyKeyReusedError,
  ZelinqaInsufficientScopeError,
  ZelinqaInvalidChoiceError,
  ZelinqaInvalidPreviousTurnError,
  ZelinqaNotFoundError,
  ZelinqaRateLimitError,
  ZelinqaServerError,
  ZelinqaStateVersionConflictError,
  ZelinqaUnknownCompilationError,
  ZelinqaUnknownConfigurationError,
  ZelinqaUnknownSessionError,
  ZelinqaValidationError,
} from "./api-error-classes.js";
import { isRecord } from "../../../shared/is-record.js";

export const GATEWAY_FORBIDDEN_MESSAGE = "Forbidden: the API key is invalid, revoked or expired, or lacks the scope this route requires";

type APIErrorClass = new (message: string, fields: APIErrorFields) => ZelinqaAPIError;

const BY_CODE: Readonly<Record<string, APIErrorClass>> = {
  unauthorized: ZelinqaAuthenticationError,
  insufficient_scope: ZelinqaInsufficientScopeError,
  idempotency_contention: ZelinqaIdempotencyContentionError,
  state_version_conflict: ZelinqaStateVersionConflictError,
  idempotency_key_reused: ZelinqaIdempotencyKeyReusedError,
  unknown_session: ZelinqaUnknownSessionError,
  invalid_previous_turn: ZelinqaInvalidPreviousTurnError,
  constraint_no_match: ZelinqaConstraintNoMatchError,
  invalid_choice: ZelinqaInvalidChoiceError,
  compiled_artifact_unavailable: ZelinqaCompiledArtifactUnavailableError,
  configuration_validation_failed: ZelinqaConfigurationValidationError,
  compilation_in_progress: ZelinqaCompilationInProgressError,
  unknown_configuration: ZelinqaUnknownConfigurationError,
  unknown_compilation: ZelinqaUnknownCompilationError,
};

/** Headers as a fetch `Headers` or a plain record (any case). */
export type HeaderSource = Headers | Readonly<Record<string, string | null | undefined>> | null | undefined;

export function headerValue(headers: HeaderSource, name: string): string | null {
  if (!headers) return null;
  if (headers instanceof Headers) return headers.get(name);
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted && typeof value === "string") return value;
  }
  return null;
}

/** `Retry-After` in seconds, as delta-seconds or an HTTP-date (never negative); null when absent or unreadable. */
export function parseRetryAfterHeader(value: string | null | undefined, nowMs: number = Date.now()): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (text === "") return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const dateMs = Date.parse(text);
  if (Number.isNaN(dateMs)) return null;
  return Math.max(0, (dateMs - nowMs) / 1000);
}

const nonEmptyString = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

function classFor(status: number, code: string | null): APIErrorClass {
  if (status === 401) return ZelinqaAuthenticationError;
  if (code !== null) {
    const byCode = BY_CODE[code];
    if (byCode) return byCode;
  }
  if (status === 403) return ZelinqaAuthenticationError;
  if (status === 404) return ZelinqaNotFoundError;
  if (status === 409) return ZelinqaConflictError;
  if (status === 410) return ZelinqaCompiledArtifactUnavailableError;
  if (status === 422) return ZelinqaValidationError;
  if (status === 429) return ZelinqaRateLimitError;
  if (status >= 500) return ZelinqaServerError;
  return ZelinqaAPIError;
}

/**
 * Builds the error of a failed response. `payload` is the parsed body (anything); it is also the inverse of
 * `toJSON()`: `apiErrorFromResponse(statusCode, {code, message, request_id: requestId, details})`.
 */
export function apiErrorFromResponse(status: number, payload: unknown, headers?: HeaderSource): ZelinqaAPIError {
  const body = isRecord(payload) ? payload : {};
  const code = nonEmptyString(body.code);
  const details = isRecord(body.details) ? body.details : {};
  const knownCode = code !== null && code in BY_CODE;
  const Klass = classFor(status, code);
  let message =
    nonEmptyString(body.message) ??
    nonEmptyString(body.detail) ??
    nonEmptyString(body.title) ??
    nonEmptyString(body.error) ??
    `Zelinqa API request failed with status ${status}`;
  if (status === 403 && !knownCode) message = GATEWAY_FORBIDDEN_MESSAGE;
  const requestId = nonEmptyString(body.request_id) ?? headerValue(headers, "x-request-id") ?? headerValue(headers, "x-amzn-requestid");
  const detailsRetry = details.retry_after_seconds;
  const retryAfter =
    parseRetryAfterHeader(headerValue(headers, "retry-after")) ??
    (typeof detailsRetry === "number" && Number.isFinite(detailsRetry) ? detailsRetry : null);
  return new Klass(message, { statusCode: status, code, requestId, details, retryAfter });
}
