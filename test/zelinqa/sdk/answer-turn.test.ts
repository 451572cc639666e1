// answerTurn: the rules table of docs/zelinqa-mcp.md §3.6 with its exact messages, in order, and the accepted forms.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { answerTurn, ZelinqaAnswerError, type AnswerInput, type PendingDecision } from "../../../src/zelinqa/sdk/index.js";
import type { Candidate } from "../../../src/zelinqa/contracts/index.js";

const choices = [
  { choice_id: "c_email", label: "Email" },
  { choice_id: "c_phone", label: "Téléphone" },
];
const cand = (type: Candidate["type"], extra: Partial<Candidate> = {}): Candidate => ({
  rank: 1,
  question_id: `q_${type}`,
  text: `Texte ${type}`,
  type,
  choices: type === "open" ? [] : choices,
  target_ids: ["t"],
  ...extra,
});
const pending = (c: Candidate, more: Candidate[] = []): PendingDecision => ({ decision_id: "dec_1", candidates: [c, ...more] });

void describe("answerTurn", () => {
  const failures: [string, PendingDecision | null, AnswerInput, string][] = [
    ["1 no pending", null, { userText: "x" }, "No pending question. Call next() first."],
    ["2 unknown rank", pending(cand("open")), { candidateRank: 2, userText: "x" }, "candidate_rank must identify one pending candidate"],
    ["2 duplicated rank", pending(cand("open"), [cand("open")]), { userText: "x" }, "candidate_rank must identify one pending candidate"],
    ["3a labels on open", pending(cand("open")), { choiceLabels: ["Email"] }, "Open questions accept user_text, not choices"],
    ["3a free text on open", pending(cand("open")), { freeText: "x" }, "Open questions accept user_text, not choices"],
    ["3b duplicates", pending(cand("multiple_choice")), { choiceLabels: ["Email", "Email"] }, "Duplicate choice labels"],
    [
      "3c unknown label",
      pending(cand("single_choice")),
      { choiceLabels: ["email"] },
      "Unknown or ambiguous choice label; use exact displayed labels",
    ],
    [
      "3c ambiguous label",
      pending(cand("single_choice", { choices: [...choices, { choice_id: "c2", label: "Email" }] })),
      { choiceLabels: ["Email"] },
      "Unknown or ambiguous choice label; use exact displayed labels",
    ],
    [
      "3d single with two",
      pending(cand("single_choice")),
      { choiceLabels: ["Email", "Téléphone"] },
      "This question accepts only one choice",
    ],
    [
      "3d semi_open single",
      pending(cand("semi_open", { selection_mode: "single" })),
      { choiceLabels: ["Email", "Téléphone"] },
      "This question accepts only one choice",
    ],
    ["3d semi_open no mode", pending(cand("semi_open")), { choiceLabels: ["Email", "Téléphone"] }, "This question accepts only one choice"],
    [
      "3e free text on single",
      pending(cand("single_choice")),
      { choiceLabels: ["Email"], freeText: "x" },
      "Free text is only allowed for semi-open choices",
    ],
    [
      "3f empty labels",
      pending(cand("single_choice")),
      { choiceLabels: [] },
      "Select at least one choice; for an unlisted answer, send user_text instead",
    ],
    [
      "3f free text alone",
      pending(cand("semi_open")),
      { freeText: "x" },
      "Select at least one choice; for an unlisted answer, send user_text instead",
    ],
    [
      "4 open outcome answered",
      pending(cand("open")),
      { outcome: "asked_answered" },
      "An open question requires user_text unless outcome is asked_no_answer or refused",
    ],
    [
      "4 open blank text",
      pending(cand("open")),
      { userText: "   " },
      "An open question requires user_text unless outcome is asked_no_answer or refused",
    ],
    [
      "4 open assistant only",
      pending(cand("open")),
      { assistantText: "asked" },
      "An open question requires user_text unless outcome is asked_no_answer or refused",
    ],
    ["5 nothing on choice", pending(cand("single_choice")), {}, "Provide an answer, choices, or an explicit outcome"],
  ];
  for (const [title, p, input, message] of failures) {
    void it(`rule ${title}: ${message}`, () => {
      assert.throws(
        () => answerTurn(p, input),
        (err: unknown) => {
          assert.ok(err instanceof ZelinqaAnswerError && err instanceof TypeError);
          assert.equal(err.message, message);
          return true;
        },
      );
    });
  }

  void it("builds an open answer with the candidate text as assistant_text and no implicit outcome", () => {
    assert.deepEqual(answerTurn(pending(cand("open")), { userText: "deux mille euros" }), {
      decision_id: "dec_1",
      question_id: "q_open",
      assistant_text: "Texte open",
      user_text: "deux mille euros",
    });
  });

  void it("accepts asked_no_answer and refused alone on every type", () => {
    for (const type of ["open", "single_choice", "multiple_choice", "semi_open"] as const) {
      for (const outcome of ["asked_no_answer", "refused"] as const) {
        assert.deepEqual(answerTurn(pending(cand(type)), { outcome }), {
          decision_id: "dec_1",
          question_id: `q_${type}`,
          assistant_text: `Texte ${type}`,
          outcome,
        });
      }
    }
  });

  void it("resolves labels to choice ids, keeps free text for semi_open and userText on choices", () => {
    assert.deepEqual(
      answerTurn(pending(cand("single_choice")), { choiceLabels: ["Email"], userText: "par mail", assistantText: "Asked" }),
      {
        decision_id: "dec_1",
        question_id: "q_single_choice",
        assistant_text: "Asked",
        user_text: "par mail",
        structured_answer: { choice_ids: ["c_email"] },
      },
    );
    assert.deepEqual(answerTurn(pending(cand("multiple_choice")), { choiceLabels: ["Email", "Téléphone"] }).structured_answer, {
      choice_ids: ["c_email", "c_phone"],
    });
    assert.deepEqual(
      answerTurn(pending(cand("semi_open", { selection_mode: "multiple" })), { choiceLabels: ["Email", "Téléphone"], freeText: "fax" })
        .structured_answer,
      { choice_ids: ["c_email", "c_phone"], free_text: "fax" },
    );
    assert.equal(answerTurn(pending(cand("semi_open")), { userText: "autre chose" }).user_text, "autre chose");
    assert.equal(answerTurn(pending(cand("single_choice")), { userText: "   " }).user_text, "   ");
  });

  void it("selects the candidate by rank", () => {
    const second = cand("single_choice", { rank: 2, question_id: "q_two" });
    assert.equal(answerTurn(pending(cand("open"), [second]), { candidateRank: 2, choiceLabels: ["Email"] }).question_id, "q_two");
  });
});
