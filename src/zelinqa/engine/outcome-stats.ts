// Per-question outcome statistics used by coverage (docs/zelinqa-api.md §11.2), availability (§11.3) and re-ask rules (§11.4).
import type { SessionState } from "./session-state.js";

export interface OutcomeStats {
  count: number;
  answered: boolean;
  refused: boolean;
  noAnswer: number;
  /** Turn of the last outcome, −1 if never asked. */
  lastTurn: number;
  lastNoAnswerTurn: number;
}

export type OutcomeIndex = ReadonlyMap<string, OutcomeStats>;

export function indexOutcomes(state: SessionState): OutcomeIndex {
  const index = new Map<string, OutcomeStats>();
  for (const o of state.outcomes) {
    let s = index.get(o.question_id);
    if (!s) {
      s = { count: 0, answered: false, refused: false, noAnswer: 0, lastTurn: -1, lastNoAnswerTurn: -1 };
      index.set(o.question_id, s);
    }
    s.count += 1;
    s.lastTurn = Math.max(s.lastTurn, o.turn);
    if (o.outcome === "asked_answered") s.answered = true;
    else if (o.outcome === "refused") s.refused = true;
    else {
      s.noAnswer += 1;
      s.lastNoAnswerTurn = Math.max(s.lastNoAnswerTurn, o.turn);
    }
  }
  return index;
}

/** docs/zelinqa-api.md §11.4 re-askable: never answered nor refused; < 2 no-answers, the last one at least 2 turns ago. */
export function isReaskable(stats: OutcomeStats | undefined, turnCount: number): boolean {
  if (!stats) return true;
  if (stats.answered || stats.refused) return false;
  if (stats.noAnswer === 0) return true;
  return stats.noAnswer < 2 && turnCount - stats.lastNoAnswerTurn >= 2;
}
