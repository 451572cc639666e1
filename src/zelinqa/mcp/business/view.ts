// The business view (docs/zelinqa-mcp.md §5.1): an allow-list of a NextResponse or a state, without ids or versions.
import type { NextResponse, SessionState } from "../../sdk/index.js";
import type { Scrubber } from "../secrets.js";

export interface BusinessQuestion {
  rank: number;
  text: string;
  type: string;
  selection_mode: string | null;
  choices: string[];
}

export type BusinessView = Record<string, unknown> & {
  questions: BusinessQuestion[];
  action?: unknown;
  status?: unknown;
};

type Candidates = NextResponse["candidates"];

function questionsOf(candidates: Candidates | undefined, scrubber: Scrubber): BusinessQuestion[] {
  return (candidates ?? []).map((c) => ({
    rank: c.rank,
    text: scrubber.text(c.text),
    type: c.type,
    selection_mode: c.selection_mode ?? null,
    choices: (c.choices ?? []).map((choice) => scrubber.text(choice.label)),
  }));
}

function objectiveOf(progress: NextResponse["progress"] | undefined): Record<string, unknown> {
  const objective = progress?.objective;
  return {
    computed_status: objective?.computed_status ?? null,
    progress: objective?.progress ?? null,
    client_override: objective?.client_override ?? null,
    effective_status: objective?.effective_status ?? null,
  };
}

export function viewFromNext(response: NextResponse, scrubber: Scrubber): BusinessView {
  return {
    questions: questionsOf(response.candidates, scrubber),
    progress: objectiveOf(response.progress),
    turn_count: response.turn_count,
    turns_remaining: response.turns_remaining,
    degraded: response.degraded,
    action: response.action,
    stop_reason: response.stop_reason,
    warnings: response.warnings,
    degraded_reasons: response.degraded_reasons,
  };
}

export function viewFromState(state: SessionState, scrubber: Scrubber): BusinessView {
  return {
    questions: questionsOf(state.pending_decision?.candidates, scrubber),
    progress: objectiveOf(state.progress),
    turn_count: state.turn_count,
    turns_remaining: state.turns_remaining,
    degraded: state.degraded,
    status: state.status,
  };
}
