// What the API needs from the decision engine (§11, §12), as one injected object; engine-binding.ts maps it
// onto src/zelinqa/engine. Kept as a port so the API names exactly the engine surface it depends on.
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
  TurnPreviewBody,
  TurnPreviewRequest,
} from "../contracts/index.js";
import type { CompiledArtifact, DraftConfiguration, SessionState as EngineSessionState } from "../engine/index.js";
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
  variant?: string;
}

export type EngineResult<T> = { ok: true; value: T } | { ok: false; error: EngineError };

export interface AppliedChangeView {
  change_index: number;
  action: string;
  resource: { type: string; id: string };
  diff: { before: Record<string, unknown> | null; after: Record<string, unknown> | null };
}

export type ConfigurationEntities = Pick<ConfigurationResponse, "objective" | "dimensions" | "success_informations" | "questions">;

export type Draft = DraftConfiguration;
export type ArtifactJson = unknown;
export type Artifact = CompiledArtifact;
export type SessionState = EngineSessionState;

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
  /** The engine allocates the session id (`deps.newId("ses")`); it is `view.session_id`. */
  createSession(artifact: Artifact, req: SessionCreateRequest, deps: EngineDeps): Promise<EngineResult<{ state: SessionState; view: SessionStateBody }>>;
  nextQuestions(artifact: Artifact, state: SessionState, req: NextRequest, deps: EngineDeps): Promise<EngineResult<{ state: SessionState; response: NextResponseBody }>>;
  applySessionEvents(artifact: Artifact, state: SessionState, req: SessionEventsRequest, deps: EngineDeps): Promise<EngineResult<{ state: SessionState; view: SessionStateBody }>>;
  sessionView(artifact: Artifact, state: SessionState): SessionStateBody;
  /** [ext] What a turn with this text would record; never changes `state`. */
  previewTurn(artifact: Artifact, state: SessionState, req: TurnPreviewRequest, deps: EngineDeps): Promise<EngineResult<TurnPreviewBody>>;
  legacyNextQuestion(artifact: Artifact, req: LegacyNextRequest, now: Date): { next_question: { external_id: string; text: string } | null; exhausted: boolean };
}
