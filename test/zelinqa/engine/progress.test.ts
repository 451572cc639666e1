// Coverage, progress, statuses, overrides and the success rule of docs/zelinqa-api.md §11.2–11.3.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createSession, sessionView } from "../../../src/zelinqa/engine/index.js";
import type { SessionState } from "../../../src/zelinqa/engine/index.js";
import {
  artifactOf,
  choiceQuestion,
  dimension,
  objective,
  openQuestion,
  successInformation,
  testDeps,
  valueOf,
} from "./engine-fixtures.js";

// A (blocking): s_a boolean via q_a1 + exploration q_a2. B (contributing): s_b number via q_b. C (optional): exploration q_c.
const artifact = artifactOf([
  objective({ qualification_level: "balanced" }),
  dimension("A", 0, "blocking"),
  dimension("B", 1, "contributing"),
  dimension("C", 2, "optional"),
  choiceQuestion("q_a1", "A", [
    ["y", "Oui", true],
    ["n", "Non", false],
  ]),
  openQuestion("q_a2", "A"),
  openQuestion("q_b", "B"),
  openQuestion("q_c", "C"),
  successInformation("s_a", "q_a1", { type: "boolean" }),
  successInformation("s_b", "q_b", { type: "number" }),
]);

const fresh = async () => valueOf(await createSession(artifact, {}, testDeps())).state;
const outcome = (question_id: string, o: "asked_answered" | "asked_no_answer" | "refused") =>
  ({ question_id, decision_id: null, outcome: o, source: "client", turn: 1 }) as const;
const at = "2026-09-01T09:14:22.000Z";

type Mutation = (s: SessionState) => void;
interface Row {
  title: string;
  mutate: Mutation;
  objective: [string, string, number];
  dims: Record<string, [string, string, number]>;
}

const rows: Row[] = [
  {
    title: "a fresh session has not started anything",
    mutate: () => {},
    objective: ["not_started", "not_started", 0],
    dims: { A: ["not_started", "not_started", 0], B: ["not_started", "not_started", 0], C: ["not_started", "not_started", 0] },
  },
  {
    title: "a confirmed data target weighs 1 against 0.5 for exploration",
    mutate: (s) => (s.targets.s_a = { status: "confirmed", value: true, priority: 3 }),
    objective: ["in_progress", "in_progress", 0.3333],
    dims: { A: ["in_progress", "in_progress", 0.6667], B: ["not_started", "not_started", 0], C: ["not_started", "not_started", 0] },
  },
  {
    title: "a tentative value covers half",
    mutate: (s) => (s.targets.s_a = { status: "tentative", value: true, priority: 0 }),
    objective: ["in_progress", "in_progress", 0.1667],
    dims: { A: ["in_progress", "in_progress", 0.3333], B: ["not_started", "not_started", 0], C: ["not_started", "not_started", 0] },
  },
  {
    title: "a settled but unanswered exploration target covers its dimension with partial progress",
    mutate: (s) => {
      s.targets.s_a = { status: "confirmed", value: true, priority: 3 };
      s.outcomes.push(outcome("q_a2", "asked_no_answer"));
    },
    objective: ["in_progress", "in_progress", 0.5],
    dims: { A: ["covered", "covered", 0.6667], B: ["not_started", "not_started", 0], C: ["not_started", "not_started", 0] },
  },
  {
    title: "a refused primary question blocks its dimension and the objective",
    mutate: (s) => s.outcomes.push(outcome("q_b", "refused")),
    objective: ["blocked", "blocked", 0],
    dims: { A: ["not_started", "not_started", 0], B: ["blocked", "blocked", 0], C: ["not_started", "not_started", 0] },
  },
  {
    title: "two unanswered asks leave no available question",
    mutate: (s) => s.outcomes.push(outcome("q_a1", "asked_no_answer"), outcome("q_a1", "asked_no_answer")),
    objective: ["blocked", "blocked", 0],
    dims: { A: ["blocked", "blocked", 0], B: ["not_started", "not_started", 0], C: ["not_started", "not_started", 0] },
  },
  {
    title: "the success rule holds with every data confirmed, blocking covered and contributing ≥ 0.80, optional ignored",
    mutate: (s) => {
      s.targets.s_a = { status: "confirmed", value: true, priority: 2 };
      s.targets.s_b = { status: "not_applicable", priority: 3 };
      s.outcomes.push(outcome("q_a2", "asked_answered"));
    },
    objective: ["covered", "covered", 0.8333],
    dims: { A: ["covered", "covered", 1], B: ["covered", "covered", 1], C: ["not_started", "not_started", 0] },
  },
  {
    title: "a not_achieved objective override turns covered into in_progress",
    mutate: (s) => {
      s.targets.s_a = { status: "confirmed", value: true, priority: 2 };
      s.targets.s_b = { status: "confirmed", value: 1, priority: 2 };
      s.outcomes.push(outcome("q_a2", "asked_answered"));
      s.objective_override = { status: "not_achieved", updated_at: at };
    },
    objective: ["covered", "in_progress", 0.8333],
    dims: { A: ["covered", "covered", 1], B: ["covered", "covered", 1], C: ["not_started", "not_started", 0] },
  },
  {
    title: "an achieved dimension counts as covered and drops its success informations from the rule",
    mutate: (s) => {
      s.dimension_overrides.A = { status: "achieved", updated_at: at };
      s.targets.s_b = { status: "confirmed", value: 1, priority: 2 };
    },
    objective: ["covered", "covered", 0.8333],
    // Literal docs/zelinqa-api.md §11.3: a closed dimension's questions are unavailable, so its computed status is blocked.
    dims: { A: ["blocked", "covered", 0], B: ["covered", "covered", 1], C: ["not_started", "not_started", 0] },
  },
  {
    title: "an excluded dimension leaves the aggregate and the rule",
    mutate: (s) => {
      s.dimension_overrides.B = { status: "excluded", updated_at: at };
      s.targets.s_a = { status: "confirmed", value: true, priority: 2 };
    },
    objective: ["in_progress", "in_progress", 0.5],
    dims: { A: ["in_progress", "in_progress", 0.6667], B: ["blocked", "excluded", 0], C: ["not_started", "not_started", 0] },
  },
  {
    title: "a not_achieved dimension override turns covered into in_progress",
    mutate: (s) => {
      s.targets.s_b = { status: "confirmed", value: 1, priority: 2 };
      s.dimension_overrides.B = { status: "not_achieved", updated_at: at };
    },
    objective: ["in_progress", "in_progress", 0.3333],
    dims: { A: ["not_started", "not_started", 0], B: ["covered", "in_progress", 1], C: ["not_started", "not_started", 0] },
  },
];

void describe("progress and statuses", () => {
  for (const row of rows) {
    void it(row.title, async () => {
      const state = await fresh();
      row.mutate(state);
      const view = sessionView(artifact, state).progress;
      assert.deepEqual(
        [view.objective.computed_status, view.objective.effective_status, view.objective.progress],
        row.objective,
        "objective",
      );
      const dims = Object.fromEntries(view.dimensions.map((d) => [d.id, [d.computed_status, d.effective_status, d.progress]]));
      assert.deepEqual(dims, row.dims);
    });
  }

  void it("lists dimensions by (order_position, id) with their role and override", async () => {
    const state = await fresh();
    state.dimension_overrides.C = { status: "excluded", updated_at: at };
    const dims = sessionView(artifact, state).progress.dimensions;
    assert.deepEqual(
      dims.map((d) => [d.id, d.order_position, d.completion_role]),
      [
        ["A", 0, "blocking"],
        ["B", 1, "contributing"],
        ["C", 2, "optional"],
      ],
    );
    assert.deepEqual(dims[2]?.client_override, { status: "excluded", updated_at: at });
  });

  void it("requires 1.00 from contributing dimensions at the deep level", async () => {
    const deep = artifactOf([
      objective({ qualification_level: "deep" }),
      dimension("A", 0, "blocking"),
      dimension("B", 1, "contributing"),
      openQuestion("q_a", "A"),
      openQuestion("q_b1", "B"),
      openQuestion("q_b2", "B"),
      successInformation("s_a", "q_a", { type: "string" }),
    ]);
    const state = valueOf(await createSession(deep, {}, testDeps())).state;
    state.targets.s_a = { status: "confirmed", value: "x", priority: 2 };
    state.outcomes.push(outcome("q_b1", "asked_answered"));
    // B: q_b2 not settled → progress 0.5, not covered; deep needs 1.00.
    assert.equal(sessionView(deep, state).progress.objective.computed_status, "in_progress");
    state.outcomes.push(outcome("q_b2", "asked_answered"));
    assert.equal(sessionView(deep, state).progress.objective.computed_status, "covered");
  });
});
