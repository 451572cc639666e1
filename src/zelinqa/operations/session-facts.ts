// [ext] What each session mutation records for the studio (issue 15): the session's summary (status, stop
// reason, objective reached and when, the question left unanswered), the mutation's turn (outcomes, values
// extracted, progress after it) and the coverage of each dimension. Derived facts only: never the person's text.
import type { ProgressView, StopReason } from "../contracts/index.js";
import type { SessionState } from "../engine/index.js";
import type { SessionFactsWrite, SessionTurnRecord } from "../store/index.js";

export interface SessionFactsInput {
  session: { id: string; domainId: string; configVersionId: string; createdAt: string };
  kind: "create" | "next" | "events";
  before: SessionState | null;
  after: SessionState;
  progress: ProgressView;
  at: string;
}

/** The engine stops with `max_turns_reached` (status stopped) or `no_question_available` (status completed). */
export function stopReasonOf(status: string): StopReason | null {
  return status === "stopped" ? "max_turns_reached" : status === "completed" ? "no_question_available" : null;
}

function changedTargets(before: SessionState | null, after: SessionState): SessionTurnRecord["extracted"] {
  const out: SessionTurnRecord["extracted"] = [];
  for (const [id, target] of Object.entries(after.targets)) {
    const previous = before?.targets[id];
    if (previous && previous.status === target.status && JSON.stringify(previous.value) === JSON.stringify(target.value)) continue;
    out.push({ success_information_id: id, value: target.value ?? null, status: target.status });
  }
  return out;
}

/** A dimension counts as covered once its effective status is (overrides included), as the success rule reads it. */
function dimensionCoverage(progress: ProgressView) {
  return progress.dimensions.map((d) => ({
    dimensionId: d.id,
    coverage: d.effective_status === "covered" ? 1 : d.progress,
    complete: d.effective_status === "covered",
  }));
}

export function sessionFactsWrite(input: SessionFactsInput): SessionFactsWrite {
  const { session, after, progress } = input;
  const firstNew = input.before?.outcomes.length ?? 0;
  const coverage = dimensionCoverage(progress);
  const reached = progress.objective.effective_status === "covered";
  return {
    facts: {
      sessionId: session.id,
      domainId: session.domainId,
      configVersionId: session.configVersionId,
      status: after.status,
      stopReason: stopReasonOf(after.status),
      objectiveReached: reached,
      turns: after.turn_count,
      objectiveReachedTurn: reached ? after.turn_count : null,
      pendingQuestionId: after.pending_decision?.candidates[0]?.question_id ?? null,
      createdAt: session.createdAt,
      updatedAt: input.at,
    },
    turn: {
      sessionId: session.id,
      stateVersion: after.state_version,
      turn: after.turn_count,
      kind: input.kind,
      outcomes: after.outcomes.slice(firstNew).map((o) => ({ question_id: o.question_id, outcome: o.outcome })),
      extracted: changedTargets(input.before, after),
      progress: {
        overall: progress.objective.progress,
        dimensions: coverage.map((c) => ({ dimension_id: c.dimensionId, coverage: c.coverage })),
      },
      occurredAt: input.at,
    },
    outcomes: after.outcomes.slice(firstNew).map((o, i) => ({ seq: firstNew + i, questionId: o.question_id, outcome: o.outcome })),
    coverage,
  };
}
