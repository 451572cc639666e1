// Bounds on one model call (docs/zino-protocol.md §5 "Reliability"): a provider that ignores max_tokens, or streams
// steadily for too long, is cut with a clear code (output_truncated, timeout) and its request aborted.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { startFakeProvider, type FakeProvider } from "../../../harness/fake-provider.js";
import { last, llmFor, startRtr, userMessages, type RtrHarness } from "./rtr-harness.js";

let fake: FakeProvider;
let rtr: RtrHarness;
before(async () => {
  fake = await startFakeProvider();
  rtr = await startRtr({
    rows: {
      default: { llm: llmFor(fake.url, { max_output_tokens: 10 }) },
      slow: { llm: { max_output_tokens: 1000, max_request_ms: 300 } },
      roomy: { llm: { max_output_tokens: 10, max_output_chars: 100_000 } },
    },
  });
});
after(async () => {
  await rtr.close();
  await fake.close();
});

void it("R5.bound: a provider streaming far past max_output_tokens is cut with output_truncated and its request aborted", async () => {
  // max_output_tokens 10: at most 160 characters by default; the provider streams 4,000.
  fake.enqueue({ text: "word ".repeat(800), chunks: 100, chunkDelayMs: 2 });
  const frames = await rtr.request({ message: userMessages("talk"), ctxkey: "k" });
  const error = last(frames);
  assert.equal(error.type, "error", JSON.stringify(error));
  assert.equal(error.code, "output_truncated");
  assert.match(String(error.message), /kept generating past its output limit .*llm\.max_output_chars 160/);
  const sent = frames.filter((f) => f.type === "chunk").reduce((n, f) => n + String(f.delta).length, 0);
  assert.ok(sent < 400, `${sent} characters relayed`);
  await fake.waitFor(() => fake.chatRequests().at(-1)?.aborted === true);
});

void it("R5.bound: llm.max_output_chars raises the size bound", async () => {
  fake.enqueue({ text: "word ".repeat(800), chunks: 20 });
  const frames = await rtr.request({ message: userMessages("talk"), ctxkey: "roomy" });
  assert.equal(last(frames).type, "done");
  assert.equal(last(frames).full_text, "word ".repeat(800));
});

void it("R5.bound: a model call streaming steadily past llm.max_request_ms is cut with timeout", async () => {
  fake.enqueue({ text: "tick ".repeat(40), chunks: 40, chunkDelayMs: 25 });
  const frames = await rtr.request({ message: userMessages("slowly"), ctxkey: "slow" });
  const error = last(frames);
  assert.equal(error.code, "timeout", JSON.stringify(error));
  assert.match(String(error.message), /still generating after \d+ ms \(llm\.max_request_ms 300\)/);
  await fake.waitFor(() => fake.chatRequests().at(-1)?.aborted === true);
});

void it("R5.bound: tool-call ids and names count toward the output bound (a provider opening calls with huge ids is cut)", async () => {
  // Each call has a new 64 KiB id and name and no arguments: 26 MB in all, of which the bound saw nothing before.
  const big = "n".repeat(64 * 1024);
  const pieces: string[] = [];
  for (let i = 0; i < 200; i += 1) {
    const call = { index: i, id: `id${i}${big}`, function: { name: `f${big}`, arguments: "" } };
    pieces.push(`data: ${JSON.stringify({ choices: [{ delta: { tool_calls: [call] } }] })}\n\n`);
  }
  pieces.push(`data: ${JSON.stringify({ choices: [{ delta: {}, finish_reason: "tool_calls" }] })}\n\ndata: [DONE]\n\n`);
  fake.enqueue({ raw: { contentType: "text/event-stream", pieces } });
  const frames = await rtr.request({ message: userMessages("call tools"), ctxkey: "k" });
  const error = last(frames);
  assert.equal(error.code, "output_truncated", JSON.stringify(error).slice(0, 300));
  assert.ok(frames.length < 5, `${frames.length} frames relayed`);
});
