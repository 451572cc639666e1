// Public surface of the Zelinqa use cases: configuration changes, publication and its compilation worker,
// sessions (create, next, events, read, preview, feedback) and API keys, over {store, clock, ids, artefacts}
// and the pure engine. The API's routes and the CLI both call them; nothing here knows HTTP or the command line.
export { commit, engineDeps } from "./operation-deps.js";
export type { Actor, OperationDeps, Prepared } from "./operation-deps.js";
export { OperationError, RetryableConflict, StateVersionConflict, engineRefusal, validationFailed } from "./operation-error.js";
export { createIdGenerator, base32 } from "./ids.js";
export type { IdGenerator } from "./ids.js";
export { artifactWeight, createArtifactCache, MAX_CACHED_ARTIFACT_WEIGHT } from "./artifact-cache.js";
export type { ArtifactCache, LoadedArtifact } from "./artifact-cache.js";
export { auditEventView, changeAuditEvents, publishAuditEvent } from "./audit-events.js";
export type { AuditActor } from "./audit-events.js";
export { errorSummary } from "./error-summary.js";
export { parseStoredDraft, readConfiguration, storedConfigurationEntities } from "./stored-configuration.js";
export type { LoadedConfiguration } from "./stored-configuration.js";
export { jsonWithMembers, readConfigurationText } from "./configuration-json.js";
export { applyConfigurationChanges, draftIssues } from "./configuration-changes.js";
export type { AppliedChanges } from "./configuration-changes.js";
export { requestPublication } from "./publication.js";
export { createCompileWorker, WORKER_POLL_MS, COMPILATION_LEASE_MS } from "./compile-worker.js";
export { COMPILE_TIMEOUT_MS, DEFAULT_COMPILE_THREADS, MAX_QUEUED_COMPILES, createCompilePool } from "./compile-pool.js";
export type { CompilePoolOptions } from "./compile-pool.js";
export { CompileTimedOut, CompilerBusy, IN_THREAD_COMPILER, compileStoredDraft } from "./draft-compiler.js";
export type { DraftCompilation, DraftCompiler, DraftTask } from "./draft-compiler.js";
export { applyChangeBatch } from "./change-batch.js";
export type { ChangeBatchInput, ChangeBatchResult } from "./change-batch.js";
export type { CompileWorker, CompileWorkerDeps } from "./compile-worker.js";
export { loadSession, pinnedArtifact, publishedArtifact } from "./session-loading.js";
export { createSession, nextQuestions, applySessionEvents } from "./session-mutations.js";
export type { SessionCall } from "./session-mutations.js";
export { getSession, previewTurn, recordFeedback, feedbackRecord, legacyNextQuestion } from "./session-reads.js";
export type { RecordedFeedback } from "./session-reads.js";
export { API_KEY_PATTERN, createApiKey, generateApiKey, hashApiKey, isScope, listApiKeys, revokeApiKey } from "./api-keys.js";
export type { ApiKeyRequest, NewApiKey } from "./api-keys.js";
export {
  SIGN_IN_CODE_TTL_MS,
  SIGN_IN_KEY_TTL_MS,
  SIGN_IN_SCOPES,
  createOrganizationDomain,
  hashSignInCode,
  issueDomainKey,
  mintSignInCode,
  organizationDomains,
  redeemSignInCode,
  studioDomain,
} from "./studio-access.js";
export { sessionFactsWrite, stopReasonOf } from "./session-facts.js";
export { listConversations, sessionTranscript } from "./studio-conversations.js";
export { backfillSessionFacts } from "./session-facts-backfill.js";
export { CHART_COLUMNS, analyticsChart, analyticsRange, parseChart } from "./studio-analytics.js";
