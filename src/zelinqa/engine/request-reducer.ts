// The reduction shared by /next, /events, session creation and the legacy route (docs/zelinqa-api.md §8.2 steps 1–3): previous
// turn, context, summary, optional model values, then client updates, with this request's degraded reasons.
import type { ClientUpdates, ContextUpdate, DegradedReason, InitialHistoryItem, PreviousTurn } from "../contracts/index.js";
import type { SemanticExtractor } from "../understand/semantic-extractor.js";
import { applyClientUpdates, validateClientUpdates } from "./client-updates.js";
import { inferOutcome, processMessages } from "./context-messages.js";
import { err, ok } from "./engine-result.js";
import type { EngineResult } from "./engine-result.js";
import { mergeEvidence } from "./evidence.js";
import { collectReply, collectUnattributed, emptyPlan } from "./evidence-plan.js";
import type { EvidencePlan } from "./evidence-plan.js";
import type { CompiledArtifact } from "./load-artifact.js";
import { runSemanticStep } from "./semantic-step.js";
import { closePendingDecision } from "./session-state.js";
import type { SessionState } from "./session-state.js";
import type { TurnResolution } from "./turn-resolution.js";

export interface EngineDeps {
  readonly now: () => Date;
  readonly newId: (prefix: string) => string;
  readonly semantic?: SemanticExtractor;
  readonly signal?: AbortSignal;
}

export interface ReduceInput {
  readonly previousTurn?: { turn: PreviousTurn; resolution: TurnResolution };
  readonly initialHistory?: readonly InitialHistoryItem[];
  readonly contextUpdate?: ContextUpdate;
  readonly clientUpdates?: ClientUpdates;
}

const blank = (s: string | undefined) => s === undefined || s.trim() === "";

function planPreviousTurn(
  artifact: CompiledArtifact,
  state: SessionState,
  plan: EvidencePlan,
  input: NonNullable<ReduceInput["previousTurn"]>,
  today: string,
): DegradedReason[] {
  const { turn, resolution } = input;
  if (resolution.kind === "unresolved") {
    for (const text of [turn.user_text, turn.structured_answer?.free_text])
      if (text !== undefined) collectUnattributed(artifact, state, plan, text, today);
    return ["unresolved_previous_turn"];
  }
  const q = resolution.question;
  const outcome = collectReply(
    artifact,
    state,
    plan,
    {
      question: q,
      text: turn.user_text,
      freeText: turn.structured_answer?.free_text,
      choiceIds: turn.structured_answer?.choice_ids,
      today,
    },
    { value: turn.outcome ?? inferOutcome(turn.structured_answer, turn.user_text), inferred: turn.outcome === undefined },
  );
  const pendingId = state.pending_decision?.decision_id ?? null;
  state.outcomes.push({
    question_id: q.id,
    decision_id: resolution.inDecision ? pendingId : null,
    outcome,
    source: turn.outcome !== undefined ? "client" : "inferred",
    ...(turn.message_id !== undefined ? { message_id: turn.message_id } : {}),
    turn: state.turn_count,
  });
  if (turn.message_id !== undefined && !state.processed_message_ids.includes(turn.message_id))
    state.processed_message_ids.push(turn.message_id);
  closePendingDecision(state, resolution.inDecision ? "resolved" : "ignored");
  const answeredOrAbsent = turn.outcome === undefined || turn.outcome === "asked_answered";
  return answeredOrAbsent && blank(turn.user_text) && !turn.structured_answer ? ["missing_user_text"] : [];
}

export interface ReduceOutcome {
  readonly reasons: DegradedReason[];
  /** Data targets that received evidence from text or choices in this request (merged or not). */
  readonly evidenceTargetIds: ReadonlySet<string>;
}

/** Mutates `state` (a working copy). Errors are returned before the model call whenever possible. */
export async function reduceRequestWithEvidence(
  artifact: CompiledArtifact,
  state: SessionState,
  input: ReduceInput,
  deps: EngineDeps,
): Promise<EngineResult<ReduceOutcome>> {
  const clientError = validateClientUpdates(artifact, input.clientUpdates);
  if (clientError) return err(clientError);
  const planned = planRequest(artifact, state, input, deps.now());
  if (!planned.ok) return planned;
  const { plan, reasons } = planned.value;
  const semantic = await runSemanticStep(artifact, plan, deps.semantic, deps.signal);
  if (semantic.failed) reasons.push("semantic_service_unavailable");
  const evidenceTargetIds = new Set<string>();
  for (const item of [...plan.items, ...semantic.items]) {
    mergeEvidence(state, item.targetId, item.value, item.priority);
    evidenceTargetIds.add(item.targetId);
  }
  applyClientUpdates(state, input.clientUpdates, deps.now().toISOString());
  return ok({ reasons, evidenceTargetIds });
}

/** `reduceRequestWithEvidence` when only this request's degraded reasons matter. */
export async function reduceRequest(
  artifact: CompiledArtifact,
  state: SessionState,
  input: ReduceInput,
  deps: EngineDeps,
): Promise<EngineResult<DegradedReason[]>> {
  const reduced = await reduceRequestWithEvidence(artifact, state, input, deps);
  return reduced.ok ? ok(reduced.value.reasons) : reduced;
}

/**
 * The synchronous part: outcomes, decisions and evidence collection. Used alone by the legacy route, which plans two
 * inputs of one request and passes both the same `budget` of understood words (evidence-plan.ts).
 */
export function planRequest(
  artifact: CompiledArtifact,
  state: SessionState,
  input: ReduceInput,
  now: Date,
  budget?: EvidencePlan["budget"],
): EngineResult<{ plan: EvidencePlan; reasons: DegradedReason[] }> {
  const plan = emptyPlan(budget);
  const reasons: DegradedReason[] = [];
  const serverDay = now.toISOString().slice(0, 10);
  const today = (occurredAt: string | undefined) => {
    const d = occurredAt === undefined ? null : new Date(occurredAt);
    return d !== null && !Number.isNaN(d.getTime()) ? d.toISOString().slice(0, 10) : serverDay;
  };
  if (input.previousTurn)
    reasons.push(...planPreviousTurn(artifact, state, plan, input.previousTurn, today(input.previousTurn.turn.occurred_at)));
  if (input.initialHistory) {
    const error = processMessages(artifact, state, plan, input.initialHistory, { mode: "history", today });
    if (error) return err(error);
  }
  const context = input.contextUpdate;
  if (context?.mode === "messages") {
    const error = processMessages(artifact, state, plan, context.messages, { mode: "context", today });
    if (error) return err(error);
  } else if (context?.mode === "summary") {
    reasons.push("summary_only_context");
    collectUnattributed(artifact, state, plan, context.text, serverDay);
  }
  return ok({ plan, reasons });
}

export function applyPlan(state: SessionState, plan: EvidencePlan): void {
  for (const item of plan.items) mergeEvidence(state, item.targetId, item.value, item.priority);
}
