// The real decision engine behind the API's engine port.
import {
  DraftConfigurationSchema,
  ENGINE_VERSION,
  applyChanges,
  applySessionEvents,
  compileArtifact,
  configurationBody,
  createSession,
  draftRevisionIssue,
  legacyNextQuestion,
  loadArtifact,
  nextQuestions,
  parseSessionState,
  previewTurn,
  publicationIssues,
  quarantineDeepDraftValues,
  sessionView,
} from "../engine/index.js";
import type { EnginePort } from "./engine-port.js";

export const defaultEngine: EnginePort = {
  engineVersion: ENGINE_VERSION,
  // A draft stored before depth limits existed may hold a schema deep enough to overflow a recursive walk.
  parseDraft: (json) => DraftConfigurationSchema.parse(quarantineDeepDraftValues(json)),
  configurationEntities: (draft) => configurationBody(draft),
  applyChanges: (draft, changes, ctx) => applyChanges(draft, changes, ctx),
  publicationIssues,
  draftRevisionIssue,
  compileArtifact,
  loadArtifact,
  parseSessionState,
  createSession,
  nextQuestions,
  applySessionEvents,
  sessionView,
  previewTurn,
  legacyNextQuestion,
};
