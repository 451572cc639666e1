// The selection tiers of docs/zelinqa-api.md §11.4: P0 → stop, P1 → constraint_no_match, prefer/relaxation, greedy or fallback.
import type { SelectionOptions } from "../contracts/index.js";
import { fallbackTopK } from "./fallback-selection.js";
import { createScorer, greedyTopK } from "./greedy-selection.js";
import type { QuestionInfo } from "./load-artifact.js";
import { isReaskable } from "./outcome-stats.js";
import { poolP0, poolP1, poolPref, strictConstraintDetails } from "./selection-pool.js";
import type { SelectionContext } from "./selection-pool.js";

export type SelectionResult =
  | { kind: "no_question_available" }
  | { kind: "constraint_no_match"; details: Record<string, unknown> }
  | { kind: "ask"; questions: QuestionInfo[]; fallback: boolean; relaxed: boolean };

export function selectCandidates(ctx: SelectionContext, selection: SelectionOptions | undefined, k: number): SelectionResult {
  const p0 = poolP0(ctx);
  if (p0.length === 0) return { kind: "no_question_available" };
  const p1 = poolP1(p0, selection);
  if (p1.length === 0) return { kind: "constraint_no_match", details: strictConstraintDetails(selection) };
  const pref = poolPref(p1, selection);
  const scorer = createScorer(ctx);
  const normal = (pool: readonly QuestionInfo[]) =>
    pool.filter((q) => isReaskable(ctx.progress.outcomes.get(q.id), ctx.state.turn_count) && scorer.gain(q) > 0);

  let eligible: QuestionInfo[];
  let relaxed = false;
  if (pref !== null) {
    eligible = normal(pref);
    if (eligible.length === 0) {
      eligible = normal(p1);
      relaxed = eligible.length > 0;
    }
  } else eligible = normal(p1);

  if (eligible.length > 0) {
    const picked = greedyTopK(eligible, scorer, k);
    if (picked.length > 0) return { kind: "ask", questions: picked, fallback: false, relaxed };
  }
  const usePref = pref !== null && pref.length > 0;
  const pool = usePref ? pref : p1;
  return { kind: "ask", questions: fallbackTopK(ctx, pool, k), fallback: true, relaxed: pref !== null && !usePref };
}
