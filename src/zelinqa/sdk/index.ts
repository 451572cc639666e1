// Public surface of the Zelinqa TypeScript SDK (docs/zelinqa-mcp.md §3): clients, helpers, errors and wire types.
export { ZelinqaClient } from "./runtime-client.js";
export { ZelinqaConfigurationClient } from "./configuration-client.js";
export type { ConfigurationReadQuery, QuestionQuery, AuditQueryOptions, WaitOptions } from "./configuration-client.js";
export { Session } from "./session.js";
export type { SessionNextBody, SessionEventsBody } from "./session.js";
export { answerTurn } from "./answer-turn.js";
export type { AnswerInput, AnswerOutcome, PendingDecision } from "./answer-turn.js";
export { apiErrorFromResponse, parseRetryAfterHeader, GATEWAY_FORBIDDEN_MESSAGE } from "./errors/api-error-from-response.js";
export type { HeaderSource } from "./errors/api-error-from-response.js";
export { VERSION, DEFAULT_BASE_URL, DEFAULT_TIMEOUT_MS, DEFAULT_MAX_RETRIES } from "./version.js";
export type { ClientOptions, RequestOptions, FetchLike } from "./client-options.js";
export type { RuntimeClientLike, SessionState, Configuration } from "./types.js";
export {
  ZelinqaError,
  ZelinqaConnectionError,
  ZelinqaRequestValidationError,
  ZelinqaCompilationTimeoutError,
  ZelinqaAnswerError,
} from "./errors/zelinqa-error.js";
export type { ZelinqaErrorJSON, RequestValidationIssue } from "./errors/zelinqa-error.js";
export { ZelinqaAPIError } from "./errors/api-error.js";
export type { APIErrorFields } from "./errors/api-error.js";
export {
  ZelinqaAuthenticationError,
  ZelinqaInsufficientScopeError,
  ZelinqaNotFoundError,
  ZelinqaUnknownSessionError,
  ZelinqaUnknownConfigurationError,
  ZelinqaUnknownCompilationError,
  ZelinqaConflictError,
  ZelinqaStateVersionConflictError,
  ZelinqaIdempotencyKeyReusedError,
  ZelinqaCompilationInProgressError,
  ZelinqaCompiledArtifactUnavailableError,
  ZelinqaValidationError,
  ZelinqaInvalidPreviousTurnError,
  ZelinqaConstraintNoMatchError,
  ZelinqaInvalidChoiceError,
  ZelinqaConfigurationValidationError,
  ZelinqaRateLimitError,
  ZelinqaIdempotencyContentionError,
  ZelinqaServerError,
} from "./errors/api-error-classes.js";
export type {
  AuditListResponse,
  Candidate,
  CompilationStatus,
  ConfigurationChangesRequest,
  ConfigurationChangesResponse,
  ConfigurationResponse,
  ConfiguredQuestion,
  ContextUpdate,
  ClientUpdates,
  DataUpdate,
  DimensionUpdate,
  FeedbackRequest,
  FeedbackResponse,
  InitialHistoryItem,
  NextRequest,
  NextResponse,
  ObjectiveUpdate,
  PendingDecisionView,
  PreviousTurn,
  ProgressView,
  PublishRequest,
  QuestionListResponse,
  SelectionOptions,
  SessionCreateRequest,
  SessionEventsRequest,
  SessionStateResponse,
  StructuredAnswer,
  TurnPreviewRequest,
  TurnPreviewResponse,
} from "../contracts/index.js";
