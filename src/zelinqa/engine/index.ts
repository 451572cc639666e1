// Public surface of the pure Zelinqa decision engine (docs/zelinqa-api.md §9–§13). No I/O: time, ids and the
// optional model port come in as dependencies. Business errors are values (EngineResult), never exceptions.
//
// state_version: nextQuestions and applySessionEvents return a state whose `state_version` is the input's + 1
// (docs/zelinqa-api.md §7); the API compares the client's value with the stored one before calling and stores the returned state.
export { ENGINE_VERSION, API_VERSION } from "./version.js";
export { applyChanges, draftRevisionIssue } from "./configuration-changes.js";
export type { AppliedChange, ApplyChangesContext, ApplyChangesResult } from "./configuration-changes.js";
export { publicationIssues } from "./publication-issues.js";
export { MAX_SCHEMA_DEPTH, quarantineDeepDraftValues } from "./json-depth.js";
export { DraftConfigurationSchema, configurationBody, defaultObjective, emptyDraft } from "./draft.js";
export type { DraftConfiguration, ConfigurationBody } from "./draft.js";
export { CHANGED_MARKER, auditDiff } from "./audit-diff.js";
export type { AuditDiffValue } from "./audit-diff.js";
export { compileArtifact, explorationTargetId } from "./compile-artifact.js";
export { CompiledArtifactJsonSchema, ARTIFACT_FORMAT, CorruptArtifact, artifactSchemaFingerprint } from "./artifact-json.js";
export type { CompiledArtifactJson } from "./artifact-json.js";
export { artifactLoadSteps, loadArtifact, ROLE_WEIGHT } from "./load-artifact.js";
export type { CompiledArtifact } from "./load-artifact.js";
export { SessionStateSchema, parseSessionState } from "./session-state.js";
export type { SessionState } from "./session-state.js";
export type { EngineResult, EngineError } from "./engine-result.js";
export type { EngineDeps } from "./request-reducer.js";
export { createSession, nextQuestions, applySessionEvents, sessionView } from "./session-operations.js";
export { legacyNextQuestion } from "./legacy-next.js";
export type { LegacyNextResult } from "./legacy-next.js";
export { sha256Hex } from "./sha256.js";
export type { SemanticExtractor, SemanticRequest, SemanticValue } from "../understand/semantic-extractor.js";
export { rankQuestions } from "./rank-questions.js";
export type { RankedQuestions } from "./rank-questions.js";
export { newSessionState } from "./session-state.js";
export { previewTurn } from "./turn-preview.js";
