// Scoring (§11.5) and greedy top-k with simulated coverage (§11.6).
import type { TargetLink } from "./artifact-json.js";
import type { QuestionInfo } from "./load-artifact.js";
import { coverage, isComplete } from "./progress.js";
import { targetDimension } from "./selection-pool.js";
import type { SelectionContext } from "./selection-pool.js";

const SCORE_EPSILON = 1e-9;

/** Ascending tie-break: dimension order_position, dimension id, question id (UTF-16 code units). */
export function compareTieBreak(a: QuestionInfo, b: QuestionInfo): number {
  if (a.dimension.order_position !== b.dimension.order_position) return a.dimension.order_position - b.dimension.order_position;
  if (a.dimension.id !== b.dimension.id) return a.dimension.id < b.dimension.id ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export interface Scorer {
  need(q: QuestionInfo, t: TargetLink): number;
  gain(q: QuestionInfo, simulatedCovered?: ReadonlySet<string>): number;
  orderFactor(q: QuestionInfo): number;
}

export function createScorer(ctx: SelectionContext): Scorer {
  const needs = new Map<string, number>();
  const live = ctx.progress.dimensions.filter((d) => d.effective !== "excluded" && d.effective !== "covered");
  const rankOf = new Map(live.map((d, i) => [d.info.id, i]));
  const strength = ctx.artifact.objective.order_strength;
  const need = (q: QuestionInfo, t: TargetLink): number => {
    const cached = needs.get(t.id);
    if (cached !== undefined) return cached;
    const closed = ctx.progress.closedDimensions.has(targetDimension(ctx, q, t));
    const complete = isComplete(ctx.artifact, ctx.state, ctx.progress.outcomes, t.id);
    const value = closed || complete ? 0 : 1 - coverage(ctx.artifact, ctx.state, ctx.progress.outcomes, t.id);
    needs.set(t.id, value);
    return value;
  };
  return {
    need,
    gain(q, simulatedCovered) {
      let g = 0;
      for (const t of q.targets) {
        if (simulatedCovered?.has(t.id)) continue;
        const dim = ctx.artifact.dimensionById.get(targetDimension(ctx, q, t));
        const wKind = t.kind === "data" ? 1 : 0.4;
        const wLink = t.link === "secondary" ? 0.5 : 1;
        g += wKind * (dim?.weight ?? 1) * wLink * need(q, t);
      }
      return g;
    },
    orderFactor(q) {
      const r = rankOf.get(q.dimension_id) ?? live.length;
      return 1 / (1 + 4 * strength * r);
    },
  };
}

/** §11.6: repeatedly pick the best positive simulated score, then zero the need of its targets. */
export function greedyTopK(eligible: readonly QuestionInfo[], scorer: Scorer, k: number): QuestionInfo[] {
  const factors = new Map(eligible.map((q) => [q.id, scorer.orderFactor(q)]));
  const covered = new Set<string>();
  const picked: QuestionInfo[] = [];
  const remaining = new Set(eligible);
  while (picked.length < k) {
    let best: QuestionInfo | null = null;
    let bestScore = 0;
    for (const q of remaining) {
      const g = scorer.gain(q, covered);
      if (g <= 0) continue;
      const score = g * (factors.get(q.id) as number);
      if (best === null || score > bestScore + SCORE_EPSILON || (Math.abs(score - bestScore) <= SCORE_EPSILON && compareTieBreak(q, best) < 0)) {
        best = q;
        bestScore = score;
      }
    }
    if (best === null) break;
    picked.push(best);
    remaining.delete(best);
    for (const t of best.targets) covered.add(t.id);
  }
  return picked;
}
