// The stateless legacy selection of docs/zelinqa-api.md §13 (k = 1, nothing persisted) on the reference corpus.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { LegacyNextRequest } from "../../../src/zelinqa/contracts/index.js";
import { legacyNextQuestion } from "../../../src/zelinqa/engine/index.js";
import { REFERENCE_TEXTS } from "../../../harness/zelinqa-reference-corpus.js";
import { artifactOf, dimension, openQuestion, referenceArtifact } from "./engine-fixtures.js";

const artifact = referenceArtifact();

void describe("legacy next-questions", () => {
  const rows: Array<[string, LegacyNextRequest, string | null]> = [
    ["proposes the best question of a fresh conversation", { session_id: "legacy-1" }, "sdk_q_animaux"],
    ["skips answered ids and ignores unknown ones", { session_id: "l", answered_question_ids: ["sdk_q_animaux", "nope"] }, "sdk_q_style"],
    [
      // docs/zelinqa-api.md §10.7: without question ids nor a pending decision, history answers stay unattributed (no outcome).
      "records no outcome for unattributed history answers",
      {
        session_id: "l",
        conversation_history: [
          { role: "assistant", content: REFERENCE_TEXTS.sdk_q_animaux },
          { role: "user", content: "Non" },
          { role: "assistant", content: REFERENCE_TEXTS.sdk_q_style },
          { role: "user", content: "Scandinave" },
        ],
      },
      "sdk_q_animaux",
    ],
  ];
  for (const [title, req, expected] of rows) {
    void it(title, () => {
      const result = legacyNextQuestion(artifact, req);
      assert.equal(result.next_question?.external_id ?? null, expected);
      assert.equal(result.exhausted, expected === null);
      if (expected) assert.equal(result.next_question?.text, REFERENCE_TEXTS[expected as keyof typeof REFERENCE_TEXTS]);
    });
  }

  void it("is exhausted when every question of an exploration-only domain is answered", () => {
    const explore = artifactOf([dimension("d", 0, "blocking"), openQuestion("q1", "d"), openQuestion("q2", "d")]);
    assert.deepEqual(legacyNextQuestion(explore, { session_id: "l", answered_question_ids: ["q1"] }), {
      next_question: { external_id: "q2", text: "q2 ?" },
      exhausted: false,
    });
    assert.deepEqual(legacyNextQuestion(explore, { session_id: "l", answered_question_ids: ["q1", "q2"] }), {
      next_question: null,
      exhausted: true,
    });
  });

  void it("reads the history and the context within one request's bound on understood words (MAX_REQUEST_UNDERSTOOD_WORDS)", () => {
    const context = "Nous n'avons pas d'animaux.";
    assert.equal(legacyNextQuestion(artifact, { session_id: "l", context }).next_question?.external_id, "sdk_q_style");
    // Seven user messages of ~660 filler words each: more than the request's 4,000 words, so the context is not read.
    const filler = { role: "user" as const, content: "zz ".repeat(666).trim() };
    const longHistory = Array.from({ length: 7 }, () => filler);
    assert.equal(
      legacyNextQuestion(artifact, { session_id: "l", conversation_history: longHistory, context }).next_question?.external_id,
      "sdk_q_animaux",
      "the context past the bound is not read (before: a fresh budget of its own)",
    );
    const shortHistory = longHistory.slice(0, 1);
    assert.equal(
      legacyNextQuestion(artifact, { session_id: "l", conversation_history: shortHistory, context }).next_question?.external_id,
      "sdk_q_style",
      "within the bound both are read",
    );
  });
});
