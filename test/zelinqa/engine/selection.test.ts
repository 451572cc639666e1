// Selection of docs/zelinqa-api.md §11.4–11.7: pools, strict constraints, prefer and relaxation, re-ask cool-down, scoring with
// the order factor, greedy top-k diversity, fallback and no_question_available.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { SelectionOptions } from "../../../src/zelinqa/contracts/index.js";
import { createSession, nextQuestions } from "../../../src/zelinqa/engine/index.js";
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

const corpus = (orderStrength = 0.35) =>
  artifactOf([
    objective({ candidates_per_call: 3, order_strength: orderStrength }),
    dimension("A", 0, "blocking"),
    dimension("B", 1, "blocking"),
    dimension("C", 2, "contributing"),
    choiceQuestion("q_a_main", "A", [
      ["a", "Option A", "a"],
      ["b", "Option B", "b"],
    ]),
    choiceQuestion("q_a_alt", "A", [
      ["a2", "Plutôt A", "a"],
      ["b2", "Plutôt B", "b"],
    ]),
    openQuestion("q_a_open", "A"),
    openQuestion("q_b", "B"),
    choiceQuestion(
      "q_b_semi",
      "B",
      [
        ["x", "Xylo", undefined],
        ["y", "Yoyo", undefined],
      ],
      "semi_open",
    ),
    choiceQuestion("q_c", "C", [
      ["c1", "Un", "un"],
      ["c2", "Deux", "deux"],
    ]),
    successInformation("s_a", "q_a_main", { type: "string", enum: ["a", "b"] }),
    successInformation("s_b", "q_b", { type: "number" }),
    successInformation("s_c", "q_c", { type: "string", enum: ["un", "deux"] }),
  ]);
const defaultArtifact = corpus();
const at = "2026-09-01T09:14:22.000Z";
const noAnswer = (question_id: string, turn: number) =>
  ({ question_id, decision_id: null, outcome: "asked_no_answer", source: "client", turn }) as const;

interface Row {
  title: string;
  selection?: SelectionOptions;
  mutate?: (s: SessionState) => void;
  orderStrength?: number;
  expected: string[];
  warnings?: string[];
}

const rows: Row[] = [
  { title: "ranks by gain × order factor and never pairs two variants of one information", expected: ["q_a_main", "q_b", "q_a_open"] },
  {
    title: "candidate_count widens k for this call",
    selection: { candidate_count: 5 },
    expected: ["q_a_main", "q_b", "q_a_open", "q_c", "q_b_semi"],
  },
  {
    title: "restrict keeps only the named dimensions",
    selection: { dimensions: { ids: ["B"], mode: "restrict" } },
    expected: ["q_b", "q_b_semi"],
  },
  { title: "allowed_question_types filters types", selection: { allowed_question_types: ["semi_open"] }, expected: ["q_b_semi"] },
  { title: "required_target_ids keeps questions covering a target", selection: { required_target_ids: ["s_a"] }, expected: ["q_a_main"] },
  {
    title: "excluded_question_ids lets the secondary variant in",
    selection: { excluded_question_ids: ["q_a_main"] },
    expected: ["q_a_alt", "q_b", "q_a_open"],
  },
  { title: "prefer serves the preferred dimension first", selection: { dimensions: { ids: ["C"], mode: "prefer" } }, expected: ["q_c"] },
  {
    title: "prefer is relaxed when the preferred dimension has nothing eligible",
    selection: { dimensions: { ids: ["C"], mode: "prefer" } },
    mutate: (s) => s.outcomes.push({ ...noAnswer("q_c", 0), outcome: "refused" }),
    expected: ["q_a_main", "q_b", "q_a_open"],
    warnings: ["constraints_relaxed"],
  },
  {
    title: "a question in its re-ask cool-down is skipped",
    mutate: (s) => {
      s.turn_count = 2;
      s.outcomes.push(noAnswer("q_a_main", 1));
    },
    expected: ["q_a_alt", "q_b", "q_a_open"],
  },
  {
    title: "a question is re-asked two turns after its unanswered ask",
    mutate: (s) => {
      s.turn_count = 3;
      s.outcomes.push(noAnswer("q_a_main", 1));
    },
    expected: ["q_a_main", "q_b", "q_a_open"],
  },
  {
    title: "two unanswered asks end a question's normal eligibility",
    mutate: (s) => {
      s.turn_count = 9;
      s.outcomes.push(noAnswer("q_a_main", 1), noAnswer("q_a_main", 3));
    },
    expected: ["q_a_alt", "q_b", "q_a_open"],
  },
  {
    title: "the fallback takes least-asked questions, one per principal target",
    mutate: (s) => {
      s.turn_count = 1;
      for (const q of ["q_a_main", "q_a_alt", "q_a_open", "q_b", "q_b_semi", "q_c"]) s.outcomes.push(noAnswer(q, 1));
    },
    // Settled exploration questions have no open target left, so they leave P0.
    expected: ["q_a_alt", "q_b", "q_c"],
    warnings: ["eligibility_exhausted_fallback"],
  },
  {
    title: "order_strength 0 ignores dimension order; ties go to the earlier dimension",
    orderStrength: 0,
    expected: ["q_a_main", "q_b", "q_c"],
  },
  {
    title: "a tentative target halves the need of its questions",
    mutate: (s) => (s.targets.s_a = { status: "tentative", value: "a", priority: 0 }),
    expected: ["q_a_main", "q_b", "q_a_open"],
  },
  {
    title: "a dimension overridden to achieved leaves selection and the order ranks",
    mutate: (s) => (s.dimension_overrides.A = { status: "achieved", updated_at: at }),
    expected: ["q_b", "q_b_semi", "q_c"],
  },
];

void describe("selection", () => {
  for (const row of rows) {
    void it(row.title, async () => {
      const artifact = row.orderStrength === undefined ? defaultArtifact : corpus(row.orderStrength);
      const deps = testDeps();
      const state = valueOf(await createSession(artifact, {}, deps)).state;
      row.mutate?.(state);
      const { response } = valueOf(
        await nextQuestions(artifact, state, { state_version: 0, ...(row.selection ? { selection: row.selection } : {}) }, deps),
      );
      assert.deepEqual(
        response.candidates.map((c) => c.question_id),
        row.expected,
      );
      assert.deepEqual(
        response.candidates.map((c) => c.rank),
        row.expected.map((_, i) => i + 1),
      );
      assert.deepEqual(response.warnings, row.warnings ?? []);
    });
  }

  void it("answers constraint_no_match with an echo of the strict constraints only, and changes nothing", async () => {
    const deps = testDeps();
    const state = valueOf(await createSession(defaultArtifact, {}, deps)).state;
    const selection: SelectionOptions = {
      candidate_count: 2,
      dimensions: { ids: ["C"], mode: "restrict" },
      allowed_question_types: ["open"],
      excluded_question_ids: ["q_zzz"],
    };
    const before = JSON.stringify(state);
    const result = await nextQuestions(defaultArtifact, state, { state_version: 0, selection }, deps);
    assert.deepEqual(result, {
      ok: false,
      error: {
        code: "constraint_no_match",
        details: { dimensions: { ids: ["C"], mode: "restrict" }, allowed_question_types: ["open"], excluded_question_ids: ["q_zzz"] },
      },
    });
    assert.equal(JSON.stringify(state), before);
  });

  void it("stops with no_question_available when every target is complete, and completes the session", async () => {
    const deps = testDeps();
    const state = valueOf(await createSession(defaultArtifact, {}, deps)).state;
    state.targets = {
      s_a: { status: "confirmed", value: "a", priority: 3 },
      s_b: { status: "confirmed", value: 1, priority: 3 },
      s_c: { status: "not_applicable", priority: 3 },
    };
    state.outcomes.push(noAnswer("q_a_open", 0), noAnswer("q_b_semi", 0));
    const { state: next, response } = valueOf(await nextQuestions(defaultArtifact, state, { state_version: 0 }, deps));
    assert.equal(response.action, "stop");
    assert.equal(response.stop_reason, "no_question_available");
    assert.equal(response.decision_id, null);
    assert.deepEqual(response.candidates, []);
    assert.deepEqual(response.warnings, ["objective_achieved"]);
    assert.equal(next.status, "completed");
    assert.equal(next.pending_decision, null);
  });

  void it("reports semi_open selection_mode only on semi_open candidates and no choices for open ones", async () => {
    const deps = testDeps();
    const state = valueOf(await createSession(defaultArtifact, {}, deps)).state;
    const { response } = valueOf(
      await nextQuestions(defaultArtifact, state, { state_version: 0, selection: { dimensions: { ids: ["B"], mode: "restrict" } } }, deps),
    );
    assert.deepEqual(response.candidates[0], {
      rank: 1,
      question_id: "q_b",
      text: "q_b ?",
      type: "open",
      choices: [],
      target_ids: ["s_b"],
    });
    assert.equal(response.candidates[1]?.selection_mode, "single");
    assert.deepEqual(Object.keys(response.candidates[1] ?? {}), [
      "rank",
      "question_id",
      "text",
      "type",
      "choices",
      "target_ids",
      "selection_mode",
    ]);
  });
});
