// Session operations that never change the state: the resume view (docs/zelinqa-api.md §8.4), the answer preview ([ext]
// `understand`), feedback (docs/zelinqa-api.md §8.5, also the legacy conversion of §13) and the legacy stateless next question.
import type { FeedbackRequest, LegacyNextRequest, SessionStateBody, TurnPreviewBody, TurnPreviewRequest } from "../contracts/index.js";
import { legacyNextQuestion as engineLegacyNext, parseSessionState, previewTurn as enginePreview, sessionView } from "../engine/index.js";
import type { LegacyNextResult } from "../engine/index.js";
import type { FeedbackRecord } from "../store/index.js";
import { engineDeps } from "./operation-deps.js";
import type { OperationDeps, Prepared } from "./operation-deps.js";
import { engineRefusal } from "./operation-error.js";
import { loadSession, pinnedArtifact, publishedArtifact } from "./session-loading.js";

export async function getSession(deps: OperationDeps, call: { domainId: string; sessionId: string }): Promise<SessionStateBody> {
  const session = await loadSession(deps, call.domainId, call.sessionId);
  const artifact = await pinnedArtifact(deps, session);
  return sessionView(artifact, parseSessionState(session.state));
}

/** What a turn with this text would record, on a copy: no effect, no state_version change. */
export async function previewTurn(
  deps: OperationDeps,
  call: { domainId: string; sessionId: string; request: TurnPreviewRequest },
): Promise<TurnPreviewBody> {
  const session = await loadSession(deps, call.domainId, call.sessionId);
  const artifact = await pinnedArtifact(deps, session);
  const result = await enginePreview(artifact, parseSessionState(session.state), call.request, engineDeps(deps));
  if (!result.ok) throw engineRefusal(result.error);
  return result.value;
}

export interface RecordedFeedback {
  sessionId: string;
  feedbackId: string;
  recordedAt: string;
}

/** Feedback of `source` on a session of the caller's domain; the feedback fields are already in stored form. */
export async function recordFeedback(
  deps: OperationDeps,
  call: { domainId: string; sessionId: string; now: Date; feedback: Pick<FeedbackRecord, "result" | "label" | "metadata" | "source"> },
): Promise<Prepared<RecordedFeedback>> {
  const session = await loadSession(deps, call.domainId, call.sessionId);
  const feedbackId = deps.ids.newId("fbk");
  const recordedAt = call.now.toISOString();
  return {
    value: { sessionId: session.id, feedbackId, recordedAt },
    effects: (tx) => tx.insertFeedback({ id: feedbackId, sessionId: session.id, ...call.feedback, recordedAt }),
  };
}

/** docs/zelinqa-api.md §8.5 feedback as stored. */
export function feedbackRecord(request: FeedbackRequest): Pick<FeedbackRecord, "result" | "label" | "metadata" | "source"> {
  return { result: request.result, label: request.label ?? null, metadata: request.metadata ?? null, source: "feedback" };
}

/** docs/zelinqa-api.md §13: the stateless next question on the published artefact; persists nothing. */
export async function legacyNextQuestion(
  deps: OperationDeps,
  call: { domainId: string; request: LegacyNextRequest },
): Promise<LegacyNextResult> {
  const { artifact } = await publishedArtifact(deps, call.domainId);
  return engineLegacyNext(artifact, call.request, deps.clock.now());
}
