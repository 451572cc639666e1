// Context messages and initial history (docs/zelinqa-api.md §10.7): attribution to an asked question, inferred outcomes with
// decision_id null, pending-decision resolution, and direct or indirect evidence.
import type { ConversationMessage, Outcome, StructuredAnswer } from "../contracts/index.js";
import { isDontKnow, isRefusal } from "../understand/lexicons.js";
import { similarity, understoodPart } from "../understand/normalise.js";
import type { EngineError } from "./engine-result.js";
import { collectReply, collectUnattributed } from "./evidence-plan.js";
import type { EvidencePlan } from "./evidence-plan.js";
import type { CompiledArtifact, QuestionInfo } from "./load-artifact.js";
import { closePendingDecision } from "./session-state.js";
import type { SessionState } from "./session-state.js";
import { choiceError } from "./turn-resolution.js";

/** docs/zelinqa-api.md §10.3 outcome inference when no outcome is supplied. */
export function inferOutcome(answer: StructuredAnswer | undefined, userText: string | undefined): Outcome {
  if (answer) return "asked_answered";
  if (userText !== undefined && userText.trim() !== "") {
    // The lexicons read what the extractors read: at most MAX_UNDERSTOOD_WORDS words of the reply.
    const read = understoodPart(userText).text;
    if (isRefusal(read)) return "refused";
    if (isDontKnow(read)) return "asked_no_answer";
    return "asked_answered";
  }
  return "asked_no_answer";
}

export function attributionError(state: SessionState, questionId: string | null): EngineError {
  const p = state.pending_decision;
  return {
    code: "invalid_previous_turn",
    details: {
      pending_decision_id: p?.decision_id ?? null,
      supplied_decision_id: null,
      supplied_question_id: questionId,
      candidate_question_ids: p ? p.candidates.map((c) => c.question_id) : [],
    },
  };
}

function askedQuestion(artifact: CompiledArtifact, state: SessionState, text: string | undefined): QuestionInfo | null {
  if (text === undefined || state.pending_decision === null) return null;
  const scored = state.pending_decision.candidates.map((c) => ({ id: c.question_id, s: similarity(text, c.text) }));
  const best = Math.max(...scored.map((x) => x.s));
  const winners = scored.filter((x) => x.s === best);
  return best >= 0.5 && winners.length === 1 ? (artifact.questionById.get((winners[0] as { id: string }).id) ?? null) : null;
}

export interface MessageOptions {
  readonly mode: "context" | "history";
  /** YYYY-MM-DD for a message: its occurred_at day, else the server's UTC date. */
  readonly today: (occurredAt: string | undefined) => string;
}

export function processMessages(
  artifact: CompiledArtifact,
  state: SessionState,
  plan: EvidencePlan,
  messages: readonly ConversationMessage[],
  options: MessageOptions,
): EngineError | null {
  let asked: QuestionInfo | null = null;
  for (const m of messages) {
    if (m.message_id !== undefined && state.processed_message_ids.includes(m.message_id)) continue;
    const named = m.question_id === undefined ? undefined : artifact.questionById.get(m.question_id);
    if (m.question_id !== undefined && !named) {
      // docs/zelinqa-api.md §8.1: initial-history errors are invalid_choice; context-message attribution errors invalid_previous_turn.
      if (options.mode === "history") {
        return {
          code: "invalid_choice",
          details: { question_id: m.question_id, invalid_choice_ids: m.structured_answer?.choice_ids ?? [] },
        };
      }
      return attributionError(state, m.question_id);
    }
    if (m.role === "assistant") {
      asked = named ?? askedQuestion(artifact, state, m.text);
    } else {
      const answer = m.structured_answer;
      if (answer && !named) {
        if (options.mode === "context") return attributionError(state, null);
        if (!asked) return { code: "invalid_choice", details: { question_id: null, invalid_choice_ids: answer.choice_ids } };
      }
      const q = named ?? asked;
      if (q) {
        if (answer) {
          const error = choiceError(q, answer.choice_ids);
          if (error) return error;
        }
        const outcome = collectReply(
          artifact,
          state,
          plan,
          { question: q, text: m.text, freeText: answer?.free_text, choiceIds: answer?.choice_ids, today: options.today(m.occurred_at) },
          { value: inferOutcome(answer, m.text), inferred: true },
        );
        state.outcomes.push({
          question_id: q.id,
          decision_id: null,
          outcome,
          source: "inferred",
          ...(m.message_id !== undefined ? { message_id: m.message_id } : {}),
          ...(m.occurred_at !== undefined ? { occurred_at: m.occurred_at } : {}),
          turn: state.turn_count,
        });
        if (state.pending_decision?.candidates.some((c) => c.question_id === q.id)) closePendingDecision(state, "resolved");
      } else if (m.text !== undefined) collectUnattributed(artifact, state, plan, m.text, options.today(m.occurred_at));
    }
    if (m.message_id !== undefined) state.processed_message_ids.push(m.message_id);
  }
  return null;
}
