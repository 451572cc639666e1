// Property tests (fast-check) of readSessionState, the fast path of parseSessionState: where it answers, it answers
// exactly what SessionStateSchema outputs (same value, same key order); where it declines, the schema decides, so a
// corrupt stored state still fails with the schema's error. States come as the store reads them (JSON.parse), some
// with one field dropped, given an odd value or an extra key, at any depth.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { SessionStateSchema, parseSessionState, readSessionState } from "../../../src/zelinqa/engine/session-state.js";

const RUNS = { numRuns: 2000 };

/** Records as JSON.parse makes them (Object prototype). */
const record = <T extends Record<string, fc.Arbitrary<unknown>>>(fields: T, requiredKeys?: (keyof T & string)[]) =>
  fc.record(fields, { noNullPrototype: true, ...(requiredKeys ? { requiredKeys } : {}) });

/** Mostly `valid`, rarely `invalid`: the boundaries show up without making every state corrupt. */
const rarely = <T, U>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 40, arbitrary: valid }, { weight: 1, arbitrary: invalid });
const oneOf = (values: string[], wrong: string) => rarely(fc.constantFrom(...values), fc.constant(wrong));
const id = rarely(fc.constantFrom("q_1", "dec_2", "sdk_q_budget", ""), fc.constant("__proto__"));
const int = (min: number, max: number) => rarely(fc.integer({ min, max }), fc.constantFrom(min - 1, max + 1, 0.5, 2 ** 53, -0));
const override = record({ status: oneOf(["achieved", "not_achieved", "excluded"], "covered"), updated_at: fc.string({ maxLength: 4 }) });

const outcomeEntry = record(
  {
    question_id: id,
    decision_id: fc.option(id, { nil: null }),
    outcome: oneOf(["asked_answered", "asked_no_answer", "refused"], "skipped"),
    source: oneOf(["client", "inferred"], "model"),
    message_id: id,
    occurred_at: fc.string({ maxLength: 4 }),
    turn: int(0, 20),
  },
  ["question_id", "decision_id", "outcome", "source", "turn"],
);

const targetState = record(
  {
    status: oneOf(["tentative", "confirmed", "conflicted", "not_applicable"], "unknown"),
    value: fc.jsonValue({ maxDepth: 2 }),
    priority: int(0, 3),
  },
  ["status", "priority"],
);

const candidate = record(
  {
    rank: int(1, 10),
    question_id: id,
    text: fc.string({ maxLength: 6 }),
    type: oneOf(["open", "single_choice", "multiple_choice", "semi_open"], "other"),
    choices: fc.array(record({ choice_id: id, label: fc.string({ maxLength: 4 }) }), { maxLength: 3 }),
    target_ids: rarely(fc.array(id, { minLength: 1, maxLength: 2 }), fc.constant([])),
    selection_mode: oneOf(["single", "multiple"], "any"),
  },
  ["rank", "question_id", "text", "type", "choices", "target_ids"],
);

const stateArb = record({
  session_id: id,
  client_reference: fc.option(fc.string({ maxLength: 4 }), { nil: null }),
  status: oneOf(["active", "completed", "stopped"], "paused"),
  turn_count: int(0, 50),
  max_turns: int(1, 50),
  state_version: int(0, 50),
  outcomes: fc.array(outcomeEntry, { maxLength: 3 }),
  targets: fc.dictionary(id, targetState, { maxKeys: 3, noNullPrototype: true }),
  dimension_overrides: fc.dictionary(id, override, { maxKeys: 2, noNullPrototype: true }),
  objective_override: fc.option(override, { nil: null }),
  pending_decision: fc.option(
    record({ decision_id: id, candidates: rarely(fc.array(candidate, { minLength: 1, maxLength: 3 }), fc.constant([])) }),
    { nil: null },
  ),
  decisions: fc.array(
    record({ decision_id: id, question_ids: fc.array(id, { maxLength: 2 }), status: oneOf(["pending", "resolved", "ignored"], "open") }),
    { maxLength: 3 },
  ),
  processed_message_ids: fc.array(id, { maxLength: 2 }),
  degraded: rarely(fc.boolean(), fc.constant(0)),
});

/** Some values of the wrong type, for any field. */
const oddValue = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.constant(""), fc.constant([]), fc.jsonValue({ maxDepth: 1 }));

/** Every path to a value inside `value`. */
function pathsOf(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (typeof value !== "object" || value === null) return out;
  for (const key of Object.keys(value)) {
    const at = [...path, Array.isArray(value) ? Number(key) : key];
    out.push(at);
    pathsOf((value as Record<string, unknown>)[key], at, out);
  }
  return out;
}

/** The state with one value dropped, replaced, or given an extra sibling key; as the store reads it. */
const storedArb = fc.tuple(stateArb, fc.nat(), fc.constantFrom("keep", "drop", "odd", "extra"), oddValue).map(([state, seed, how, odd]) => {
  const copy = JSON.parse(JSON.stringify(state)) as Record<string, unknown>;
  const paths = pathsOf(copy);
  const path = paths[seed % paths.length];
  if (how === "keep" || path === undefined) return copy;
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (how === "drop" && !Array.isArray(parent)) delete parent[last];
  else if (how === "extra" && !Array.isArray(parent)) parent.extra_key = odd;
  else parent[last] = odd;
  return copy;
});

function sameAsSchema(value: unknown): "answered" | "declined" {
  const fast = readSessionState(value);
  const parsed = SessionStateSchema.safeParse(value);
  if (fast === undefined) return "declined";
  assert.ok(parsed.success, `the schema refuses what the fast path accepted: ${JSON.stringify(value)}`);
  assert.deepStrictEqual(fast, parsed.data);
  assert.equal(JSON.stringify(fast), JSON.stringify(parsed.data), "same key order");
  return "answered";
}

void describe("readSessionState ≡ SessionStateSchema", () => {
  void it("answers only what the schema accepts, with the schema's output, for states as the store reads them", () => {
    const seen = { answered: 0, declined: 0 };
    fc.assert(
      fc.property(storedArb, (value) => {
        seen[sameAsSchema(value)] += 1;
      }),
      RUNS,
    );
    // Both outcomes are common, so the property says something about each.
    assert.ok(seen.answered > RUNS.numRuns / 20 && seen.declined > RUNS.numRuns / 20, JSON.stringify(seen));
  });

  void it("answers every state the schema accepts without a __proto__ key, returning a copy", () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const stored = JSON.parse(JSON.stringify(state)) as unknown;
        if (!SessionStateSchema.safeParse(stored).success || JSON.stringify(stored).includes('"__proto__"')) return;
        assert.equal(sameAsSchema(stored), "answered");
        const fast = readSessionState(stored)!;
        assert.notEqual(fast, stored);
        assert.notEqual(fast.outcomes, (stored as { outcomes: unknown }).outcomes);
      }),
      RUNS,
    );
  });

  void it("parseSessionState still throws the schema's error on a corrupt state", () => {
    const corrupt = { session_id: "ses_1", status: "paused" };
    assert.throws(
      () => parseSessionState(corrupt),
      (error: unknown) => {
        assert.deepStrictEqual(error, SessionStateSchema.safeParse(corrupt).error);
        return true;
      },
    );
  });
});
