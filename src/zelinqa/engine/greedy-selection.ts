// Scoring (docs/zelinqa-api.md §11.5) and greedy top-k with simulated coverage (§11.6).
import type { QuestionInfo } from "./load-artifact.js";
import type { SelectionContext } from "./selection-pool.js";

const SCORE_EPSILON = 1e-9;

/** Ascending tie-break: dimension order_position, dimension id, question id (UTF-16 code units). */
export function compareTieBreak(a: QuestionInfo, b: QuestionInfo): number {
  if (a.dimension.order_position !== b.dimension.order_position) return a.dimension.order_position - b.dimension.order_position;
  if (a.dimension.id !== b.dimension.id) return a.dimension.id < b.dimension.id ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export interface Scorer {
  /** gain(q) = Σ w_kind · w_role · w_link · need(t), with simulated needs zeroed (docs/zelinqa-api.md §11.6). */
  gain(q: QuestionInfo): number;
  orderFactor(q: QuestionInfo): number;
  /** Zeroes the simulated need of the question's targets. */
  cover(q: QuestionInfo): void;
}

export function createScorer(ctx: SelectionContext): Scorer {
  const { table, closed, dimensions } = ctx.progress;
  // need(t) = 0 when complete or in X ∪ C, else 1 − cov(t); mutable for the simulation.
  const need = new Float64Array(table.cov.length);
  for (let i = 0; i < need.length; i++) need[i] = table.complete[i] === 1 ? 0 : 1 - (table.cov[i] as number);
  const live = dimensions.filter((d) => d.effective !== "excluded" && d.effective !== "covered");
  const rank = new Int32Array(ctx.artifact.dimensions.length).fill(live.length);
  live.forEach((d, i) => (rank[d.info.index] = i));
  const strength = ctx.artifact.objective.order_strength;
  return {
    gain(q) {
      let g = 0;
      for (const l of q.links) if (closed[l.dimension.index] !== 1) g += l.weight * (need[l.index] as number);
      return g;
    },
    orderFactor(q) {
      return 1 / (1 + 4 * strength * (rank[q.dimension.index] as number));
    },
    cover(q) {
      for (const l of q.links) need[l.index] = 0;
    },
  };
}

/** docs/zelinqa-api.md §11.6: repeatedly pick the best positive simulated score, then zero the need of its targets. */
export function greedyTopK(eligible: readonly QuestionInfo[], scorer: Scorer, k: number): QuestionInfo[] {
  const factors = eligible.map((q) => scorer.orderFactor(q));
  const taken = new Uint8Array(eligible.length);
  const picked: QuestionInfo[] = [];
  while (picked.length < k) {
    let best = -1;
    let bestScore = 0;
    for (let i = 0; i < eligible.length; i++) {
      if (taken[i] === 1) continue;
      const q = eligible[i] as QuestionInfo;
      const g = scorer.gain(q);
      if (g <= 0) continue;
      const score = g * (factors[i] as number);
      if (
        best < 0 ||
        score > bestScore + SCORE_EPSILON ||
        (Math.abs(score - bestScore) <= SCORE_EPSILON && compareTieBreak(q, eligible[best] as QuestionInfo) < 0)
      ) {
        best = i;
        bestScore = score;
      }
    }
    if (best < 0) break;
    const q = eligible[best] as QuestionInfo;
    taken[best] = 1;
    picked.push(q);
    scorer.cover(q);
  }
  return picked;
}
