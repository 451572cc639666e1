// The runtime operations of docs/zelinqa-api.md §8.1–8.4 and §9: create, /next (turn, reduction, max_turns stop, selection,
// pending decision), /events and the resume view. Each works on a copy and returns the new state.
import type {
  DegradedReason,
  NextRequest,
  NextResponseBody,
  SessionCreateRequest,
  SessionEventsRequest,
  SessionStateBody,
  Warning,
} from "../contracts/index.js";
import { cloneJson } from "../../shared/json-clone.js";
import { err, ok } from "./engine-result.js";
import type { EngineResult } from "./engine-result.js";
import type { CompiledArtifact } from "./load-artifact.js";
import { computeProgress } from "./progress.js";
import { reduceRequest } from "./request-reducer.js";
import type { EngineDeps } from "./request-reducer.js";
import { selectCandidates } from "./select-candidates.js";
import { closePendingDecision, newSessionState } from "./session-state.js";
import type { SessionState } from "./session-state.js";
import { eventsInput, recordTurn } from "./turn-step.js";
import { candidateView, nextResponseBody, sessionStateBody } from "./views.js";

export function sessionView(artifact: CompiledArtifact, state: SessionState): SessionStateBody {
  return sessionStateBody(artifact, state, computeProgress(artifact, state));
}

/** docs/zelinqa-api.md §8.1: pins nothing itself (the API stores the version); processes initial_history once; records no turn. */
export async function createSession(
  artifact: CompiledArtifact,
  req: SessionCreateRequest,
  deps: EngineDeps,
): Promise<EngineResult<{ state: SessionState; view: SessionStateBody }>> {
  const state = newSessionState({
    sessionId: deps.newId("ses"),
    clientReference: req.client_reference ?? null,
    maxTurns: req.max_turns ?? artifact.objective.max_turns,
  });
  const reduced = await reduceRequest(artifact, state, req.initial_history ? { initialHistory: req.initial_history } : {}, deps);
  if (!reduced.ok) return reduced;
  state.degraded = reduced.value.length > 0;
  return ok({ state, view: sessionView(artifact, state) });
}

/** docs/zelinqa-api.md §8.3: the /next reduction without selection; never changes turn_count nor status. */
export async function applySessionEvents(
  artifact: CompiledArtifact,
  current: SessionState,
  req: SessionEventsRequest,
  deps: EngineDeps,
): Promise<EngineResult<{ state: SessionState; view: SessionStateBody }>> {
  const state = cloneJson(current);
  state.state_version += 1;
  const reduced = await reduceRequest(artifact, state, eventsInput(req), deps);
  if (!reduced.ok) return reduced;
  state.degraded = reduced.value.length > 0;
  return ok({ state, view: sessionView(artifact, state) });
}

type NextValue = { state: SessionState; response: NextResponseBody };

/** docs/zelinqa-api.md §9.4: a stopped session applies context and client updates like /events and repeats the stop. */
async function nextOnStopped(
  artifact: CompiledArtifact,
  state: SessionState,
  req: NextRequest,
  deps: EngineDeps,
): Promise<EngineResult<NextValue>> {
  const reduced = await reduceRequest(artifact, state, eventsInput(req), deps);
  if (!reduced.ok) return reduced;
  return ok(stopResponse(artifact, state, "max_turns_reached", new Set(reduced.value)));
}

function stopResponse(
  artifact: CompiledArtifact,
  state: SessionState,
  reason: "max_turns_reached" | "no_question_available",
  reasons: ReadonlySet<DegradedReason>,
): NextValue {
  state.status = reason === "max_turns_reached" ? "stopped" : "completed";
  closePendingDecision(state, "ignored");
  state.degraded = reasons.size > 0;
  const progress = computeProgress(artifact, state);
  const warnings = new Set<Warning>(progress.objective.effective === "covered" ? ["objective_achieved"] : []);
  const response = nextResponseBody(state, progress, {
    decisionId: null,
    stopReason: reason,
    candidates: [],
    warnings,
    degradedReasons: reasons,
  });
  return { state, response };
}

/** docs/zelinqa-api.md §8.2: resolve, validate, reduce, count the turn, stop at max_turns, else select and open a decision. */
export async function nextQuestions(
  artifact: CompiledArtifact,
  current: SessionState,
  req: NextRequest,
  deps: EngineDeps,
): Promise<EngineResult<NextValue>> {
  const state = cloneJson(current);
  // docs/zelinqa-api.md §7: every successful /next raises state_version by exactly 1, stopped sessions included.
  state.state_version += 1;
  if (state.status === "stopped") return nextOnStopped(artifact, state, req, deps);
  const turn = req.previous_turn;
  const recorded = await recordTurn(artifact, state, req, deps);
  if (!recorded.ok) return recorded;
  const reasons = new Set(recorded.value.reasons);
  if (turn && state.turn_count >= state.max_turns) return ok(stopResponse(artifact, state, "max_turns_reached", reasons));

  const progress = computeProgress(artifact, state);
  const k = req.selection?.candidate_count ?? artifact.objective.candidates_per_call;
  const selection = selectCandidates({ artifact, state, progress }, req.selection, k);
  if (selection.kind === "constraint_no_match") return err({ code: "constraint_no_match", details: selection.details });
  if (selection.kind === "no_question_available") return ok(stopResponse(artifact, state, "no_question_available", reasons));

  closePendingDecision(state, "ignored");
  const decisionId = deps.newId("dec");
  const candidates = selection.questions.map((q, i) => candidateView(q, i + 1));
  state.pending_decision = { decision_id: decisionId, candidates };
  state.decisions.push({ decision_id: decisionId, question_ids: candidates.map((c) => c.question_id), status: "pending" });
  state.status = "active";
  state.degraded = reasons.size > 0;
  const warnings = new Set<Warning>();
  if (progress.objective.effective === "covered") warnings.add("objective_achieved");
  if (selection.fallback) warnings.add("eligibility_exhausted_fallback");
  if (selection.relaxed) warnings.add("constraints_relaxed");
  const response = nextResponseBody(state, progress, { decisionId, stopReason: null, candidates, warnings, degradedReasons: reasons });
  return ok({ state, response });
}
