// [ext] The answer preview: runs the turn step of /next (turn-step.ts) on a copy of the stored state and reports
// what that turn would record (resolved question, outcome, touched targets), storing nothing.
import type { PreviousTurn, PublicTargetState, TurnPreviewBody, TurnPreviewRequest } from "../contracts/index.js";
import { DEGRADED_REASONS } from "../contracts/index.js";
import { err, ok } from "./engine-result.js";
import type { EngineResult } from "./engine-result.js";
import type { CompiledArtifact } from "./load-artifact.js";
import { computeProgress } from "./progress.js";
import type { EngineDeps } from "./request-reducer.js";
import type { SessionState } from "./session-state.js";
import { cloneJson } from "../../shared/json-clone.js";
import { recordTurn } from "./turn-step.js";
import { targetsView, versionsView } from "./views.js";

const same = (a: PublicTargetState | undefined, b: PublicTargetState | undefined) => JSON.stringify(a) === JSON.stringify(b);

/** A stopped session ignores previous turns (docs/zelinqa-api.md §9.4): previewing one there is refused rather than answered "nothing". */
export async function previewTurn(
  artifact: CompiledArtifact,
  current: SessionState,
  req: TurnPreviewRequest,
  deps: EngineDeps,
): Promise<EngineResult<TurnPreviewBody>> {
  if (current.status === "stopped") {
    return err({
      code: "invalid_previous_turn",
      details: { session_id: current.session_id, status: current.status },
      variant: "session_stopped",
    });
  }
  const state = cloneJson(current);
  const turn: PreviousTurn = { ...(req.question_id !== undefined ? { question_id: req.question_id } : {}), user_text: req.user_text };
  const pendingId = current.pending_decision?.decision_id ?? null;
  const recorded = await recordTurn(artifact, state, { previous_turn: turn }, deps);
  if (!recorded.ok) return recorded;
  const before = targetsView(artifact, current, computeProgress(artifact, current));
  const after = targetsView(artifact, state, computeProgress(artifact, state));
  const targets: Record<string, PublicTargetState> = {};
  // `after` is sorted by id; a target the turn would remove cannot occur (no client updates here).
  for (const [id, view] of Object.entries(after)) {
    if (recorded.value.evidenceTargetIds.has(id) || !same(before[id], view)) targets[id] = view;
  }
  const resolution = recorded.value.resolution;
  const resolved = resolution?.kind === "resolved" ? resolution : null;
  const degraded_reasons = DEGRADED_REASONS.filter((r) => recorded.value.reasons.includes(r));
  return ok({
    session_id: current.session_id,
    question_id: resolved?.question.id ?? null,
    decision_id: resolved?.inDecision ? pendingId : null,
    outcome: resolved ? (state.outcomes.at(-1)?.outcome ?? null) : null,
    targets,
    degraded: degraded_reasons.length > 0,
    degraded_reasons,
    versions: versionsView(current),
  });
}
