// The engine the API tests wire into the app. Until src/zelinqa/engine is committed, the gateway tests use
// an engine whose every call fails: they only exercise steps of §5.5 that run before any engine call.
import type { EnginePort } from "../../src/zelinqa/api/engine-port.js";

function unavailable(): never {
  throw new Error("the decision engine is not wired in this test");
}

export function unwiredEngine(): EnginePort {
  return {
    engineVersion: "1.0.0",
    parseDraft: unavailable,
    configurationEntities: unavailable,
    applyChanges: unavailable,
    publicationIssues: unavailable,
    draftRevisionIssue: unavailable,
    compileArtifact: unavailable,
    loadArtifact: unavailable,
    parseSessionState: unavailable,
    createSession: unavailable,
    nextQuestions: unavailable,
    applySessionEvents: unavailable,
    sessionView: unavailable,
    legacyNextQuestion: unavailable,
  };
}
