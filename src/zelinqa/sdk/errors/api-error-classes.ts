// The specialised API error classes of docs/zelinqa-mcp.md §3.4; fields specific to a class come from `details`.
import { ZelinqaAPIError, type APIErrorFields } from "./api-error.js";
import type { ZelinqaErrorJSON } from "./zelinqa-error.js";

const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);
const integerOrNull = (value: unknown): number | null => (typeof value === "number" && Number.isInteger(value) ? value : null);
const stringOrNull = (value: unknown): string | null => (typeof value === "string" ? value : null);

export class ZelinqaAuthenticationError extends ZelinqaAPIError {}

export class ZelinqaInsufficientScopeError extends ZelinqaAPIError {
  readonly requiredScopes: string[];
  readonly grantedScopes: string[];
  constructor(message: string, fields: APIErrorFields) {
    super(message, fields);
    this.requiredScopes = stringList(this.details.required_scopes);
    this.grantedScopes = stringList(this.details.granted_scopes);
  }
  override toJSON(): ZelinqaErrorJSON {
    return { ...super.toJSON(), requiredScopes: [...this.requiredScopes], grantedScopes: [...this.grantedScopes] };
  }
}

export class ZelinqaNotFoundError extends ZelinqaAPIError {}
export class ZelinqaUnknownSessionError extends ZelinqaNotFoundError {}
export class ZelinqaUnknownConfigurationError extends ZelinqaNotFoundError {}
export class ZelinqaUnknownCompilationError extends ZelinqaNotFoundError {}

export class ZelinqaConflictError extends ZelinqaAPIError {}

export class ZelinqaStateVersionConflictError extends ZelinqaConflictError {
  readonly suppliedStateVersion: number | null;
  readonly currentStateVersion: number | null;
  constructor(message: string, fields: APIErrorFields) {
    super(message, fields);
    this.suppliedStateVersion = integerOrNull(this.details.supplied_state_version);
    this.currentStateVersion = integerOrNull(this.details.current_state_version);
  }
  override toJSON(): ZelinqaErrorJSON {
    return {
      ...super.toJSON(),
      suppliedStateVersion: this.suppliedStateVersion,
      currentStateVersion: this.currentStateVersion,
    };
  }
}

export class ZelinqaIdempotencyKeyReusedError extends ZelinqaConflictError {}

export class ZelinqaCompilationInProgressError extends ZelinqaConflictError {
  readonly compilationId: string | null;
  readonly compilationStatus: string | null;
  constructor(message: string, fields: APIErrorFields) {
    super(message, fields);
    this.compilationId = stringOrNull(this.details.compilation_id);
    this.compilationStatus = stringOrNull(this.details.status);
  }
  override toJSON(): ZelinqaErrorJSON {
    return { ...super.toJSON(), compilationId: this.compilationId, compilationStatus: this.compilationStatus };
  }
}

export class ZelinqaCompiledArtifactUnavailableError extends ZelinqaAPIError {}

export class ZelinqaValidationError extends ZelinqaAPIError {}
export class ZelinqaInvalidPreviousTurnError extends ZelinqaValidationError {}
export class ZelinqaConstraintNoMatchError extends ZelinqaValidationError {}
export class ZelinqaInvalidChoiceError extends ZelinqaValidationError {}

export class ZelinqaConfigurationValidationError extends ZelinqaValidationError {
  readonly issues: unknown[];
  constructor(message: string, fields: APIErrorFields) {
    super(message, fields);
    this.issues = Array.isArray(this.details.issues) ? [...(this.details.issues as unknown[])] : [];
  }
  override toJSON(): ZelinqaErrorJSON {
    return { ...super.toJSON(), issues: structuredClone(this.issues) };
  }
}

export class ZelinqaRateLimitError extends ZelinqaAPIError {}
export class ZelinqaIdempotencyContentionError extends ZelinqaAPIError {}
export class ZelinqaServerError extends ZelinqaAPIError {}
