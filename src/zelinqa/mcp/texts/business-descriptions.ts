// Business tool descriptions (docs/zelinqa-mcp.md §12.3). They never name ids or versions: the model sees names,
// question texts, choice labels and progress only.
export const BUSINESS_DESCRIPTIONS = {
  zelinqa_start:
    "Start or recover a named conversation and get its first or pending question. Use one unique, non-personal " +
    "name per conversation. Reusing a name returns its current state, not a new conversation.",
  zelinqa_next_question:
    "Report the person's reply to the pending question and get the next one. Without a reply it returns the " +
    "pending question again and consumes no turn. For a closed question use the exact displayed choice labels; " +
    "for an open question send the person's words. Never invent an outcome: an outcome alone is refused, except " +
    "refused (the person declined) or asked_no_answer (asked, no usable answer). candidate_rank selects which " +
    "displayed question was asked.",
  zelinqa_add_context:
    "Report extra conversation context (a summary of what was learned outside the questions) without asking or " +
    "consuming a turn. It may be analysed by a language model.",
  zelinqa_adjust:
    "Apply confirmed business data, dimension statuses or an objective override without asking or consuming a " +
    "turn. Use configured IDs. Never invent values, and never mark an unverified result achieved.",
  zelinqa_status:
    "Refresh the progress and the pending question. Read-only. Required after an interrupted call or a conflict; " +
    "reconcile before answering again.",
  zelinqa_feedback: "Record the actual business result (success, partial or failure). It does not itself mark the objective achieved.",
  zelinqa_forget:
    "Release a finished conversation from this process's memory. It does not delete server data. To resume later, " +
    "the host must keep the session reference outside the model.",
} as const;

export const CONVERSATION_DESCRIPTION = "Local conversation name (1-128 characters, exact and case-sensitive): unique and non-personal.";
