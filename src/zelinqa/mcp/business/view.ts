// The business view (docs/zelinqa-mcp.md §5.1): an allow-list of a NextResponse or a state, without ids or versions.
import type { NextResponse, SessionState } from "../../sdk/index.js";
import type { Scrubber } from "../secrets.js";

export interface BusinessQuestion {
  rank: number;
  /** Absent when the API sent none (docs/zelinqa-mcp.md: responses are not validated, missing fields are passed on). */
  text?: string;
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

/**
 * The questions of a response, which is not validated (docs/zelinqa-mcp.md): a missing text stays missing, and a
 * choice without a label is shown as "" so that the host's choice numbers still match the API's order.
 */
function questionsOf(candidates: Candidates | undefined, scrubber: Scrubber): BusinessQuestion[] {
  const scrubbed = (value: unknown) => (typeof value === "string" ? scrubber.text(value) : undefined);
  return (candidates ?? []).map((c) => {
    const text = scrubbed(c.text);
    return {
      rank: c.rank,
      ...(text === undefined ? {} : { text }),
      type: c.type,
      selection_mode: c.selection_mode ?? null,
      choices: (c.choices ?? []).map((choice) => scrubbed(choice.label) ?? ""),
    };
  });
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
