// The stateless legacy selection of docs/zelinqa-api.md §13 (`POST /v1/next-questions`): a transient state, k = 1, no effects.
import type { LegacyNextRequest } from "../contracts/index.js";
import { MAX_REQUEST_UNDERSTOOD_WORDS } from "./evidence-plan.js";
import type { CompiledArtifact } from "./load-artifact.js";
import { computeProgress } from "./progress.js";
import { applyPlan, planRequest } from "./request-reducer.js";
import { selectCandidates } from "./select-candidates.js";
import { newSessionState } from "./session-state.js";

export interface LegacyNextResult {
  next_question: { external_id: string; text: string } | null;
  exhausted: boolean;
}

/** `now` only dates relative expressions ("demain") in the history; it defaults to the epoch day. */
export function legacyNextQuestion(artifact: CompiledArtifact, req: LegacyNextRequest, now: Date = new Date(0)): LegacyNextResult {
  const state = newSessionState({ sessionId: req.session_id, clientReference: null, maxTurns: artifact.objective.max_turns });
  for (const id of req.answered_question_ids ?? []) {
    if (artifact.questionById.has(id)) {
      state.outcomes.push({ question_id: id, decision_id: null, outcome: "asked_answered", source: "client", turn: 0 });
    }
  }
  const messages = (req.conversation_history ?? []).map((m) => ({ role: m.role, text: m.content }));
  // The history and the context are one request's texts: they share its bound on words read (evidence-plan.ts).
  const budget = { words: MAX_REQUEST_UNDERSTOOD_WORDS };
  const planned = planRequest(
    artifact,
    state,
    {
      ...(messages.length > 0 ? { contextUpdate: { mode: "messages" as const, messages } } : {}),
    },
    now,
    budget,
  );
  if (planned.ok) applyPlan(state, planned.value.plan);
  if (req.context) {
    const summary = planRequest(artifact, state, { contextUpdate: { mode: "summary", text: req.context } }, now, budget);
    if (summary.ok) applyPlan(state, summary.value.plan);
  }
  const selection = selectCandidates({ artifact, state, progress: computeProgress(artifact, state) }, undefined, 1);
  const q = selection.kind === "ask" ? selection.questions[0] : undefined;
  return q ? { next_question: { external_id: q.id, text: q.text }, exhausted: false } : { next_question: null, exhausted: true };
}
