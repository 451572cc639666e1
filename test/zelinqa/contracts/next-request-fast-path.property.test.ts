// Property tests (fast-check) of plainNextRequest, the fast path of NextRequestSchema for the common /next bodies:
// where it answers, it answers exactly what the schema outputs (same value, same key order); where it declines, the
// schema decides (and words the issues). Bodies come as JSON.parse makes them, near the boundaries of every rule.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { NextRequestSchema, plainNextRequest } from "../../../src/zelinqa/contracts/index.js";

const RUNS = { numRuns: 3000 };

/** Mostly `valid`, sometimes `invalid`. */
const sometimes = <T, U>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 8, arbitrary: valid }, { weight: 1, arbitrary: invalid });

const text = (max: number) =>
  sometimes(
    fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constant("é".repeat(max)), fc.constant("je ne sais pas")),
    fc.constantFrom("", "x".repeat(max + 1), 3, null, ["a"]),
  );
const id = text(128);

const turnArb = fc.record(
  {
    decision_id: id,
    question_id: id,
    outcome: sometimes(fc.constantFrom("asked_answered", "asked_no_answer", "refused"), fc.constantFrom("skipped", 1)),
    assistant_text: text(8000),
    user_text: text(8000),
    message_id: id,
    structured_answer: fc.constant({ choice_ids: ["a"] }),
    occurred_at: fc.constantFrom("2026-01-01T00:00:00Z", "yesterday"),
    extra: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: [], noNullPrototype: true },
);

const fullBodyArb = fc.record(
  {
    state_version: sometimes(fc.nat({ max: 50 }), fc.constantFrom(-1, 0.5, 2 ** 53, "1", null, -0)),
    previous_turn: sometimes(turnArb, fc.constantFrom(null, [], "x", {})),
    selection: fc.constant({ candidate_count: 2 }),
    context_update: fc.constant({ mode: "summary", text: "x" }),
    extra: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: [], noNullPrototype: true },
);

/** Mostly the shapes the fast path reads, the other fields sometimes, so both outcomes stay common. */
const bodyArb = fc.tuple(fullBodyArb, fc.boolean(), fc.boolean()).map(([body, whole, withTurn]) => {
  const trimmed = whole ? body : { state_version: body.state_version, ...(withTurn ? { previous_turn: body.previous_turn } : {}) };
  return JSON.parse(JSON.stringify(trimmed)) as unknown;
});

void describe("plainNextRequest ≡ NextRequestSchema", () => {
  void it("answers only what the schema accepts, with the schema's output", () => {
    const seen = { answered: 0, declined: 0 };
    fc.assert(
      fc.property(bodyArb, (body) => {
        const fast = plainNextRequest(body);
        if (fast === undefined) {
          seen.declined += 1;
          return;
        }
        seen.answered += 1;
        const parsed = NextRequestSchema.safeParse(body);
        assert.ok(parsed.success, `the schema refuses what the fast path accepted: ${JSON.stringify(body)}`);
        assert.deepStrictEqual(fast, parsed.data);
        assert.equal(JSON.stringify(fast), JSON.stringify(parsed.data), "same key order");
      }),
      RUNS,
    );
    assert.ok(seen.answered > RUNS.numRuns / 10 && seen.declined > RUNS.numRuns / 10, JSON.stringify(seen));
  });

  void it("answers the bodies the benchmark and the SDK send", () => {
    for (const body of [
      { state_version: 0 },
      { state_version: 3, previous_turn: { user_text: "je ne sais pas" } },
      { previous_turn: { user_text: "oui", question_id: "q", decision_id: "d" }, state_version: 1 },
    ]) {
      assert.equal(JSON.stringify(plainNextRequest(body)), JSON.stringify(NextRequestSchema.parse(body)));
    }
  });
});
