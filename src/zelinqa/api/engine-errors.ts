// Engine refusals (expected outcomes returned as values) become envelope errors with the right message variant.
import { ERROR_CODES } from "../contracts/index.js";
import type { ErrorCode } from "../contracts/index.js";
import { ApiError } from "./api-error.js";
import type { EngineError } from "./engine-port.js";

function isErrorCode(code: string): code is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(code);
}

export function engineApiError(error: EngineError): ApiError {
  if (!isErrorCode(error.code)) throw new Error(`the engine returned an unknown error code ${error.code}`);
  const details = error.details;
  let variant: string | undefined = error.variant;
  if (variant === undefined) {
    if (error.code === "invalid_previous_turn" && Object.keys(details).length === 0) variant = "open_question_requires_text";
    if (error.code === "invalid_choice" && ("data_id" in details || "dimension_id" in details)) variant = "value";
    if (error.code === "unknown_configuration" && details.state === "draft") variant = "draft";
  }
  const count = error.code === "configuration_validation_failed" && Array.isArray(details.issues) ? details.issues.length : undefined;
  return new ApiError(error.code, details, { ...(variant !== undefined ? { variant } : {}), ...(count !== undefined ? { count } : {}) });
}
