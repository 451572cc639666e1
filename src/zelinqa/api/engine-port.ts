// What the API needs from the decision engine (§11, §12), as one injected object. Draft, artefact and session
// state stay opaque here; the binding in engine-binding.ts maps it onto src/zelinqa/engine.
import type {
  ConfigurationChange,
  ConfigurationIssue,
  ConfigurationResponse,
  LegacyNextRequest,
  NextRequest,
  NextResponseBody,
  SessionCreateRequest,
  SessionEventsRequest,
  SessionStateBody,
} from "../contracts/index.js";
import type { SemanticExtractor } from "../understand/index.js";

export interface EngineDeps {
  now: () => Date;
  newId: (prefix: string) => string;
  semantic?: SemanticExtractor;
}

export interface EngineError {
  code: string;
  details: Record<string, unknown>;
  message?: string;
}

export type EngineResult<T> = { ok: true; value: T } | { ok: false; error: EngineError };

export interface AppliedChangeView {
  change_index: number;
  action: string;
  resource: { type: string; id: string };
  diff: { before: Record<string, unknown> | null; after: Record<string, unknown> | null };
}

export type ConfigurationEntities = Pick<ConfigurationResponse, "objective" | "dimensions" | "success_informations" | "questions">;

/** Opaque engine values, named for readability. */
export type Draft = { readonly draft_revision: number };
export type ArtifactJson = unknown;
export type Artifact = unknown;
export type SessionState = unknown;

export interface EnginePort {
  readonly engineVersion: string;
  parseDraft(json: unknown): Draft;
  /** The entity part of a configuration read, in response order (§12.2). */
  configurationEntities(draftOrArtifactContent: Draft): ConfigurationEntities;
  applyChanges(
    draft: Draft | null,
    changes: ConfigurationChange[],
    ctx: { domainName: string; expectedDraftRevision?: number },
  ): { ok: true; draft: Draft; applied: AppliedChangeView[]; warnings: ConfigurationIssue[] } | { ok: false; issues: ConfigurationIssue[] };
  publicationIssues(draft: Draft): ConfigurationIssue[];
  draftRevisionIssue(expected: number | undefined, current: number): ConfigurationIssue | null;
  compileArtifact(draft: Draft): ArtifactJson;
  /** Throws on a corrupt artefact. */
  loadArtifact(json: unknown): Artifact;
  parseSessionState(json: unknown): SessionState;
  createSession(artifact: Artifact, req: { sessionId: string; body: SessionCreateRequest }, deps: EngineDeps): Promise<EngineResult<{ state: SessionState; view: SessionStateBody }>>;
  nextQuestions(artifact: Artifact, state: SessionState, req: NextRequest, deps: EngineDeps): Promise<EngineResult<{ state: SessionState; response: NextResponseBody }>>;
  applySessionEvents(artifact: Artifact, state: SessionState, req: SessionEventsRequest, deps: EngineDeps): Promise<EngineResult<{ state: SessionState; view: SessionStateBody }>>;
  sessionView(artifact: Artifact, state: SessionState): SessionStateBody;
  legacyNextQuestion(artifact: Artifact, req: LegacyNextRequest, deps: EngineDeps): { next_question: { external_id: string; text: string } | null; exhausted: boolean };
}
