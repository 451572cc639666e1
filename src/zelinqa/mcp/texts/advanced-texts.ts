// Advanced instructions and tool descriptions (docs/zelinqa-mcp.md §12.3); the quoted substrings are normative.
export const ADVANCED_INSTRUCTIONS = [
  "Zelinqa qualifies a conversation: you ask, Zelinqa decides what is worth asking.",
  "1. Call zelinqa_create_session (or zelinqa_resume_session) once per conversation.",
  "2. Call zelinqa_next without previous_turn first, and ask the rank 1 candidate in your own words.",
  "3. Then call zelinqa_next with previous_turn, holding what you asked (assistant_text) and what the user answered (user_text, or structured_answer for choices).",
  "4. Before max_turns, you decide when to stop; objective_achieved arrives in warnings.",
  '5. action: "stop" ends the conversation, with stop_reason max_turns_reached (later calls return the same stop) or no_question_available.',
  "6. Call zelinqa_submit_feedback at the real outcome.",
  "7. zelinqa_apply_events feeds context or known data without consuming a turn.",
].join("\n");

export const STATE_VERSION_DESCRIPTION = "Optimistic concurrency version. Omit it to use the last version seen for this session.";

export const ADVANCED_DESCRIPTIONS = {
  zelinqa_create_session:
    "Create a session. Returns the initial state with state_version 0 and max_turns; no question yet (call " +
    "zelinqa_next). initial_history is consumed once and never stored or returned.",
  zelinqa_resume_session:
    "Resume an existing session by session_id: re-learns its state_version. The response has pending_decision " +
    "with the candidates still waiting for an answer.",
  zelinqa_next:
    "Get the next question candidates. The first call has no `previous_turn`. Later calls send previous_turn with " +
    "decision_id and question_id of the asked candidate, assistant_text (the question as you asked it), user_text " +
    "(the user's exact words) and structured_answer.choice_ids for choices. warnings may carry objective_achieved " +
    '(you decide whether to stop). action: "stop" ends the conversation: stop_reason max_turns_reached (every later ' +
    "call returns the same stop) or no_question_available. Omitting state_version uses the last version seen.",
  zelinqa_apply_events:
    "Apply context_update or client_updates with the same reducer as zelinqa_next but without selection: consumes " +
    "no turn and keeps the pending decision. Needs one of the two updates.",
  zelinqa_get_session:
    "Read the public session state (read-only): status, counters, outcomes, targets, progress, pending_decision. " +
    "Never prompts, embeddings or scores.",
  zelinqa_submit_feedback:
    "Record the business outcome of the session. Does not modify state. label is your outcome name; metadata holds " +
    "short correlation facts only.",
} as const;
