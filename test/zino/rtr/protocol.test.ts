// rtr as a ZINO service (docs/zino-protocol.md §2): handshake, bad input and limits answered with error frames, the process
// still answering afterwards; and the degradation when ctx is down (instance defaults, said in a status frame).
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { requestOne } from "../../../src/wire/index.js";
import { startFakeProvider, type FakeProvider } from "../../../harness/fake-provider.js";
import { framed, rawExchange } from "../../support/raw-frames.js";
import { last, llmFor, startRtr, types, userMessages, type RtrHarness } from "./rtr-harness.js";

let fake: FakeProvider;
let rtr: RtrHarness;
before(async () => {
  fake = await startFakeProvider();
  rtr = await startRtr({ rows: { default: { llm: llmFor(fake.url, { model: "m-default" }) } } });
});
after(async () => {
  await rtr.close();
  await fake.close();
});

async function stillAlive(): Promise<void> {
  assert.deepEqual(await requestOne(rtr.socketPath, { type: "ping" }), { type: "pong" });
}

void it("R2.ready: (null, ctxkey) is answered with ready and the ctxkey's model", async () => {
  assert.deepEqual(await rtr.request({ message: null, ctxkey: "abc" }), [
    { type: "ready", ctxkey: "abc", model: "m-default", config_source: "ctx" },
  ]);
  assert.equal(last(await rtr.request({ ctxkey: "abc" })).type, "ready");
});

void it("R2.bad: malformed JSON, a non-object and a wrong field type are bad_request, and the process still answers ping", async () => {
  const malformed = await rawExchange(rtr.socketPath, framed("{not json"));
  assert.equal(malformed[0]?.code, "bad_request");
  const array = await rawExchange(rtr.socketPath, framed("[1,2]"));
  assert.equal(array[0]?.code, "bad_request");
  const wrongType = await rtr.request({ message: 42, ctxkey: "k" });
  assert.equal(wrongType[0]!.code, "bad_request");
  await stillAlive();
});

void it("R2.bad: a message that is not a list of chat messages is a bad_request naming the problem", async () => {
  for (const message of ["just text", { role: "user" }, [], [{ role: "wizard", content: "x" }], [{ role: "user", content: 5 }]]) {
    const frames = await rtr.request({ message, ctxkey: "k" });
    assert.deepEqual(types(frames), ["error"], JSON.stringify(message));
    assert.equal(frames[0]!.code, "bad_request");
    assert.match(String(frames[0]!.message), /array of chat messages/);
  }
  const badTools = await rtr.request({ message: userMessages("x"), tools: [{ type: "function" }] });
  assert.equal(badTools[0]!.code, "bad_request");
  await stillAlive();
});

void it("R2.limits: an oversize frame is refused with frame_too_large from its header alone", async () => {
  const frames = await rawExchange(rtr.socketPath, framed("{}", 64 * 1024 * 1024));
  assert.equal(frames[0]?.code, "frame_too_large");
  await stillAlive();
});

void it("R2.unknown: an unknown type is answered with unknown_type listing what rtr knows", async () => {
  const frames = await rtr.request({ type: "teleport", ctxkey: "k" });
  assert.equal(frames[0]!.code, "unknown_type");
  assert.match(String(frames[0]!.message), /capabilities, infer/);
  await stillAlive();
});

void it("R5.ctx-down: with ctx down, rtr uses the instance defaults and says so in a status frame", async () => {
  const own = await startFakeProvider();
  const alone = await startRtr({ noCtx: true, defaults: { llm: llmFor(own.url, { model: "toml-model" }) } });
  try {
    const frames = await alone.request({ message: userMessages("hello"), ctxkey: "k" });
    assert.equal(frames[0]!.type, "status");
    assert.equal(frames[0]!.phase, "config");
    assert.match(String(frames[0]!.message), /instance defaults: ctx is unreachable/);
    assert.equal(last(frames).full_text, "echo: hello");
    assert.equal(own.chatRequests().at(-1)!.model, "toml-model");
    const ready = last(await alone.request({ message: null, ctxkey: "k" }));
    assert.equal(ready.config_source, "defaults");
  } finally {
    await alone.close();
    await own.close();
  }
});

void it("R5.ctx-down: with ctx down and no usable defaults, requests fail with unavailable and ping still works", async () => {
  const alone = await startRtr({ noCtx: true });
  try {
    const frames = await alone.request({ message: userMessages("hello"), ctxkey: "k" });
    assert.deepEqual(types(frames), ["error"]);
    assert.equal(frames[0]!.code, "unavailable");
    assert.match(String(frames[0]!.message), /ctx is unreachable.*instance defaults.*not usable/);
    assert.equal(last(await alone.request({ message: null, ctxkey: "k" })).code, "unavailable");
    const [caps] = await alone.request({ type: "capabilities" });
    assert.equal(caps!.model, null);
    assert.deepEqual(await requestOne(alone.socketPath, { type: "ping" }), { type: "pong" });
  } finally {
    await alone.close();
  }
});
