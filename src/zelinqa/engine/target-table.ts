// Per-call coverage table of every target (docs/zelinqa-api.md §11.2), indexed like the artefact's targetIds, so that progress
// and selection over thousands of questions do numeric lookups only (docs/zelinqa-api.md §11.8 performance).
import type { CompiledArtifact } from "./load-artifact.js";
import type { OutcomeIndex } from "./outcome-stats.js";
import type { SessionState } from "./session-state.js";

export interface TargetTable {
  /** Data: confirmed or not_applicable. Exploration: settled (its question has an outcome). */
  readonly complete: Uint8Array;
  /** cov(t): 1, 0.5 tentative, 0 conflicted/absent; exploration 1 when answered. */
  readonly cov: Float64Array;
}

export function buildTargetTable(artifact: CompiledArtifact, state: SessionState, outcomes: OutcomeIndex): TargetTable {
  const n = artifact.targetIds.length;
  const complete = new Uint8Array(n);
  const cov = new Float64Array(n);
  for (const [id, t] of Object.entries(state.targets)) {
    const i = artifact.targetIndex.get(id);
    if (i === undefined || !artifact.dataTargetById.has(id)) continue;
    const done = t.status === "confirmed" || t.status === "not_applicable";
    complete[i] = done ? 1 : 0;
    cov[i] = done ? 1 : t.status === "tentative" ? 0.5 : 0;
  }
  for (const [i, q] of artifact.explorationQuestionOf) {
    const stats = outcomes.get(q.id);
    complete[i] = stats ? 1 : 0;
    cov[i] = stats?.answered ? 1 : 0;
  }
  return { complete, cov };
}
