// Previous-turn resolution (docs/zelinqa-api.md §10.1), validation (§10.2), outcome inference (§10.3), degraded reasons (§9.5)
// and the pending decision (docs/zelinqa-api.md §9.3), on the reference corpus (first decision: sdk_q_animaux, sdk_q_style).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { PreviousTurn } from "../../../src/zelinqa/contracts/index.js";
import { createSession, nextQuestions } from "../../../src/zelinqa/engine/index.js";
import type { SessionState } from "../../../src/zelinqa/engine/index.js";
import { REFERENCE_TEXTS } from "../../../harness/zelinqa-reference-corpus.js";
import { referenceArtifact, testDeps, valueOf } from "./engine-fixtures.js";

const artifact = referenceArtifact();

async function pending(): Promise<{ state: SessionState; decisionId: string; deps: ReturnType<typeof testDeps> }> {
  const deps = testDeps();
  const created = valueOf(await createSession(artifact, {}, deps));
  const first = valueOf(await nextQuestions(artifact, created.state, { state_version: 0 }, deps));
  return { state: first.state, decisionId: first.response.decision_id ?? "", deps };
}

void describe("previous-turn errors", () => {
  const cases: Array<
    [string, (decisionId: string) => PreviousTurn, string, Record<string, unknown> | ((d: string) => Record<string, unknown>)]
  > = [
    [
      "a decision_id other than the pending one",
      () => ({ decision_id: "dec_other", user_text: "oui" }),
      "invalid_previous_turn",
      (d) => ({
        pending_decision_id: d,
        supplied_decision_id: "dec_other",
        supplied_question_id: null,
        candidate_question_ids: ["sdk_q_animaux", "sdk_q_style"],
      }),
    ],
    [
      "a question outside the named decision",
      (d) => ({ decision_id: d, question_id: "sdk_q_budget", user_text: "2000" }),
      "invalid_previous_turn",
      (d) => ({
        pending_decision_id: d,
        supplied_decision_id: d,
        supplied_question_id: "sdk_q_budget",
        candidate_question_ids: ["sdk_q_animaux", "sdk_q_style"],
      }),
    ],
    [
      "an unknown question id",
      () => ({ question_id: "sdk_q_ghost", user_text: "x" }),
      "invalid_previous_turn",
      (d) => ({
        pending_decision_id: d,
        supplied_decision_id: null,
        supplied_question_id: "sdk_q_ghost",
        candidate_question_ids: ["sdk_q_animaux", "sdk_q_style"],
      }),
    ],
    ["an answered open question without text", () => ({ question_id: "sdk_q_budget", user_text: "   " }), "invalid_previous_turn", {}],
    [
      "a structured answer on an open question",
      () => ({ question_id: "sdk_q_usage", user_text: "salon", structured_answer: { choice_ids: ["x"] } }),
      "invalid_previous_turn",
      { question_id: "sdk_q_usage" },
    ],
    [
      "free_text on a single_choice question",
      () => ({ question_id: "sdk_q_style", structured_answer: { choice_ids: ["sdk_c_scandinave"], free_text: "bois" } }),
      "invalid_previous_turn",
      { question_id: "sdk_q_style" },
    ],
    [
      "an unknown choice",
      () => ({ question_id: "sdk_q_style", structured_answer: { choice_ids: ["sdk_c_scandinave", "sdk_c_baroque"] } }),
      "invalid_choice",
      { question_id: "sdk_q_style", invalid_choice_ids: ["sdk_c_baroque"] },
    ],
    [
      "two choices on a single-selection question",
      () => ({ question_id: "sdk_q_style", structured_answer: { choice_ids: ["sdk_c_scandinave", "sdk_c_classique"] } }),
      "invalid_choice",
      { question_id: "sdk_q_style", invalid_choice_ids: ["sdk_c_scandinave", "sdk_c_classique"] },
    ],
  ];
  for (const [title, turn, code, details] of cases) {
    void it(`answers ${code} for ${title} and changes nothing`, async () => {
      const { state, decisionId, deps } = await pending();
      const before = JSON.stringify(state);
      const result = await nextQuestions(artifact, state, { state_version: 1, previous_turn: turn(decisionId) }, deps);
      assert.equal(result.ok, false);
      if (result.ok) return;
      assert.equal(result.error.code, code);
      assert.deepEqual(result.error.details, typeof details === "function" ? details(decisionId) : details);
      assert.equal(JSON.stringify(state), before);
    });
  }
  void it("words the open-question rule exactly", async () => {
    const { state, deps } = await pending();
    const result = await nextQuestions(artifact, state, { state_version: 1, previous_turn: { question_id: "sdk_q_usage" } }, deps);
    assert.equal(result.ok ? null : result.error.message, "an answered open question requires user_text");
  });
  void it("accepts an open question without text when refused", async () => {
    const { state, deps } = await pending();
    const result = await nextQuestions(
      artifact,
      state,
      { state_version: 1, previous_turn: { question_id: "sdk_q_usage", outcome: "refused" } },
      deps,
    );
    assert.equal(result.ok, true);
  });
});

void describe("resolution and outcomes", () => {
  const cases: Array<[string, PreviousTurn, string, string, "client" | "inferred", string[], boolean]> = [
    [
      "assistant text picks its candidate",
      { assistant_text: REFERENCE_TEXTS.sdk_q_style, user_text: "scandinave" },
      "sdk_q_style",
      "asked_answered",
      "inferred",
      [],
      true,
    ],
    [
      "choice ids pick the only candidate holding them",
      { structured_answer: { choice_ids: ["sdk_c_classique"] } },
      "sdk_q_style",
      "asked_answered",
      "inferred",
      [],
      true,
    ],
    [
      "an exact choice label picks its candidate",
      { user_text: "Classique, sans hésiter" },
      "sdk_q_style",
      "asked_answered",
      "inferred",
      [],
      true,
    ],
    ["rank 1 is the default", { user_text: "bof" }, "sdk_q_animaux", "asked_answered", "inferred", [], true],
    ["a refusal phrase is refused", { user_text: "Je préfère ne pas répondre" }, "sdk_q_animaux", "refused", "inferred", [], true],
    ["a don't-know phrase is no answer", { user_text: "aucune idée" }, "sdk_q_animaux", "asked_no_answer", "inferred", [], true],
    [
      "a bare choice question without text is no answer and degraded",
      { question_id: "sdk_q_style" },
      "sdk_q_style",
      "asked_no_answer",
      "inferred",
      ["missing_user_text"],
      true,
    ],
    [
      "a supplied outcome is a client outcome",
      { question_id: "sdk_q_style", outcome: "asked_no_answer" },
      "sdk_q_style",
      "asked_no_answer",
      "client",
      [],
      true,
    ],
    [
      "a question outside the decision is resolved with a null decision",
      { question_id: "sdk_q_budget", user_text: "3k" },
      "sdk_q_budget",
      "asked_answered",
      "inferred",
      [],
      false,
    ],
  ];
  for (const [title, turn, questionId, outcome, source, reasons, inDecision] of cases) {
    void it(title, async () => {
      const { state, decisionId, deps } = await pending();
      const { state: next, response } = valueOf(await nextQuestions(artifact, state, { state_version: 1, previous_turn: turn }, deps));
      assert.deepEqual(
        next.outcomes.map((o) => [o.question_id, o.outcome, o.source, o.decision_id]),
        [[questionId, outcome, source, inDecision ? decisionId : null]],
      );
      assert.deepEqual(response.degraded_reasons, reasons);
      assert.equal(response.turn_count, 1);
      assert.equal(next.decisions[0]?.status, inDecision ? "resolved" : "ignored");
    });
  }

  void it("counts an unresolved turn, records no outcome and reads its text indirectly", async () => {
    const deps = testDeps();
    const state = valueOf(await createSession(artifact, {}, deps)).state;
    const { state: next, response } = valueOf(
      await nextQuestions(artifact, state, { state_version: 0, previous_turn: { user_text: "plutôt scandinave" } }, deps),
    );
    assert.deepEqual(next.outcomes, []);
    assert.equal(next.turn_count, 1);
    assert.deepEqual(response.degraded_reasons, ["unresolved_previous_turn"]);
    assert.equal(response.degraded, true);
    assert.deepEqual(next.targets.sdk_style, { status: "tentative", value: "scandinave", priority: 0 });
  });

  void it("replaces a pending decision on a /next without previous turn and records it ignored", async () => {
    const { state, decisionId, deps } = await pending();
    const { state: next, response } = valueOf(await nextQuestions(artifact, state, { state_version: 1 }, deps));
    assert.notEqual(response.decision_id, decisionId);
    assert.deepEqual(
      next.decisions.map((d) => d.status),
      ["ignored", "pending"],
    );
    assert.deepEqual(next.outcomes, []);
    assert.equal(next.turn_count, 0);
  });

  void it("stores a structured single choice as confirmed and an exact number as confirmed", async () => {
    const { state, deps } = await pending();
    const a = valueOf(
      await nextQuestions(
        artifact,
        state,
        { state_version: 1, previous_turn: { question_id: "sdk_q_style", structured_answer: { choice_ids: ["sdk_c_scandinave"] } } },
        deps,
      ),
    );
    assert.deepEqual(a.state.targets.sdk_style, { status: "confirmed", value: "scandinave", priority: 2 });
    const b = valueOf(
      await nextQuestions(
        artifact,
        a.state,
        { state_version: 2, previous_turn: { question_id: "sdk_q_budget", user_text: "1.500,50 €" } },
        deps,
      ),
    );
    assert.deepEqual(b.state.targets.sdk_budget, { status: "confirmed", value: 1500.5, priority: 2 });
    const c = valueOf(
      await nextQuestions(
        artifact,
        b.state,
        { state_version: 3, previous_turn: { question_id: "sdk_q_budget", user_text: "environ 2 000 €" } },
        deps,
      ),
    );
    assert.deepEqual(
      c.state.targets.sdk_budget,
      { status: "confirmed", value: 1500.5, priority: 2 },
      "a fuzzy P1 value never replaces a P2 one",
    );
  });
});
