// Builds a `previous_turn` from displayed labels and words, locally and in the exact order of docs/zelinqa-mcp.md §3.6.
import type { PendingDecisionView, PreviousTurn } from "../contracts/index.js";
import { ZelinqaAnswerError } from "./errors/zelinqa-error.js";

export type AnswerOutcome = "asked_answered" | "asked_no_answer" | "refused";

export interface AnswerInput {
  userText?: string | null;
  candidateRank?: number | null;
  choiceLabels?: readonly string[] | null;
  freeText?: string | null;
  outcome?: AnswerOutcome | null;
  assistantText?: string | null;
}

/** The pending decision as tracked by a Session: `{decision_id, candidates}`. */
export type PendingDecision = PendingDecisionView;

export function answerTurn(pending: PendingDecision | null | undefined, input: AnswerInput = {}): PreviousTurn {
  if (!pending) throw new ZelinqaAnswerError("No pending question. Call next() first.");
  const rank = input.candidateRank ?? 1;
  const matching = pending.candidates.filter((c) => c.rank === rank);
  const candidate = matching[0];
  if (matching.length !== 1 || candidate === undefined) {
    throw new ZelinqaAnswerError("candidate_rank must identify one pending candidate");
  }
  const labels = input.choiceLabels ?? null;
  const freeText = input.freeText ?? null;
  const choiceIds: string[] = [];
  if (labels !== null || freeText !== null) {
    if (candidate.type === "open") throw new ZelinqaAnswerError("Open questions accept user_text, not choices");
    const given = labels ?? [];
    if (new Set(given).size !== given.length) throw new ZelinqaAnswerError("Duplicate choice labels");
    for (const label of given) {
      const found = candidate.choices.filter((c) => c.label === label);
      if (found.length !== 1 || found[0] === undefined) {
        throw new ZelinqaAnswerError("Unknown or ambiguous choice label; use exact displayed labels");
      }
      choiceIds.push(found[0].choice_id);
    }
    const single = candidate.type === "single_choice" || (candidate.type === "semi_open" && candidate.selection_mode !== "multiple");
    if (given.length > 1 && single) throw new ZelinqaAnswerError("This question accepts only one choice");
    if (freeText !== null && candidate.type !== "semi_open") {
      throw new ZelinqaAnswerError("Free text is only allowed for semi-open choices");
    }
    if (choiceIds.length === 0) {
      throw new ZelinqaAnswerError("Select at least one choice; for an unlisted answer, send user_text instead");
    }
  }
  const userText = input.userText ?? null;
  const outcome = input.outcome ?? null;
  if (
    candidate.type === "open" &&
    outcome !== "asked_no_answer" &&
    outcome !== "refused" &&
    (userText === null || userText.trim() === "")
  ) {
    throw new ZelinqaAnswerError("An open question requires user_text unless outcome is asked_no_answer or refused");
  }
  if (userText === null && choiceIds.length === 0 && outcome === null) {
    throw new ZelinqaAnswerError("Provide an answer, choices, or an explicit outcome");
  }
  const turn: PreviousTurn = {
    decision_id: pending.decision_id,
    question_id: candidate.question_id,
    assistant_text: input.assistantText ?? candidate.text,
  };
  if (userText !== null) turn.user_text = userText;
  if (choiceIds.length > 0) {
    turn.structured_answer = freeText === null ? { choice_ids: choiceIds } : { choice_ids: choiceIds, free_text: freeText };
  }
  if (outcome !== null) turn.outcome = outcome;
  return turn;
}
