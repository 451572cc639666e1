// Coverage, progress and statuses of §11.2–11.3: dimension and objective computed/effective statuses,
// role weights, overrides and the success rule.
import type { ProgressStatus } from "../contracts/index.js";
import type { CompiledArtifact, DimensionInfo, QuestionInfo } from "./load-artifact.js";
import { indexOutcomes } from "./outcome-stats.js";
import type { OutcomeIndex } from "./outcome-stats.js";
import type { Override, SessionState } from "./session-state.js";

export interface DimensionProgressState {
  readonly info: DimensionInfo;
  readonly progress: number;
  readonly computed: ProgressStatus;
  readonly effective: ProgressStatus | "excluded";
  readonly eprog: number;
  readonly override: Override | null;
}

export interface ProgressState {
  readonly outcomes: OutcomeIndex;
  readonly dimensions: readonly DimensionProgressState[];
  readonly dimensionById: ReadonlyMap<string, DimensionProgressState>;
  readonly objective: { progress: number; computed: ProgressStatus; effective: ProgressStatus; override: Override | null };
  /** X ∪ C of §11.4: excluded or overridden to achieved. */
  readonly closedDimensions: ReadonlySet<string>;
  readonly excludedDimensions: ReadonlySet<string>;
}

/** cov(t) of §11.2 for a data or exploration target. */
export function coverage(artifact: CompiledArtifact, state: SessionState, outcomes: OutcomeIndex, targetId: string): number {
  const data = state.targets[targetId];
  if (artifact.dataTargetById.has(targetId)) {
    if (!data) return 0;
    return data.status === "confirmed" || data.status === "not_applicable" ? 1 : data.status === "tentative" ? 0.5 : 0;
  }
  const question = artifact.questionsByTarget.get(targetId)?.[0];
  return question && outcomes.get(question.id)?.answered ? 1 : 0;
}

/** Data: confirmed or not_applicable. Exploration: settled, i.e. its question has any outcome. */
export function isComplete(artifact: CompiledArtifact, state: SessionState, outcomes: OutcomeIndex, targetId: string): boolean {
  if (artifact.dataTargetById.has(targetId)) {
    const s = state.targets[targetId]?.status;
    return s === "confirmed" || s === "not_applicable";
  }
  const question = artifact.questionsByTarget.get(targetId)?.[0];
  return question !== undefined && outcomes.has(question.id);
}

/** §11.3 "available for target t" (the link is implied by the caller's choice of question). */
export function isAvailable(q: QuestionInfo, closed: ReadonlySet<string>, outcomes: OutcomeIndex): boolean {
  if (!q.active || closed.has(q.dimension_id)) return false;
  const s = outcomes.get(q.id);
  return !s || (!s.answered && !s.refused && s.noAnswer < 2);
}

function applyOverride(computed: ProgressStatus, override: Override | null): ProgressStatus | "excluded" {
  if (override === null) return computed;
  if (override.status === "achieved") return "covered";
  if (override.status === "excluded") return "excluded";
  return computed === "covered" ? "in_progress" : computed;
}

export function computeProgress(artifact: CompiledArtifact, state: SessionState): ProgressState {
  const outcomes = indexOutcomes(state);
  const overrides = state.dimension_overrides;
  const excluded = new Set(Object.keys(overrides).filter((id) => overrides[id]?.status === "excluded"));
  const closed = new Set(Object.keys(overrides).filter((id) => overrides[id]?.status !== "not_achieved"));
  const noAvailableQuestion = (targetId: string) =>
    !(artifact.questionsByTarget.get(targetId) ?? []).some((q) => isAvailable(q, closed, outcomes));

  const dimensions = artifact.dimensions.map((info): DimensionProgressState => {
    const data = artifact.dataTargets.filter((t) => t.dimension_id === info.id);
    const exploration = artifact.questions.filter((q) => q.active && q.dimension_id === info.id && q.principal.kind === "exploration");
    let weighted = 0;
    let total = 0;
    for (const t of data) {
      weighted += coverage(artifact, state, outcomes, t.id);
      total += 1;
    }
    for (const q of exploration) {
      weighted += 0.5 * coverage(artifact, state, outcomes, q.principal.id);
      total += 0.5;
    }
    const progress = total === 0 ? 1 : weighted / total;
    const incompleteData = data.filter((t) => !isComplete(artifact, state, outcomes, t.id));
    const covered = incompleteData.length === 0 && exploration.every((q) => outcomes.has(q.id));
    let computed: ProgressStatus;
    if (covered) computed = "covered";
    else if (incompleteData.some((t) => noAvailableQuestion(t.id))) computed = "blocked";
    else if (
      progress > 0 ||
      artifact.questions.some((q) => q.dimension_id === info.id && outcomes.has(q.id)) ||
      data.some((t) => state.targets[t.id] !== undefined)
    ) computed = "in_progress";
    else computed = "not_started";
    const override = overrides[info.id] ?? null;
    const effective = applyOverride(computed, override);
    return { info, progress, computed, effective, eprog: effective === "covered" ? 1 : progress, override };
  });
  const dimensionById = new Map(dimensions.map((d) => [d.info.id, d]));
  const live = dimensions.filter((d) => d.effective !== "excluded");
  const weightSum = live.reduce((sum, d) => sum + d.info.weight, 0);
  const progress = weightSum === 0 ? 0 : live.reduce((sum, d) => sum + d.info.weight * d.eprog, 0) / weightSum;

  // §11.3 success rule.
  const required = artifact.dataTargets.filter((t) => !closed.has(t.dimension_id));
  const rule1 = required.every((t) => isComplete(artifact, state, outcomes, t.id));
  const blocking = live.filter((d) => d.info.completion_role === "blocking");
  const contributing = live.filter((d) => d.info.completion_role === "contributing");
  const threshold = { essential: null, balanced: 0.8, deep: 1 }[artifact.objective.qualification_level];
  const meanContributing = contributing.length === 0 ? 1 : contributing.reduce((s, d) => s + d.eprog, 0) / contributing.length;
  const rule3 = threshold === null || meanContributing >= threshold - 1e-12;
  let computed: ProgressStatus;
  if (rule1 && blocking.every((d) => d.effective === "covered") && rule3) computed = "covered";
  else if (
    blocking.some((d) => d.effective === "blocked") ||
    required.some((t) => !isComplete(artifact, state, outcomes, t.id) && noAvailableQuestion(t.id))
  ) computed = "blocked";
  else if (progress > 0 || state.outcomes.length > 0 || Object.keys(state.targets).length > 0) computed = "in_progress";
  else computed = "not_started";
  const override = state.objective_override;
  const effective = applyOverride(computed, override) as ProgressStatus;
  return {
    outcomes,
    dimensions,
    dimensionById,
    objective: { progress, computed, effective, override },
    closedDimensions: closed,
    excludedDimensions: excluded,
  };
}
