// The error-frame catalogue (docs/zino-protocol.md §2): stable snake_case codes with default human messages.
import type { Frame } from "./frame-codec.js";

export const WIRE_ERRORS = {
  bad_request: "The request is not a valid ZINO frame; send one JSON object with message and ctxkey.",
  frame_too_large: "The frame exceeds the maximum frame size; send a smaller message.",
  unknown_type: "This service does not know the requested type; ask it for capabilities.",
  unavailable: "A service this request needs is not running; start it with `zino up` and retry.",
  provider_error: "The model provider failed; check the endpoint, model and key configured for this ctxkey.",
  timeout: "The operation timed out; retry, or raise the configured timeout.",
  forbidden: "This operation is not allowed by the execution rules of this ctxkey.",
  not_found: "The requested item does not exist.",
  context_overflow: "The prompt does not fit in the model's context window even after trimming history.",
  cancelled: "The request was cancelled.",
  /** [ext] docs/zino-protocol.md: too many connections or too many buffered bytes at this service. */
  overloaded: "The service is busy (too many connections or unfinished frames); retry in a moment.",
  /** [ext] docs/zino-protocol.md §3: the model's last call gave no text and no tool call. */
  empty_answer: "The model returned an empty answer; retry, or check the model configured for this ctxkey.",
  /** [ext] the model stopped at its output limit (finish_reason "length") before it answered. */
  output_truncated: "The model stopped at its output limit before it answered; raise llm.max_output_tokens or ask for less.",
  /** [ext] the provider's content filter blocked the answer (finish_reason "content_filter"). */
  content_filtered: "The provider's content filter blocked the answer; rephrase the request.",
  /** [ext] docs/zino-protocol.md §3: the turn ran past agent.turn_timeout_ms. */
  turn_timeout: "The turn ran past its time limit; ask for a smaller step, or raise agent.turn_timeout_ms for this ctxkey.",
  /** [ext] docs/zino-protocol.md §4: a ctxkey holds as many items (e.g. hard memories) as its configuration allows. */
  limit_reached: "This ctxkey holds as many of these items as its configuration allows; delete some, or raise the limit.",
  /** [ext] docs/zino-protocol.md: a turn_id sent again with another message; each new turn needs a new turn_id. */
  turn_id_reused: "This turn_id belongs to an earlier turn with another message; send a new turn_id with a new message.",
  internal_error: "The service failed unexpectedly; see its log (stderr) for the request id.",
} as const;

export type WireErrorCode = keyof typeof WIRE_ERRORS;

export interface ErrorFrame extends Frame {
  type: "error";
  code: WireErrorCode;
  message: string;
}

export function errorFrame(code: WireErrorCode, message: string = WIRE_ERRORS[code], extra: Frame = {}): ErrorFrame {
  return { ...extra, type: "error", code, message };
}

/** An expected failure a handler raises to answer with a specific error frame. */
export class WireError extends Error {
  constructor(
    readonly code: WireErrorCode,
    message: string = WIRE_ERRORS[code],
    readonly extra: Frame = {},
  ) {
    super(message);
    this.name = "WireError";
  }
}
