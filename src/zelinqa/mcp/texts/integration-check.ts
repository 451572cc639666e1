// The zelinqa_integration_check prompt of docs/zelinqa-mcp.md §12.2, verbatim.
export const INTEGRATION_CHECK_NAME = "zelinqa_integration_check";
export const INTEGRATION_CHECK_DESCRIPTION = "User-selected checklist for testing a Zelinqa agent integration";
export const INTEGRATION_CHECK = `Run this checklist with synthetic data only. Report each step as PASS or FAIL with one line
of evidence.
1. zelinqa_start with a new name: a first question and turns_remaining are returned.
2. zelinqa_next_question without a reply: the same question; no turn consumed.
3. Reply with an exact displayed label (closed) or a short sentence (open): a new question
   is returned and progress or turn_count changes.
4. Reply with a label that is not in the list: an error; the same question stays pending;
   no turn consumed.
5. On an open question, send an outcome alone: refused. Then send the person's words:
   accepted.
6. zelinqa_add_context with a short summary: the same pending question; no turn consumed.
7. zelinqa_adjust with a configured ID: progress reflects it (skip if you know no ID).
8. zelinqa_status: matches the last reply.
9. zelinqa_start with a second name: independent; the first conversation is unchanged.
10. zelinqa_feedback with result "partial": acknowledged; the objective is not marked
    achieved.
11. zelinqa_forget both names: both are then unknown; server data is untouched.
Never print an API key. Never claim persistence that no tool acknowledged.`;
