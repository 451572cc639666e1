// Coverage, progress and statuses of docs/zelinqa-api.md §11.2–11.3: dimension and objective computed/effective statuses,
// role weights, overrides and the success rule.
import type { ProgressStatus } from "../contracts/index.js";
import type { CompiledArtifact, DimensionInfo, QuestionInfo } from "./load-artifact.js";
import { indexOutcomes } from "./outcome-stats.js";
import type { OutcomeIndex } from "./outcome-stats.js";
import type { Override, SessionState } from "./session-state.js";
import { buildTargetTable } from "./target-table.js";
import type { TargetTable } from "./target-table.js";

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
  readonly table: TargetTable;
  readonly dimensions: readonly DimensionProgressState[];
  readonly objective: { progress: number; computed: ProgressStatus; effective: ProgressStatus; override: Override | null };
  /** X ∪ C of docs/zelinqa-api.md §11.4 (excluded or overridden to achieved), by dimension index. */
  readonly closed: Uint8Array;
}

/** cov(t) of docs/zelinqa-api.md §11.2 by target id (0 for an unknown id). */
export function coverageOf(artifact: CompiledArtifact, progress: ProgressState, targetId: string): number {
  const i = artifact.targetIndex.get(targetId);
  return i === undefined ? 0 : (progress.table.cov[i] as number);
}

/** docs/zelinqa-api.md §11.3 "available for target t" (the link is implied by the caller's choice of question). */
export function isAvailable(q: QuestionInfo, closed: Uint8Array, outcomes: OutcomeIndex): boolean {
  if (!q.active || closed[q.dimension.index] === 1) return false;
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
  const table = buildTargetTable(artifact, state, outcomes);
  const closed = new Uint8Array(artifact.dimensions.length);
  for (const d of artifact.dimensions) {
    const status = state.dimension_overrides[d.id]?.status;
    if (status === "achieved" || status === "excluded") closed[d.index] = 1;
  }
  const indexOf = (id: string) => artifact.targetIndex.get(id) as number;
  const isDone = (id: string) => table.complete[indexOf(id)] === 1;
  // One availability pass over the questions, then over the (few) asked ones, instead of per target.
  const available = new Uint8Array(artifact.questions.length);
  for (const q of artifact.questions) available[q.position] = q.active && closed[q.dimension.index] !== 1 ? 1 : 0;
  for (const [id, stats] of outcomes) {
    const q = artifact.questionById.get(id);
    if (q && (stats.answered || stats.refused || stats.noAnswer >= 2)) available[q.position] = 0;
  }
  const noAvailableQuestion = (targetId: string) =>
    !(artifact.questionsByTarget.get(targetId) ?? []).some((q) => available[q.position] === 1);

  const dimensions = artifact.dimensions.map((info): DimensionProgressState => {
    const members = artifact.byDimension.get(info.id);
    const data = members?.dataTargets ?? [];
    const exploration = members?.explorationQuestions ?? [];
    let weighted = 0;
    for (const t of data) weighted += table.cov[indexOf(t.id)] as number;
    for (const q of exploration) weighted += 0.5 * (table.cov[indexOf(q.principal.id)] as number);
    const total = data.length + 0.5 * exploration.length;
    const progress = total === 0 ? 1 : weighted / total;
    const incompleteData = data.filter((t) => !isDone(t.id));
    let computed: ProgressStatus;
    if (incompleteData.length === 0 && exploration.every((q) => outcomes.has(q.id))) computed = "covered";
    else if (incompleteData.some((t) => noAvailableQuestion(t.id))) computed = "blocked";
    else if (
      progress > 0 ||
      (members?.questions ?? []).some((q) => outcomes.has(q.id)) ||
      data.some((t) => state.targets[t.id] !== undefined)
    ) {
      computed = "in_progress";
    } else computed = "not_started";
    const override = state.dimension_overrides[info.id] ?? null;
    const effective = applyOverride(computed, override);
    return { info, progress, computed, effective, eprog: effective === "covered" ? 1 : progress, override };
  });
  const live = dimensions.filter((d) => d.effective !== "excluded");
  const weightSum = live.reduce((sum, d) => sum + d.info.weight, 0);
  const progress = weightSum === 0 ? 0 : live.reduce((sum, d) => sum + d.info.weight * d.eprog, 0) / weightSum;

  // docs/zelinqa-api.md §11.3 success rule.
  const required = artifact.dataTargets.filter((t) => closed[t.dimension.index] !== 1);
  const rule1 = required.every((t) => isDone(t.id));
  const blocking = live.filter((d) => d.info.completion_role === "blocking");
  const contributing = live.filter((d) => d.info.completion_role === "contributing");
  const threshold = { essential: null, balanced: 0.8, deep: 1 }[artifact.objective.qualification_level];
  const meanContributing = contributing.length === 0 ? 1 : contributing.reduce((s, d) => s + d.eprog, 0) / contributing.length;
  const rule3 = threshold === null || meanContributing >= threshold - 1e-12;
  let computed: ProgressStatus;
  if (rule1 && blocking.every((d) => d.effective === "covered") && rule3) computed = "covered";
  else if (blocking.some((d) => d.effective === "blocked") || required.some((t) => !isDone(t.id) && noAvailableQuestion(t.id))) {
    computed = "blocked";
  } else if (progress > 0 || state.outcomes.length > 0 || Object.keys(state.targets).length > 0) computed = "in_progress";
  else computed = "not_started";
  const override = state.objective_override;
  const effective = applyOverride(computed, override) as ProgressStatus;
  return { outcomes, table, dimensions, objective: { progress, computed, effective, override }, closed };
}
