// Public views with the exact field order of docs/zelinqa-api.md §8.2/§8.6: candidates, progress (4 decimals), targets sorted
// by id, and the NextResponse / SessionStateResponse bodies without request_id (the API adds it first).
import type {
  Candidate,
  DegradedReason,
  NextResponseBody,
  ProgressView,
  PublicTargetState,
  SessionStateBody,
  StopReason,
  Warning,
} from "../contracts/index.js";
import { DEGRADED_REASONS, WARNINGS } from "../contracts/index.js";
import type { CompiledArtifact, QuestionInfo } from "./load-artifact.js";
import { coverageOf } from "./progress.js";
import type { ProgressState } from "./progress.js";
import type { SessionState } from "./session-state.js";
import { API_VERSION, ENGINE_VERSION } from "./version.js";

export const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

export function candidateView(q: QuestionInfo, rank: number): Candidate {
  const candidate: Candidate = {
    rank,
    question_id: q.id,
    text: q.text,
    type: q.type,
    choices: q.type === "open" ? [] : q.choices.map((c) => ({ choice_id: c.id, label: c.label })),
    target_ids: q.targets.map((t) => t.id),
  };
  if (q.type === "semi_open" && q.selection_mode !== null) candidate.selection_mode = q.selection_mode;
  return candidate;
}

export function progressView(progress: ProgressState): ProgressView {
  const o = progress.objective;
  return {
    objective: {
      computed_status: o.computed,
      progress: round4(o.progress),
      client_override:
        o.override && o.override.status !== "excluded" ? { status: o.override.status, updated_at: o.override.updated_at } : null,
      effective_status: o.effective,
    },
    dimensions: progress.dimensions.map((d) => ({
      id: d.info.id,
      order_position: d.info.order_position,
      completion_role: d.info.completion_role,
      computed_status: d.computed,
      progress: round4(d.progress),
      client_override: d.override ? { status: d.override.status, updated_at: d.override.updated_at } : null,
      effective_status: d.effective,
    })),
  };
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Touched targets only: data targets in the state, exploration targets whose question has an outcome. */
export function targetsView(artifact: CompiledArtifact, state: SessionState, progress: ProgressState): Record<string, PublicTargetState> {
  const entries: [string, PublicTargetState][] = [];
  for (const [id, t] of Object.entries(state.targets)) {
    const hasValue = t.value !== undefined && (t.status === "confirmed" || t.status === "tentative");
    entries.push([
      id,
      {
        kind: "data",
        status: t.status,
        ...(hasValue ? { value: t.value } : {}),
        coverage: coverageOf(artifact, progress, id),
      },
    ]);
  }
  for (const q of artifact.questions) {
    if (q.principal.kind === "exploration" && progress.outcomes.has(q.id)) {
      entries.push([q.principal.id, { kind: "exploration", coverage: coverageOf(artifact, progress, q.principal.id) }]);
    }
  }
  entries.sort((a, b) => byCodeUnits(a[0], b[0]));
  return Object.fromEntries(entries);
}

export function versionsView(state: SessionState) {
  return { state_version: state.state_version, engine_version: ENGINE_VERSION, api_version: API_VERSION } as const;
}

export function sessionStateBody(artifact: CompiledArtifact, state: SessionState, progress: ProgressState): SessionStateBody {
  return {
    session_id: state.session_id,
    client_reference: state.client_reference,
    status: state.status,
    turn_count: state.turn_count,
    max_turns: state.max_turns,
    turns_remaining: Math.max(state.max_turns - state.turn_count, 0),
    question_state: {
      outcomes: state.outcomes.map((o) => ({
        question_id: o.question_id,
        decision_id: o.decision_id,
        outcome: o.outcome,
        source: o.source,
        ...(o.message_id !== undefined ? { message_id: o.message_id } : {}),
        ...(o.occurred_at !== undefined ? { occurred_at: o.occurred_at } : {}),
      })),
    },
    targets: targetsView(artifact, state, progress),
    progress: progressView(progress),
    pending_decision: state.pending_decision
      ? { decision_id: state.pending_decision.decision_id, candidates: state.pending_decision.candidates }
      : null,
    degraded: state.degraded,
    versions: versionsView(state),
  };
}

export interface NextBodyInput {
  readonly decisionId: string | null;
  readonly stopReason: StopReason | null;
  readonly candidates: Candidate[];
  readonly warnings: ReadonlySet<Warning>;
  readonly degradedReasons: ReadonlySet<DegradedReason>;
}

export function nextResponseBody(state: SessionState, progress: ProgressState, input: NextBodyInput): NextResponseBody {
  const degraded_reasons = DEGRADED_REASONS.filter((r) => input.degradedReasons.has(r));
  return {
    session_id: state.session_id,
    decision_id: input.decisionId,
    action: input.stopReason === null ? "ask" : "stop",
    stop_reason: input.stopReason,
    candidates: input.candidates,
    progress: progressView(progress),
    turn_count: state.turn_count,
    turns_remaining: Math.max(state.max_turns - state.turn_count, 0),
    warnings: WARNINGS.filter((w) => input.warnings.has(w)),
    degraded: degraded_reasons.length > 0,
    degraded_reasons,
    versions: versionsView(state),
  };
}
