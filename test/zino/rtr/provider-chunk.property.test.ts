// Property test (fast-check) of the provider stream's fast path: a stream event plainChunk accepts is one
// ChunkSchema accepts, and both give the same normalised events; the common text delta takes the fast path.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { ChunkSchema, chunkEvents, plainChunk } from "../../../src/zino/rtr/provider-chunk.js";

const RUNS = { numRuns: 1000 };

/** Mostly the field's own kind, sometimes any JSON value, sometimes absent. */
const maybe = <T>(arb: fc.Arbitrary<T>) =>
  fc.option(fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) }), { nil: undefined, freq: 3 });
const record = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc
    .record(Object.fromEntries(Object.entries(fields).map(([key, arb]) => [key, maybe(arb)])), { noNullPrototype: true })
    .map((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)));

const text = (maxLength: number) => fc.string({ maxLength });
const callArb = record({
  index: fc.oneof(fc.nat(3), fc.constantFrom(-1, 1.5, 2 ** 53)),
  id: text(4),
  function: record({ name: text(4), arguments: text(4) }),
});
const partArb = fc.oneof(
  fc.constant(null),
  record({
    role: fc.constant("assistant"),
    content: fc.oneof(text(6), fc.constant(null)),
    tool_calls: fc.oneof(fc.constant(null), fc.array(callArb, { maxLength: 2 })),
  }),
);
const choiceArb = record({
  index: fc.nat(1),
  delta: partArb,
  message: partArb,
  finish_reason: fc.oneof(fc.constantFrom("stop", "length", ""), fc.constant(null)),
  logprobs: fc.constant(null),
});
const chunkArb = record({
  id: fc.constant("chatcmpl-1"),
  object: fc.constant("chat.completion.chunk"),
  model: fc.string({ maxLength: 6 }),
  choices: fc.oneof(fc.constant(null), fc.array(choiceArb, { maxLength: 2 })),
  usage: fc.oneof(fc.constant(null), record({ prompt_tokens: fc.nat(99), completion_tokens: fc.nat(99), total_tokens: fc.nat(199) })),
  error: fc.oneof(fc.constant(null), fc.string({ maxLength: 4 })),
});

void describe("provider stream fast path ≡ ChunkSchema", () => {
  void it("plainChunk accepts only what ChunkSchema accepts (without an error), with the same events", () => {
    fc.assert(
      fc.property(chunkArb, (value) => {
        const plain = plainChunk(value);
        if (plain === undefined) return;
        const parsed = ChunkSchema.safeParse(value);
        assert.ok(parsed.success, JSON.stringify(value));
        assert.ok(parsed.data.error === undefined || parsed.data.error === null);
        assert.deepStrictEqual([...chunkEvents(plain)], [...chunkEvents(parsed.data)]);
      }),
      RUNS,
    );
  });

  void it("plainChunk accepts every text delta and finish event", () => {
    const textArb = fc.record({
      id: fc.constant("chatcmpl-1"),
      model: fc.string({ maxLength: 6 }),
      choices: fc.array(
        fc.record({
          index: fc.constant(0),
          delta: fc.record({ content: fc.string({ maxLength: 6 }) }),
          finish_reason: fc.constantFrom(null, "stop"),
        }),
        { maxLength: 1 },
      ),
    });
    fc.assert(
      fc.property(textArb, (value) => assert.equal(plainChunk(value), value)),
      RUNS,
    );
  });

  void it("plainChunk accepts tool-call deltas as providers stream them", () => {
    const toolArb = fc.record({
      id: fc.constant("chatcmpl-1"),
      model: fc.string({ maxLength: 6 }),
      choices: fc.tuple(
        fc.record({
          index: fc.constant(0),
          delta: fc.record({
            tool_calls: fc.array(
              fc.record(
                {
                  index: fc.nat(3),
                  id: fc.string({ maxLength: 6 }),
                  type: fc.constant("function"),
                  function: fc.record({ name: fc.string({ maxLength: 6 }), arguments: fc.string({ maxLength: 8 }) }, { requiredKeys: [] }),
                },
                { requiredKeys: ["index"] },
              ),
              { minLength: 1, maxLength: 2 },
            ),
          }),
          finish_reason: fc.constantFrom(null, "tool_calls"),
        }),
      ),
    });
    fc.assert(
      fc.property(toolArb, (value) => {
        assert.equal(plainChunk(value), value);
        assert.deepStrictEqual([...chunkEvents(value)], [...chunkEvents(ChunkSchema.parse(value))]);
      }),
      RUNS,
    );
  });

  void it("plainChunk accepts the usage event of a stream asked with include_usage", () => {
    const usageArb = fc.record({
      id: fc.constant("chatcmpl-1"),
      model: fc.string({ maxLength: 6 }),
      choices: fc.constant<unknown[]>([]),
      usage: fc.record(
        { prompt_tokens: fc.nat(999), completion_tokens: fc.nat(999), total_tokens: fc.nat(1999) },
        { requiredKeys: ["prompt_tokens", "completion_tokens"] },
      ),
    });
    fc.assert(
      fc.property(usageArb, (value) => {
        assert.equal(plainChunk(value), value);
        const { prompt_tokens: prompt, completion_tokens: completion, total_tokens: total } = value.usage;
        const usage = chunkEvents(plainChunk(value)!).find((event) => event.kind === "usage");
        assert.deepStrictEqual(usage, {
          kind: "usage",
          usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: total ?? prompt + completion },
        });
      }),
      RUNS,
    );
  });
});
