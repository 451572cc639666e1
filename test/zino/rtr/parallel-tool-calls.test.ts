// Parallel native tool calls from servers that do not keep `index` apart (docs/zino-protocol.md §5): Ollama behind
// LiteLLM and Gemini's OpenAI layer send every call with `index: 0`, or with no index, each call whole. rtr must
// still hand back one call per call, each with its own id, name and arguments. Raw SSE from the fake provider.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { startFakeProvider, type FakeProvider } from "../../../harness/fake-provider.js";
import { last, llmFor, startRtr, userMessages, type RtrHarness } from "./rtr-harness.js";

let fake: FakeProvider;
let rtr: RtrHarness;
before(async () => {
  fake = await startFakeProvider();
  rtr = await startRtr({ rows: { default: { llm: llmFor(fake.url) } } });
});
after(async () => {
  await rtr.close();
  await fake.close();
});

const event = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const calls = (...list: Record<string, unknown>[]) => ({ tool_calls: list });

async function assembled(pieces: string[]): Promise<unknown> {
  fake.enqueue({ raw: { pieces: [...pieces, event({}, "tool_calls"), "data: [DONE]\n\n"] }, chunkDelayMs: 1 });
  const frames = await rtr.request({ message: userMessages("run both"), ctxkey: "p" });
  return last(frames).tool_calls;
}

const A = { id: "call_a", name: "execute_bash", arguments: '{"code":"echo A"}' };
const B = { id: "call_b", name: "execute_bash", arguments: '{"code":"echo B"}' };

void it("R5.tools-parallel: two calls both at index 0 with different ids stay two calls", async () => {
  const fn = (c: typeof A) => ({ name: c.name, arguments: c.arguments });
  const got = await assembled([
    event(calls({ index: 0, id: A.id, function: fn(A) })),
    event(calls({ index: 0, id: B.id, function: fn(B) })),
  ]);
  assert.deepEqual(got, [A, B]);
});

void it("R5.tools-parallel: two calls without index, each whole in its own chunk, stay two calls", async () => {
  const fn = (c: typeof A) => ({ name: c.name, arguments: c.arguments });
  const got = await assembled([event(calls({ id: A.id, function: fn(A) })), event(calls({ id: B.id, function: fn(B) }))]);
  assert.deepEqual(got, [A, B]);
});

void it("R5.tools-parallel: without index or id, a name after a complete call starts a new call (ids generated)", async () => {
  const got = (await assembled([
    event(calls({ function: { name: "execute_bash", arguments: '{"code":"echo A"}' } })),
    event(calls({ function: { name: "execute_python", arguments: '{"code":"print(1)"}' } })),
  ])) as Array<{ id: string; name: string; arguments: string }>;
  assert.deepEqual(
    got.map((c) => [c.name, c.arguments]),
    [
      ["execute_bash", '{"code":"echo A"}'],
      ["execute_python", '{"code":"print(1)"}'],
    ],
  );
  assert.notEqual(got[0]!.id, got[1]!.id);
});

void it("R5.tools-parallel: a second JSON object after complete arguments at the same index is a second call", async () => {
  const got = (await assembled([
    event(calls({ index: 0, id: "x", function: { name: "execute_bash", arguments: '{"code":' } })),
    event(calls({ index: 0, function: { arguments: '"echo A"}' } })),
    event(calls({ index: 0, function: { name: "execute_bash", arguments: '{"code":"echo B"}' } })),
  ])) as Array<{ id: string; name: string; arguments: string }>;
  assert.deepEqual(
    got.map((c) => c.arguments),
    ['{"code":"echo A"}', '{"code":"echo B"}'],
  );
  assert.equal(got[0]!.id, "x");
});

void it("R5.tools-parallel: arguments streamed in pieces at one index, name and id once, are still one call", async () => {
  const got = await assembled([
    event(calls({ index: 0, id: A.id, function: { name: A.name, arguments: "" } })),
    event(calls({ index: 0, function: { arguments: '{"code":' } })),
    event(calls({ index: 0, function: { arguments: '"echo A"}' } })),
    event(calls({ index: 1, id: B.id, function: { name: B.name, arguments: B.arguments } })),
  ]);
  assert.deepEqual(got, [A, B]);
});
