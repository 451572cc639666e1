// Property tests (fast-check) of the hand-written fast paths of src/zino/protocol: each one, where it answers,
// answers exactly what its zod schema outputs (same value, same key order), so the two cannot drift; where it
// declines, the schema decides. The generators stay close to the real shapes so both outcomes are common.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import type { z } from "zod";
import {
  CHAT_ROLES,
  ChatMessageSchema,
  CTX_REQUEST_SCHEMAS,
  CompletionRequestSchema,
  DaemonRequestSchema,
  MessagesAnswerSchema,
  OkAnswerSchema,
  ResultAnswerSchema,
  RtrDoneFrameSchema,
  ChunkFrameSchema,
  ToolDefinitionSchema,
  ToolUseSchema,
  canonicalChatMessage,
  canonicalToolDefinition,
  chunkDelta,
  plainCompletionRequest,
  plainCtxRequest,
  plainDaemonRequest,
  plainMessagesAnswer,
  plainOkAnswer,
  plainResultAnswer,
  plainRtrDone,
  plainToolUse,
} from "../../../src/zino/protocol/index.js";

const RUNS = { numRuns: 1000 };
/** A message fingerprint as the daemon sends it in append_history (the SHA-256 of "hello", lowercase hex). */
const SHA256_OF_HELLO = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824";

/** Records as JSON.parse makes them (Object prototype). */
const record = <T extends Record<string, fc.Arbitrary<unknown>>>(fields: T) => fc.record(fields, { noNullPrototype: true });

/** Some values of the wrong type, for any field. */
const oddValue = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.constant(""), fc.jsonValue({ maxDepth: 2 }));

/** A record whose keys come in a shuffled order, with some fields dropped and some extras added. */
function jumbled(fields: Record<string, fc.Arbitrary<unknown>>, extraKeys: string[]): fc.Arbitrary<Record<string, unknown>> {
  const valueOf = (arb: fc.Arbitrary<unknown>) =>
    fc.option(fc.oneof({ weight: 5, arbitrary: arb }, { weight: 1, arbitrary: oddValue }), { nil: undefined, freq: 4 });
  const entries = Object.entries(fields).map(([key, arb]) => fc.tuple(fc.constant(key), valueOf(arb)));
  const extras = fc.array(fc.tuple(fc.constantFrom(...extraKeys), fc.jsonValue({ maxDepth: 1 })), { maxLength: 2 });
  return fc.tuple(fc.tuple(...entries), extras, fc.boolean(), fc.nat()).map(([known, extra, shuffle, seed]) => {
    const pairs = [...known.filter(([, value]) => value !== undefined), ...extra] as [string, unknown][];
    if (shuffle && pairs.length > 1) {
      const at = seed % pairs.length;
      pairs.push(...pairs.splice(at, 1));
    }
    return Object.fromEntries(pairs);
  });
}

const toolCallArb = jumbled(
  {
    id: fc.constantFrom("call_1", "c2", ""),
    type: fc.constantFrom("function", "other"),
    function: jumbled({ name: fc.constantFrom("execute_bash", "f", ""), arguments: fc.constantFrom("{}", '{"code":"ls"}', "") }, ["extra"]),
  },
  ["index", "extra"],
);

const messageArb = jumbled(
  {
    role: fc.constantFrom(...CHAT_ROLES, "wizard", ""),
    content: fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constant(null),
      fc.array(record({ type: fc.constantFrom("text", ""), text: fc.string({ maxLength: 5 }) }), { maxLength: 2 }),
    ),
    name: fc.string({ maxLength: 5 }),
    tool_calls: fc.array(toolCallArb, { maxLength: 2 }),
    tool_call_id: fc.constantFrom("call_1", ""),
  },
  ["refusal", "reasoning", "extra"],
);

/** A message in the shape ctx writes: known keys in schema order, text content. */
const canonicalMessageArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  record({ role: fc.constantFrom("system", "developer", "user"), content: fc.string({ maxLength: 20 }) }),
  record({ role: fc.constant("assistant"), content: fc.string({ maxLength: 20 }) }),
  record({
    role: fc.constant("assistant"),
    content: fc.constant(null),
    tool_calls: fc.array(
      record({
        id: fc.string({ minLength: 1, maxLength: 8 }),
        type: fc.constant("function"),
        function: record({ name: fc.string({ minLength: 1, maxLength: 8 }), arguments: fc.string({ maxLength: 8 }) }),
      }),
      { minLength: 1, maxLength: 2 },
    ),
  }),
  record({ role: fc.constant("tool"), content: fc.string({ maxLength: 20 }), tool_call_id: fc.string({ minLength: 1, maxLength: 8 }) }),
);

/** A message ctx could write, with one field dropped or given an odd value: the boundary cases of the rules. */
const nearCanonicalArb = fc.tuple(canonicalMessageArb, fc.nat(), fc.option(oddValue, { nil: undefined })).map(([message, at, odd]) => {
  const keys = Object.keys(message);
  const key = keys[at % keys.length]!;
  const copy = { ...message };
  if (odd === undefined) delete copy[key];
  else copy[key] = odd;
  return copy;
});

const anyMessageArb = fc.oneof(messageArb, nearCanonicalArb, canonicalMessageArb);

/** A tool definition as exc lists them: known keys in schema order. */
const canonicalToolArb: fc.Arbitrary<Record<string, unknown>> = record({
  type: fc.constant("function"),
  function: fc.oneof(
    record({
      name: fc.string({ minLength: 1, maxLength: 8 }),
      description: fc.string({ maxLength: 8 }),
      parameters: fc.jsonValue({ maxDepth: 2 }),
    }),
    record({ name: fc.string({ minLength: 1, maxLength: 8 }) }),
  ),
});

const toolArb = fc.oneof(
  canonicalToolArb,
  jumbled(
    {
      type: fc.constantFrom("function", "other"),
      function: jumbled(
        {
          name: fc.constantFrom("execute_bash", "f", ""),
          description: fc.string({ maxLength: 5 }),
          parameters: fc.jsonValue({ maxDepth: 2 }),
        },
        ["strict", "extra"],
      ),
    },
    ["extra"],
  ),
);

/** The fast path, where it answers, returns the input itself, equal to the schema's output key for key, in order. */
function sameAsSchema<T>(schema: z.ZodType, value: unknown, fast: T | undefined): void {
  if (fast === undefined) return;
  const parsed = schema.safeParse(value);
  assert.ok(parsed.success, `the schema refuses what the fast path accepted: ${JSON.stringify(value)}`);
  assert.equal(fast, value);
  assert.deepStrictEqual(fast, parsed.data);
  assert.equal(JSON.stringify(fast), JSON.stringify(parsed.data), "same key order");
}

void describe("protocol fast paths ≡ their schemas", () => {
  void it("canonicalChatMessage accepts only what ChatMessageSchema accepts, and returns what it outputs", () => {
    fc.assert(
      fc.property(anyMessageArb, (message) => sameAsSchema(ChatMessageSchema, message, canonicalChatMessage(message))),
      RUNS,
    );
  });

  void it("canonicalChatMessage accepts every text message in the shape ctx writes", () => {
    fc.assert(
      fc.property(canonicalMessageArb, (message) => {
        assert.equal(canonicalChatMessage(message), message);
        sameAsSchema(ChatMessageSchema, message, canonicalChatMessage(message));
      }),
      RUNS,
    );
  });

  void it("plainMessagesAnswer agrees with MessagesAnswerSchema (ctx's messages answer, read by the daemon)", () => {
    const answerArb = jumbled(
      {
        type: fc.constantFrom("messages", "history"),
        messages: fc.array(anyMessageArb, { maxLength: 4 }),
        agent_config: fc.jsonValue({ maxDepth: 1 }),
        turn_done: fc.jsonValue({ maxDepth: 1 }),
      },
      ["ctxkey", "extra"],
    );
    fc.assert(
      fc.property(answerArb, (frame) => sameAsSchema(MessagesAnswerSchema, frame, plainMessagesAnswer(frame))),
      RUNS,
    );
    fc.assert(
      fc.property(fc.array(canonicalMessageArb, { maxLength: 5 }), (messages) => {
        const frame = { type: "messages", messages };
        assert.equal(plainMessagesAnswer(frame), frame);
      }),
      RUNS,
    );
  });

  void it("plainCompletionRequest agrees with CompletionRequestSchema (the daemon's request to rtr)", () => {
    const requestArb = jumbled(
      {
        message: fc.array(anyMessageArb, { maxLength: 4 }),
        tools: fc.array(toolArb, { maxLength: 3 }),
        tool_choice: fc.constant("auto"),
        stop: fc.constant(["\n"]),
        temperature: fc.oneof(fc.double({ min: -1, max: 3, noNaN: true }), fc.constantFrom(0, 2, -0)),
        top_p: fc.oneof(fc.double({ min: -1, max: 2, noNaN: true }), fc.constantFrom(0, 1)),
      },
      ["ctxkey", "type", "extra"],
    );
    fc.assert(
      fc.property(requestArb, (frame) => sameAsSchema(CompletionRequestSchema, frame, plainCompletionRequest(frame))),
      RUNS,
    );
    fc.assert(
      fc.property(
        fc.array(canonicalMessageArb, { minLength: 1, maxLength: 5 }),
        fc.option(fc.array(canonicalToolArb, { maxLength: 3 }), { nil: undefined }),
        (messages, tools) => {
          const frame = { message: messages, ...(tools ? { tools } : {}), ctxkey: "default" };
          assert.equal(plainCompletionRequest(frame), frame);
        },
      ),
      RUNS,
    );
  });

  void it("canonicalToolDefinition accepts only what ToolDefinitionSchema accepts, and every tool in exc's shape", () => {
    fc.assert(
      fc.property(toolArb, (tool) => sameAsSchema(ToolDefinitionSchema, tool, canonicalToolDefinition(tool))),
      RUNS,
    );
    fc.assert(
      fc.property(canonicalToolArb, (tool) => assert.equal(canonicalToolDefinition(tool), tool)),
      RUNS,
    );
  });

  void it("plainCtxRequest agrees with ctx's schemas for message and append_history (every turn's two ctx requests)", () => {
    // A frame's own key order may differ from the schema's output here: ctx reads a request's fields by name.
    const sameFields = (name: "message" | "append_history", frame: Record<string, unknown>) => {
      const fast = plainCtxRequest(name, frame);
      if (fast === undefined) return;
      const parsed = CTX_REQUEST_SCHEMAS[name].safeParse(frame);
      assert.ok(parsed.success, `the schema refuses what the fast path accepted: ${JSON.stringify(frame)}`);
      assert.equal(fast, frame);
      assert.deepStrictEqual(fast, parsed.data);
    };
    const turnIdArb = fc.oneof(fc.string({ maxLength: 3 }), fc.constant("t".repeat(128)), fc.constant("t".repeat(129)));
    const messageRequestArb = jumbled(
      {
        message: fc.oneof(
          fc.string({ maxLength: 10 }),
          fc.array(record({ type: fc.constantFrom("text", ""), text: fc.string() }), { maxLength: 2 }),
        ),
        skill: fc.string({ maxLength: 3 }),
        turn_id: turnIdArb,
      },
      ["ctxkey", "include_agent_config", "extra"],
    );
    fc.assert(
      fc.property(messageRequestArb, (frame) => sameFields("message", frame)),
      RUNS,
    );
    const appendArb = jumbled(
      {
        messages: fc.array(anyMessageArb, { maxLength: 4 }),
        turn_id: turnIdArb,
        full_text: fc.string({ maxLength: 5 }),
        iterations: fc.oneof(fc.integer({ min: -2, max: 5 }), fc.double({ min: -1, max: 3 }), fc.constant(2 ** 53), fc.constant(-0)),
        message_sha256: fc.oneof(
          fc.constant(SHA256_OF_HELLO),
          fc.constant(SHA256_OF_HELLO.toUpperCase()),
          fc.constant(SHA256_OF_HELLO.slice(1)),
          fc.string({ maxLength: 3 }),
          fc.integer(),
        ),
      },
      ["type", "ctxkey", "extra"],
    );
    fc.assert(
      fc.property(appendArb, (frame) => sameFields("append_history", frame)),
      RUNS,
    );
    // The daemon's own requests take the fast path.
    fc.assert(
      fc.property(
        fc.array(canonicalMessageArb, { minLength: 1, maxLength: 4 }),
        fc.string({ minLength: 1, maxLength: 8 }),
        (messages, turnId) => {
          const build = { message: "hello", ctxkey: "default", include_agent_config: true, turn_id: turnId };
          assert.equal(plainCtxRequest("message", build), build);
          const append = {
            type: "append_history",
            ctxkey: "default",
            messages,
            turn_id: turnId,
            full_text: "hi",
            iterations: 1,
            message_sha256: SHA256_OF_HELLO,
          };
          assert.equal(plainCtxRequest("append_history", append), append);
        },
      ),
      RUNS,
    );
  });

  void it("plainRtrDone agrees with RtrDoneFrameSchema (the daemon reads rtr's done after every model call)", () => {
    const usageArb = jumbled({ prompt_tokens: fc.nat(99), completion_tokens: fc.nat(99), total_tokens: fc.nat(199) }, ["details"]);
    const callArb = jumbled(
      { id: fc.string({ maxLength: 4 }), name: fc.string({ maxLength: 4 }), arguments: fc.jsonValue({ maxDepth: 1 }) },
      ["extra"],
    );
    const doneArb = jumbled(
      {
        type: fc.constantFrom("done", "chunk"),
        full_text: fc.oneof(fc.string({ maxLength: 5 }), fc.constant(null)),
        finish_reason: fc.oneof(fc.constantFrom("stop", "tool_calls"), fc.constant(null)),
        model: fc.string({ maxLength: 4 }),
        tool_calls: fc.oneof(fc.array(callArb, { maxLength: 2 }), fc.constant(null)),
        usage: fc.oneof(usageArb, fc.constant(null)),
      },
      ["provider", "attempts"],
    );
    fc.assert(
      fc.property(doneArb, (frame) => {
        const fast = plainRtrDone(frame);
        if (fast === undefined) return;
        const parsed = RtrDoneFrameSchema.safeParse(frame);
        assert.ok(parsed.success, `the schema refuses what the fast path accepted: ${JSON.stringify(frame)}`);
        assert.equal(fast, frame);
        assert.deepStrictEqual(fast, parsed.data);
      }),
      RUNS,
    );
    // rtr's own done frames take it.
    const ours = {
      type: "done",
      full_text: "hi",
      finish_reason: "tool_calls",
      model: "m",
      tool_calls: [{ id: "call_1", name: "execute_bash", arguments: { code: "ls" } }],
      usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
      provider: "default",
      attempts: 1,
    };
    assert.equal(plainRtrDone(ours), ours);
  });

  void it("plainDaemonRequest accepts exactly what DaemonRequestSchema accepts (every client's turn)", () => {
    const requestArb = jumbled(
      {
        events: fc.constantFrom("all", "basic"),
        turn_id: fc.oneof(fc.string({ maxLength: 3 }), fc.constant("t".repeat(128)), fc.constant("t".repeat(129))),
      },
      ["message", "ctxkey", "extra"],
    );
    fc.assert(
      fc.property(requestArb, (frame) => {
        const parsed = DaemonRequestSchema.safeParse(frame);
        const fast = plainDaemonRequest(frame);
        assert.equal(fast !== undefined, parsed.success, JSON.stringify(frame));
        if (parsed.success) assert.deepStrictEqual(fast, parsed.data);
      }),
      RUNS,
    );
  });

  void it("plainToolUse and plainResultAnswer agree with their schemas (a tool call's request to exc and its answer)", () => {
    /** Accepted by the fast path: the schema accepts it and outputs the same fields and values. */
    const agrees = (schema: z.ZodType, value: unknown, fast: unknown) => {
      if (fast === undefined) return;
      const parsed = schema.safeParse(value);
      assert.ok(parsed.success, `the schema refuses what the fast path accepted: ${JSON.stringify(value)}`);
      assert.equal(fast, value);
      assert.deepStrictEqual(fast, parsed.data);
    };
    const useArb = fc.oneof(
      jumbled(
        {
          name: fc.oneof(fc.constantFrom("execute_bash", "", "x".repeat(256), "x".repeat(257))),
          arguments: fc.oneof(
            fc.string({ maxLength: 8 }),
            fc.constant(null),
            fc.dictionary(fc.constantFrom("code", "__proto__", "a"), fc.jsonValue({ maxDepth: 1 }), { noNullPrototype: true }),
            fc.array(fc.nat()),
          ),
        },
        ["id", "extra"],
      ),
      oddValue,
    );
    fc.assert(
      fc.property(useArb, (value) => agrees(ToolUseSchema, value, plainToolUse(value))),
      RUNS,
    );
    const resultArb = jumbled(
      {
        type: fc.constantFrom("result", "error"),
        exit_code: fc.oneof(fc.integer({ min: -1, max: 255 }), fc.constantFrom(1.5, 2 ** 53, Number.NaN)),
        stdout: fc.string({ maxLength: 5 }),
        stderr: fc.string({ maxLength: 5 }),
        truncated: fc.boolean(),
        ms: fc.oneof(fc.double({ min: 0, max: 100 }), fc.constantFrom(Number.POSITIVE_INFINITY, Number.NaN)),
      },
      ["isolation", "extra"],
    );
    fc.assert(
      fc.property(resultArb, (frame) => agrees(ResultAnswerSchema, frame, plainResultAnswer(frame))),
      RUNS,
    );
    // What the daemon sends and exc answers take them.
    const use = { name: "execute_bash", arguments: { code: "echo hi" } };
    assert.equal(plainToolUse(use), use);
    const result = { type: "result", exit_code: 0, stdout: "hi\n", stderr: "", truncated: false, ms: 3, isolation: "bwrap" };
    assert.equal(plainResultAnswer(result), result);
  });

  void it("plainOkAnswer accepts exactly what OkAnswerSchema accepts", () => {
    const okArb = jumbled({ type: fc.constantFrom("ok", "error", "OK"), count: fc.nat(9), duplicate: fc.boolean() }, ["extra"]);
    fc.assert(
      fc.property(okArb, (frame) => {
        const parsed = OkAnswerSchema.safeParse(frame);
        assert.equal(plainOkAnswer(frame) !== undefined, parsed.success);
        if (parsed.success) assert.deepStrictEqual(plainOkAnswer(frame), parsed.data);
      }),
      RUNS,
    );
  });

  void it("chunkDelta reads a delta exactly when ChunkFrameSchema accepts the frame", () => {
    const chunkArb = jumbled({ type: fc.constantFrom("chunk", "status", "done"), delta: fc.string({ maxLength: 10 }) }, ["extra"]);
    fc.assert(
      fc.property(chunkArb, (frame) => {
        const parsed = ChunkFrameSchema.safeParse(frame);
        assert.equal(chunkDelta(frame), parsed.success ? parsed.data.delta : undefined);
      }),
      RUNS,
    );
  });
});
