// Requirement 31 of docs/zelinqa-api.md §15 (engine determinism on the reference corpus), with requirements 14, 19 and 21.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { applySessionEvents, createSession, nextQuestions, sessionView } from "../../../src/zelinqa/engine/index.js";
import { REFERENCE_TEXTS, REQUIREMENT_19_USER_TEXT } from "../../../harness/zelinqa-reference-corpus.js";
import { referenceArtifact, testDeps, valueOf } from "./engine-fixtures.js";

void describe("reference corpus determinism (requirement 31)", () => {
  void it("proposes sdk_q_animaux then sdk_q_style, then sdk_q_style then sdk_q_budget after the requirement 19 answer", async () => {
    const artifact = referenceArtifact();
    const deps = testDeps();
    const created = valueOf(await createSession(artifact, { client_reference: "crm-1", max_turns: 8 }, deps));
    assert.equal(created.view.status, "active");
    assert.equal(created.view.versions.state_version, 0);
    assert.deepEqual(created.view.targets, {});

    const first = valueOf(await nextQuestions(artifact, created.state, { state_version: 0 }, deps));
    assert.equal(first.response.action, "ask");
    assert.deepEqual(
      first.response.candidates.map((c) => c.question_id),
      ["sdk_q_animaux", "sdk_q_style"],
    );
    assert.equal(first.response.candidates[0]?.text, REFERENCE_TEXTS.sdk_q_animaux);
    assert.equal(first.response.turn_count, 0);
    assert.equal(first.state.state_version, 1);

    const second = valueOf(
      await nextQuestions(
        artifact,
        first.state,
        { state_version: 1, previous_turn: { assistant_text: REFERENCE_TEXTS.sdk_q_animaux, user_text: REQUIREMENT_19_USER_TEXT } },
        deps,
      ),
    );
    const outcomes = second.state.outcomes;
    assert.equal(outcomes.length, 1);
    assert.equal(outcomes[0]?.question_id, "sdk_q_animaux");
    assert.equal(outcomes[0]?.outcome, "asked_answered");
    assert.equal(outcomes[0]?.source, "inferred");
    assert.equal(outcomes[0]?.decision_id, first.response.decision_id);
    const view = sessionView(artifact, second.state);
    assert.deepEqual(view.targets.sdk_style, { kind: "data", status: "tentative", value: "contemporain", coverage: 0.5 });
    assert.deepEqual(
      second.response.candidates.map((c) => c.question_id),
      ["sdk_q_style", "sdk_q_budget"],
    );
    assert.equal(second.response.turn_count, 1);
    assert.equal(second.response.turns_remaining, 7);
    assert.deepEqual(second.response.degraded_reasons, []);
    assert.equal(second.state.state_version, 2);

    const events = valueOf(
      await applySessionEvents(
        artifact,
        second.state,
        { state_version: 2, client_updates: { data: [{ id: "sdk_budget", value: 2500 }] } },
        deps,
      ),
    );
    assert.deepEqual(events.view.targets.sdk_budget, { kind: "data", status: "confirmed", value: 2500, coverage: 1 });
    assert.equal(events.view.turn_count, 1);
    assert.equal(events.view.pending_decision?.decision_id, second.response.decision_id);
  });

  void it("gives the same decisions for the same inputs", async () => {
    const run = async () => {
      const artifact = referenceArtifact();
      const deps = testDeps();
      const created = valueOf(await createSession(artifact, {}, deps));
      const a = valueOf(await nextQuestions(artifact, created.state, { state_version: 0 }, deps));
      const b = valueOf(
        await nextQuestions(artifact, a.state, { state_version: 1, previous_turn: { user_text: "pas de commentaire" } }, deps),
      );
      return JSON.stringify([a.response, b.response, b.state]);
    };
    assert.equal(await run(), await run());
  });
});
