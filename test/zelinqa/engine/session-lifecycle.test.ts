// Client updates (docs/zelinqa-api.md §10.8), /events (§8.3), context messages and initial history (§10.7), max_turns stop
// and stopped sessions (docs/zelinqa-api.md §9.4), and the optional model port (§10.6), on the reference corpus.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ClientUpdates } from "../../../src/zelinqa/contracts/index.js";
import { applySessionEvents, createSession, nextQuestions, sessionView } from "../../../src/zelinqa/engine/index.js";
import type { SemanticExtractor, SemanticRequest } from "../../../src/zelinqa/engine/index.js";
import { REFERENCE_TEXTS } from "../../../harness/zelinqa-reference-corpus.js";
import { referenceArtifact, testDeps, valueOf } from "./engine-fixtures.js";

const artifact = referenceArtifact();
const at = "2026-09-01T09:14:22.000Z";

void describe("client updates", () => {
  const invalid: Array<[string, ClientUpdates, Record<string, unknown>, string | undefined]> = [
    ["an unknown data id", { data: [{ id: "sdk_color", value: "red" }] }, { data_id: "sdk_color", invalid_value: "red" }, "value"],
    ["a value failing the schema", { data: [{ id: "sdk_budget", value: -5 }] }, { data_id: "sdk_budget", invalid_value: -5 }, "value"],
    [
      "a value outside the enum",
      { data: [{ id: "sdk_style", value: "baroque" }] },
      { data_id: "sdk_style", invalid_value: "baroque" },
      "value",
    ],
    ["an unknown dimension", { dimensions: [{ id: "sdk_so_ghost", operation: "exclude" }] }, { dimension_id: "sdk_so_ghost" }, undefined],
    [
      "a valid item before an invalid one",
      {
        data: [
          { id: "sdk_budget", value: 10 },
          { id: "sdk_animaux", value: "oui" },
        ],
      },
      { data_id: "sdk_animaux", invalid_value: "oui" },
      "value",
    ],
  ];
  for (const [title, updates, details, variant] of invalid) {
    void it(`answers invalid_choice for ${title} and applies nothing`, async () => {
      const deps = testDeps();
      const state = valueOf(await createSession(artifact, {}, deps)).state;
      const result = await applySessionEvents(artifact, state, { state_version: 0, client_updates: updates }, deps);
      assert.equal(result.ok, false);
      if (result.ok) return;
      assert.deepEqual([result.error.code, result.error.details, result.error.variant], ["invalid_choice", details, variant]);
      assert.deepEqual(state.targets, {});
    });
  }

  void it("applies set, not_applicable, unset and overrides in order, a later item winning", async () => {
    const deps = testDeps();
    const state = valueOf(await createSession(artifact, {}, deps)).state;
    const { state: next, view } = valueOf(
      await applySessionEvents(
        artifact,
        state,
        {
          state_version: 0,
          client_updates: {
            data: [
              { id: "sdk_budget", value: 2500 },
              { id: "sdk_style", operation: "set", value: "classique" },
              { id: "sdk_delai", operation: "not_applicable" },
              { id: "sdk_style", operation: "unset" },
              { id: "sdk_animaux", value: false },
            ],
            dimensions: [
              { id: "sdk_so_delai", operation: "exclude" },
              { id: "sdk_so_budget", operation: "set", status: "not_achieved" },
              { id: "sdk_so_delai", operation: "clear" },
            ],
            objective: { operation: "set", status: "not_achieved" },
          },
        },
        deps,
      ),
    );
    assert.deepEqual(view.targets, {
      sdk_animaux: { kind: "data", status: "confirmed", value: false, coverage: 1 },
      sdk_budget: { kind: "data", status: "confirmed", value: 2500, coverage: 1 },
      sdk_delai: { kind: "data", status: "not_applicable", coverage: 1 },
    });
    assert.deepEqual(Object.keys(next.dimension_overrides), ["sdk_so_budget"]);
    assert.deepEqual(view.progress.objective.client_override, { status: "not_achieved", updated_at: at });
    assert.equal(view.versions.state_version, 1);
    assert.equal(view.turn_count, 0);
  });
});

void describe("context messages and initial history", () => {
  void it("attributes a user message to the asked question, records an inferred outcome and resolves the decision", async () => {
    const deps = testDeps();
    const created = valueOf(await createSession(artifact, {}, deps));
    const first = valueOf(await nextQuestions(artifact, created.state, { state_version: 0 }, deps));
    const { state, view } = valueOf(
      await applySessionEvents(
        artifact,
        first.state,
        {
          state_version: 1,
          context_update: {
            mode: "messages",
            messages: [
              { role: "assistant", text: REFERENCE_TEXTS.sdk_q_style },
              { role: "user", message_id: "m1", text: "Scandinave", occurred_at: at },
              { role: "user", message_id: "m1", text: "Classique" },
            ],
          },
        },
        deps,
      ),
    );
    assert.deepEqual(view.question_state.outcomes, [
      { question_id: "sdk_q_style", decision_id: null, outcome: "asked_answered", source: "inferred", message_id: "m1", occurred_at: at },
    ]);
    assert.equal(view.pending_decision, null);
    assert.equal(state.decisions[0]?.status, "resolved");
    assert.deepEqual(view.targets.sdk_style, { kind: "data", status: "confirmed", value: "scandinave", coverage: 1 });
    assert.equal(view.turn_count, 0);
  });

  void it("refuses a context structured answer without question_id", async () => {
    const deps = testDeps();
    const state = valueOf(await createSession(artifact, {}, deps)).state;
    const result = await applySessionEvents(
      artifact,
      state,
      {
        state_version: 0,
        context_update: { mode: "messages", messages: [{ role: "user", structured_answer: { choice_ids: ["sdk_c_oui"] } }] },
      },
      deps,
    );
    assert.equal(result.ok ? null : result.error.code, "invalid_previous_turn");
  });

  void it("lets initial history take the asked question, and refuses a structured answer with none", async () => {
    const deps = testDeps();
    const ok = valueOf(
      await createSession(
        artifact,
        {
          initial_history: [
            { role: "assistant", question_id: "sdk_q_animaux", text: REFERENCE_TEXTS.sdk_q_animaux },
            { role: "user", structured_answer: { choice_ids: ["sdk_c_non"] } },
            { role: "user", text: "pour le salon, plutôt classique" },
          ],
        },
        deps,
      ),
    );
    assert.deepEqual(ok.view.targets.sdk_animaux, { kind: "data", status: "confirmed", value: false, coverage: 1 });
    assert.equal(ok.view.turn_count, 0);
    assert.equal(ok.view.question_state.outcomes.length, 2);
    const refused = await createSession(
      artifact,
      { initial_history: [{ role: "user", structured_answer: { choice_ids: ["sdk_c_non"] } }] },
      deps,
    );
    assert.deepEqual(refused.ok ? null : refused.error, {
      code: "invalid_choice",
      details: { question_id: null, invalid_choice_ids: ["sdk_c_non"] },
    });
  });

  void it("marks a summary as summary_only_context and reads it indirectly", async () => {
    const deps = testDeps();
    const state = valueOf(await createSession(artifact, {}, deps)).state;
    const { response } = valueOf(
      await nextQuestions(
        artifact,
        state,
        { state_version: 0, context_update: { mode: "summary", text: "Client pressé : livraison dans le mois." } },
        deps,
      ),
    );
    assert.deepEqual(response.degraded_reasons, ["summary_only_context"]);
    assert.deepEqual(
      sessionView(
        artifact,
        valueOf(await nextQuestions(artifact, state, { state_version: 0, context_update: { mode: "summary", text: "dans le mois" } }, deps))
          .state,
      ).targets.sdk_delai,
      {
        kind: "data",
        status: "tentative",
        value: "dans_le_mois",
        coverage: 0.5,
      },
    );
  });
});

void describe("max_turns hard stop", () => {
  void it("stops on the turn reaching max_turns, then repeats the stop without counting turns (requirement 27)", async () => {
    const deps = testDeps();
    const created = valueOf(await createSession(artifact, { max_turns: 2 }, deps));
    const a = valueOf(await nextQuestions(artifact, created.state, { state_version: 0 }, deps));
    const b = valueOf(await nextQuestions(artifact, a.state, { state_version: 1, previous_turn: { user_text: "oui" } }, deps));
    assert.equal(b.response.action, "ask");
    const c = valueOf(await nextQuestions(artifact, b.state, { state_version: 2, previous_turn: { user_text: "scandinave" } }, deps));
    assert.deepEqual(
      [
        c.response.action,
        c.response.stop_reason,
        c.response.decision_id,
        c.response.candidates,
        c.response.turns_remaining,
        c.response.turn_count,
      ],
      ["stop", "max_turns_reached", null, [], 0, 2],
    );
    assert.deepEqual(c.response.warnings, []);
    assert.equal(c.state.status, "stopped");
    assert.equal(c.state.pending_decision, null);
    assert.equal(c.state.outcomes.length, 2);
    const d = valueOf(
      await nextQuestions(
        artifact,
        c.state,
        {
          state_version: 3,
          previous_turn: { question_id: "sdk_q_budget", user_text: "2000" },
          client_updates: { data: [{ id: "sdk_budget", value: 900 }] },
        },
        deps,
      ),
    );
    assert.equal(d.response.stop_reason, "max_turns_reached");
    assert.equal(d.state.turn_count, 2);
    assert.equal(d.state.outcomes.length, 2, "previous_turn is ignored once stopped");
    assert.deepEqual(d.state.targets.sdk_budget, { status: "confirmed", value: 900, priority: 3 });
    assert.equal(d.state.state_version, 4);
    assert.equal(d.state.status, "stopped");
  });
});

void describe("optional model port", () => {
  const turnOnBudget = async (semantic: SemanticExtractor) => {
    const deps = testDeps({ semantic });
    const state = valueOf(await createSession(artifact, {}, deps)).state;
    return nextQuestions(
      artifact,
      state,
      { state_version: 0, previous_turn: { question_id: "sdk_q_budget", user_text: "quelque chose de raisonnable, sans folie" } },
      deps,
    );
  };

  void it("degrades with semantic_service_unavailable when the model call fails (requirement 28)", async () => {
    const failing: SemanticExtractor = { extract: () => Promise.reject(new Error("connection refused")) };
    const { response } = valueOf(await turnOnBudget(failing));
    assert.deepEqual([response.degraded, response.degraded_reasons], [true, ["semantic_service_unavailable"]]);
  });

  void it("calls the model once with the direct gap and stores an uncertain value as tentative", async () => {
    const calls: SemanticRequest[] = [];
    const model: SemanticExtractor = {
      extract: (request) => {
        calls.push(request);
        return Promise.resolve([
          { id: "sdk_budget", value: 1800, certain: false },
          { id: "sdk_style", value: "baroque", certain: true },
        ]);
      },
    };
    const { state, response } = valueOf(await turnOnBudget(model));
    assert.equal(calls.length, 1);
    assert.deepEqual(
      calls[0]?.targets.map((t) => [t.id, t.direct]),
      [["sdk_budget", true]],
    );
    assert.deepEqual(state.targets, { sdk_budget: { status: "tentative", value: 1800, priority: 1 } });
    assert.equal(response.degraded, false);
  });

  void it("makes a single model call for a turn, context messages and a summary together", async () => {
    const calls: SemanticRequest[] = [];
    const model: SemanticExtractor = { extract: (request) => (calls.push(request), Promise.resolve([])) };
    const deps = testDeps({ semantic: model });
    const state = valueOf(await createSession(artifact, {}, deps)).state;
    valueOf(
      await nextQuestions(
        artifact,
        state,
        {
          state_version: 0,
          previous_turn: { question_id: "sdk_q_budget", user_text: "ça dépend" },
          context_update: { mode: "summary", text: "Le client hésite encore." },
        },
        deps,
      ),
    );
    assert.equal(calls.length, 1);
    assert.deepEqual(calls[0]?.texts, ["ça dépend", "Le client hésite encore."]);
    assert.equal(calls[0]?.targets.find((t) => t.id === "sdk_budget")?.direct, true);
    assert.equal(calls[0]?.targets.find((t) => t.id === "sdk_style")?.direct, false);
  });

  void it("does not call the model when deterministic extraction filled the target", async () => {
    let calls = 0;
    const model: SemanticExtractor = { extract: () => ((calls += 1), Promise.resolve([])) };
    const deps = testDeps({ semantic: model });
    const state = valueOf(await createSession(artifact, {}, deps)).state;
    valueOf(
      await nextQuestions(artifact, state, { state_version: 0, previous_turn: { question_id: "sdk_q_budget", user_text: "3k" } }, deps),
    );
    assert.equal(calls, 0);
  });
});
