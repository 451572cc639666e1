// Previous-turn resolution of docs/zelinqa-api.md §10.1 and the validation of a resolved turn of §10.2.
import type { PreviousTurn } from "../contracts/index.js";
import { similarity } from "../understand/normalise.js";
import { findPhraseHits, phraseTokens } from "../understand/phrase-match.js";
import type { Phrase } from "../understand/phrase-match.js";
import { tokenise } from "../understand/normalise.js";
import type { EngineError } from "./engine-result.js";
import type { CompiledArtifact, QuestionInfo } from "./load-artifact.js";
import type { SessionState } from "./session-state.js";

export type TurnResolution = { kind: "resolved"; question: QuestionInfo; inDecision: boolean } | { kind: "unresolved" };

function mismatch(state: SessionState, turn: PreviousTurn): EngineError {
  const p = state.pending_decision;
  return {
    code: "invalid_previous_turn",
    details: {
      pending_decision_id: p?.decision_id ?? null,
      supplied_decision_id: turn.decision_id ?? null,
      supplied_question_id: turn.question_id ?? null,
      candidate_question_ids: p ? p.candidates.map((c) => c.question_id) : [],
    },
  };
}

function uniqueBest<T>(items: readonly T[], score: (item: T) => number): { item: T; score: number; runnerUp: number } | null {
  let best: T | null = null;
  let bestScore = -1;
  let runnerUp = -1;
  for (const item of items) {
    const s = score(item);
    if (s > bestScore) {
      runnerUp = bestScore;
      best = item;
      bestScore = s;
    } else if (s > runnerUp) runnerUp = s;
  }
  return best === null ? null : { item: best, score: bestScore, runnerUp };
}

/** Choice-label phrases per question of a loaded artefact: constant for its lifetime, so built once. */
const labelPhrases = new WeakMap<QuestionInfo, Phrase[]>();

function labelPhrasesOf(q: QuestionInfo): Phrase[] {
  let phrases = labelPhrases.get(q);
  if (!phrases) {
    phrases = q.choices.map((c, order) => ({ tokens: phraseTokens(c.label), value: c.id, order }));
    labelPhrases.set(q, phrases);
  }
  return phrases;
}

/** docs/zelinqa-api.md §10.5.2 exact match (contiguous tokens, not negated) of one of the question's choice labels. */
function hasExactLabel(q: QuestionInfo, userTokens: readonly string[]): boolean {
  return findPhraseHits(userTokens, labelPhrasesOf(q), false).length > 0;
}

/** docs/zelinqa-api.md §10.1 steps 1–4, first match wins. Candidates are looked up in the pinned artefact. */
export function resolvePreviousTurn(
  artifact: CompiledArtifact,
  state: SessionState,
  turn: PreviousTurn,
): { ok: true; value: TurnResolution } | { ok: false; error: EngineError } {
  const p = state.pending_decision;
  if (turn.decision_id !== undefined && (p === null || p.decision_id !== turn.decision_id))
    return { ok: false, error: mismatch(state, turn) };
  const candidates = (p?.candidates ?? [])
    .map((c) => artifact.questionById.get(c.question_id))
    .filter((q): q is QuestionInfo => q !== undefined);
  if (turn.question_id !== undefined) {
    const inDecision = candidates.find((q) => q.id === turn.question_id);
    if (inDecision) return { ok: true, value: { kind: "resolved", question: inDecision, inDecision: true } };
    if (turn.decision_id !== undefined) return { ok: false, error: mismatch(state, turn) };
    const outside = artifact.questionById.get(turn.question_id);
    if (outside) return { ok: true, value: { kind: "resolved", question: outside, inDecision: false } };
    return { ok: false, error: mismatch(state, turn) };
  }
  if (candidates.length > 0) {
    const resolved = (question: QuestionInfo) => ({ ok: true as const, value: { kind: "resolved" as const, question, inDecision: true } });
    if (turn.assistant_text !== undefined) {
      const text = turn.assistant_text;
      const best = uniqueBest(candidates, (q) => similarity(text, q.text));
      if (best && best.score >= 0.5 && best.score > best.runnerUp) return resolved(best.item);
    }
    const choiceIds = turn.structured_answer?.choice_ids;
    if (choiceIds !== undefined) {
      const matching = candidates.filter((q) => choiceIds.every((id) => q.choices.some((c) => c.id === id)));
      if (matching.length === 1) return resolved(matching[0] as QuestionInfo);
    }
    if (turn.user_text !== undefined) {
      const tokens = tokenise(turn.user_text);
      const matching = candidates.filter((q) => hasExactLabel(q, tokens));
      if (matching.length === 1) return resolved(matching[0] as QuestionInfo);
    }
    return resolved(candidates[0] as QuestionInfo);
  }
  return { ok: true, value: { kind: "unresolved" } };
}

/** docs/zelinqa-api.md §10.2 rules 3–4 (also used by context messages and initial history). */
export function choiceError(q: QuestionInfo, choiceIds: readonly string[]): EngineError | null {
  const unknown = choiceIds.filter((id) => !q.choices.some((c) => c.id === id));
  if (unknown.length > 0) return { code: "invalid_choice", details: { question_id: q.id, invalid_choice_ids: unknown } };
  const single = q.type === "single_choice" || (q.type === "semi_open" && q.selection_mode === "single");
  if (single && choiceIds.length > 1) return { code: "invalid_choice", details: { question_id: q.id, invalid_choice_ids: [...choiceIds] } };
  return null;
}

const blank = (s: string | undefined) => s === undefined || s.trim() === "";

/** docs/zelinqa-api.md §10.2: checks of a resolved turn, before any extraction or model call. */
export function validateResolvedTurn(q: QuestionInfo, turn: PreviousTurn): EngineError | null {
  const silent = turn.outcome === "asked_no_answer" || turn.outcome === "refused";
  if (q.type === "open" && !silent && blank(turn.user_text)) {
    return {
      code: "invalid_previous_turn",
      details: {},
      message: "an answered open question requires user_text",
      variant: "open_question_requires_text",
    };
  }
  const answer = turn.structured_answer;
  if ((answer && q.type === "open") || (answer?.free_text !== undefined && q.type !== "semi_open")) {
    return { code: "invalid_previous_turn", details: { question_id: q.id } };
  }
  return answer ? choiceError(q, answer.choice_ids) : null;
}
