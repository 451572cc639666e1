// Python reference compatibility of rtr (docs/zino-protocol.md §8): `infer` in both modes and `capabilities`.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { startFakeProvider, type FakeProvider } from "../../../harness/fake-provider.js";
import { last, llmFor, startRtr, types, userMessages, type RtrHarness } from "./rtr-harness.js";

let fake: FakeProvider;
let rtr: RtrHarness;
before(async () => {
  fake = await startFakeProvider();
  rtr = await startRtr({ rows: { default: { llm: llmFor(fake.url, { model: "py-model" }) }, chan: { llm: { model: "chan-model" } } } });
});
after(async () => {
  await rtr.close();
  await fake.close();
});

void it("R8.infer: streaming infer answers chunk frames then done with full_text, using temperature and top_p", async () => {
  fake.enqueue({ text: "<think>x</think>streamed reply", chunks: 4 });
  const frames = await rtr.request({ type: "infer", messages: userMessages("q"), temperature: 0.2, top_p: 0.9, stream: true });
  assert.ok(types(frames).every((t, i, all) => (i < all.length - 1 ? t === "chunk" : t === "done")));
  assert.equal(last(frames).full_text, "streamed reply");
  const body = fake.chatRequests().at(-1)!.body as { temperature: number; top_p: number; tools?: unknown };
  assert.equal(body.temperature, 0.2);
  assert.equal(body.top_p, 0.9);
  assert.equal(body.tools, undefined);
});

void it("R8.infer: non-streaming infer answers exactly one response frame with the content", async () => {
  fake.enqueue({ text: "whole reply", chunks: 3 });
  const frames = await rtr.request({ type: "infer", messages: userMessages("q"), stream: false, channel_id: "chan" });
  assert.deepEqual(types(frames), ["response"]);
  assert.equal(frames[0]!.content, "whole reply");
  assert.equal(fake.chatRequests().at(-1)!.model, "chan-model");
});

void it("R8.infer: errors of infer are one error frame and no status frames (the Python daemon does not know them)", async () => {
  fake.enqueue({ status: 500 });
  const frames = await rtr.request({ type: "infer", messages: userMessages("q"), stream: true });
  assert.deepEqual(types(frames), ["error"]);
  assert.equal(frames[0]!.code, "provider_error");
});

void it("R8.infer: infer with messages that are not chat messages is a bad_request", async () => {
  const frames = await rtr.request({ type: "infer", messages: "hello", stream: true });
  assert.equal(frames[0]!.code, "bad_request");
  assert.match(String(frames[0]!.message), /messages/);
});

void it("R8.capabilities: capabilities reports streaming and the ctxkey's model", async () => {
  const [caps] = await rtr.request({ type: "capabilities" });
  assert.equal(caps!.type, "capabilities");
  assert.equal(caps!.streaming, true);
  assert.equal(caps!.model, "py-model");
  const [chan] = await rtr.request({ type: "capabilities", channel_id: "chan" });
  assert.equal(chan!.model, "chan-model");
});
