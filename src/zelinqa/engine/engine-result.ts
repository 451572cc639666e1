// Business outcomes as values (ARCHITECTURE "Errors"): 422s and constraint_no_match are never thrown.
import type { ErrorCode } from "../contracts/index.js";

export interface EngineError {
  code: ErrorCode;
  details: Record<string, unknown>;
  /** English default wording; `variant` selects the localised alternative of the catalogue (errorMessage). */
  message?: string;
  variant?: string;
}

export type EngineResult<T> = { ok: true; value: T } | { ok: false; error: EngineError };

export const ok = <T>(value: T): EngineResult<T> => ({ ok: true, value });
export const err = (error: EngineError): { ok: false; error: EngineError } => ({ ok: false, error });

export const invalidValue = (dataId: string, value: unknown): EngineError => ({
  code: "invalid_choice",
  details: { data_id: dataId, invalid_value: value },
  message: "The supplied value is not valid for this success information.",
  variant: "value",
});
