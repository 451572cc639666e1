// rtr's defining answer (docs/zino-protocol.md §5): a message list in, the provider's stream out.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { startFakeProvider, type FakeProvider } from "../../../harness/fake-provider.js";
import { last, llmFor, startRtr, types, userMessages, type RtrHarness } from "./rtr-harness.js";

let fake: FakeProvider;
let rtr: RtrHarness;
before(async () => {
  fake = await startFakeProvider();
  rtr = await startRtr({
    rows: {
      // A key that no streamed text here starts like: an end of a delta that may start the key waits for the next
      // delta (split-key-redaction.test.ts), which would change the frames these tests count.
      default: { llm: llmFor(fake.url, { api_key: "Q7-primary-000" }) },
      cheap: { llm: { model: "cheap-model", temperature: 0.1 } },
    },
  });
});
after(async () => {
  await rtr.close();
  await fake.close();
});

void it("R5.stream: streams the provider's deltas in order as chunk frames and ends with done (full_text, usage, finish_reason)", async () => {
  // 20 ms apart, each delta comes in a network read of its own, and leaves at once in a frame of its own.
  fake.enqueue({ text: "The quick brown fox jumps", chunks: 5, chunkDelayMs: 20 });
  const frames = await rtr.request({ message: userMessages("hi"), ctxkey: "c1" });
  assert.deepEqual(types(frames), ["chunk", "chunk", "chunk", "chunk", "chunk", "done"]);
  assert.equal(
    frames
      .slice(0, -1)
      .map((f) => f.delta)
      .join(""),
    "The quick brown fox jumps",
  );
  const done = last(frames);
  assert.equal(done.full_text, "The quick brown fox jumps");
  assert.equal(done.finish_reason, "stop");
  assert.equal(done.model, "fake-model");
  assert.deepEqual(done.tool_calls, []);
  const usage = done.usage as { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  assert.ok(usage.prompt_tokens > 0 && usage.total_tokens === usage.prompt_tokens + usage.completion_tokens);
  const sent = fake.chatRequests().at(-1)!;
  assert.equal(sent.apiKey, "Q7-primary-000");
  const body = sent.body as Record<string, unknown>;
  assert.equal(body.stream, true);
  assert.deepEqual(body.stream_options, { include_usage: true });
  assert.deepEqual(body.messages, userMessages("hi"));
});

void it("R5.stream: a lone surrogate half in a message reaches the provider as U+FFFD, never as an escape strict JSON parsers refuse", async () => {
  // A client's JSON may spell one ("\ud83d"), and a text cut between the two halves of an emoji leaves one: llama.cpp's
  // server and Rust servers answer 400 to a request holding it.
  fake.enqueue({ text: "ok" });
  const frames = await rtr.request({ message: userMessages("party \ud83d then \ude00 and 🎉"), ctxkey: "c1" });
  assert.equal(last(frames).type, "done");
  const sent = fake.chatRequests().at(-1)!;
  assert.doesNotMatch(sent.rawBody, /\\ud[89a-f][0-9a-f]{2}/i);
  assert.deepEqual((sent.body as { messages: unknown }).messages, userMessages("party \ufffd then \ufffd and 🎉"));
});

void it("R5.stream: the text deltas of one network read leave as one chunk frame, in order, before the tool call after them", async () => {
  const event = (delta: Record<string, unknown>, finish: string | null = null) =>
    `data: ${JSON.stringify({ model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const words = ["Let ", "me ", "look", "."];
  const call = { tool_calls: [{ index: 0, id: "call_1", function: { name: "execute_bash", arguments: '{"code":"ls"}' } }] };
  const body = [...words.map((word) => event({ content: word })), event(call), event({ content: " Done" }), event({}, "tool_calls")];
  // One write: the provider's events arrive in one read.
  fake.enqueue({ raw: { pieces: [`${body.join("")}data: [DONE]\n\n`] } });
  const frames = await rtr.request({ message: userMessages("list"), ctxkey: "c1" });
  assert.deepEqual(types(frames), ["chunk", "tool_call_delta", "chunk", "done"]);
  assert.equal(frames[0]!.delta, "Let me look.");
  assert.equal(frames[1]!.id, "call_1");
  assert.equal(frames[2]!.delta, " Done");
  assert.equal(last(frames).full_text, "Let me look. Done");
});

void it("R5.tools: passes native tools through and assembles streamed tool-call deltas into done.tool_calls", async () => {
  const tools = [{ type: "function", function: { name: "execute_bash", description: "run bash", parameters: { type: "object" } } }];
  fake.enqueue({
    text: "Let me look.",
    toolCalls: [
      { id: "call_a", name: "execute_bash", arguments: { code: "ls -la /tmp" }, argumentChunks: 4 },
      { id: "call_b", name: "execute_bash", arguments: '{"code":"pwd"}', argumentChunks: 2 },
    ],
  });
  const frames = await rtr.request({ message: userMessages("list"), ctxkey: "c1", tools, tool_choice: "auto", stop: ["</tool_call>"] });
  const deltas = frames.filter((f) => f.type === "tool_call_delta");
  assert.equal(deltas.length, 2 + 4 + 2);
  assert.deepEqual(deltas[0], { type: "tool_call_delta", index: 0, id: "call_a", name: "execute_bash" });
  assert.equal(
    deltas
      .filter((d) => d.index === 0)
      .map((d) => (typeof d.arguments_delta === "string" ? d.arguments_delta : ""))
      .join(""),
    '{"code":"ls -la /tmp"}',
  );
  const done = last(frames);
  assert.equal(done.type, "done");
  assert.equal(done.finish_reason, "tool_calls");
  assert.equal(done.full_text, "Let me look.");
  assert.deepEqual(done.tool_calls, [
    { id: "call_a", name: "execute_bash", arguments: '{"code":"ls -la /tmp"}' },
    { id: "call_b", name: "execute_bash", arguments: '{"code":"pwd"}' },
  ]);
  const body = fake.chatRequests().at(-1)!.body as Record<string, unknown>;
  assert.deepEqual(body.tools, tools);
  assert.equal(body.tool_choice, "auto");
  assert.deepEqual(body.stop, ["</tool_call>"]);
});

void it("R5.override: a ctxkey's own configuration (model, temperature) reaches the provider; others use the default", async () => {
  await rtr.request({ message: userMessages("a"), ctxkey: "cheap" });
  const cheap = fake.chatRequests().at(-1)!;
  assert.equal(cheap.model, "cheap-model");
  assert.equal((cheap.body as { temperature: number }).temperature, 0.1);
  await rtr.request({ message: userMessages("b"), ctxkey: "other" });
  assert.equal(fake.chatRequests().at(-1)!.model, "fake-model");
  const ready = await rtr.request({ message: null, ctxkey: "cheap" });
  assert.deepEqual(ready, [{ type: "ready", ctxkey: "cheap", model: "cheap-model", config_source: "ctx" }]);
});

void it("R5.ready: ready refreshes the ctxkey's configuration from ctx; requests reuse it within the TTL", async () => {
  rtr.rows.fresh = { llm: { model: "model-one" } };
  assert.equal(last(await rtr.request({ message: null, ctxkey: "fresh" })).model, "model-one");
  const before = rtr.ctxRequests.length;
  await rtr.request({ message: userMessages("x"), ctxkey: "fresh" });
  assert.equal(rtr.ctxRequests.length, before, "the cached configuration is used");
  assert.equal(fake.chatRequests().at(-1)!.model, "model-one");
  assert.deepEqual(rtr.ctxRequests.at(-1), { type: "get_config", ctxkey: "fresh", secrets: true });
  rtr.rows.fresh = { llm: { model: "model-two" } };
  assert.equal(last(await rtr.request({ message: null, channel_id: "fresh" })).model, "model-two");
});

void it("R5.strip: <think> sections are removed from deltas and full_text even when the tags are split across chunks", async () => {
  fake.enqueue({ deltas: ["<th", "ink>secret plan", " more</thi", "nk>\n\nHello", " <", "b>world</b>", " <thi", "nk>x</think>!"] });
  const frames = await rtr.request({ message: userMessages("x"), ctxkey: "c1" });
  const text = frames
    .filter((f) => f.type === "chunk")
    .map((f) => f.delta)
    .join("");
  assert.equal(text, "Hello <b>world</b> !");
  assert.equal(last(frames).full_text, "Hello <b>world</b> !");
  assert.ok(!JSON.stringify(frames).includes("secret plan"));
});

void it("R5.strip-off: with strip_reasoning false the reasoning is passed through", async () => {
  rtr.rows.raw = { llm: { strip_reasoning: false } };
  fake.enqueue({ text: "<think>hmm</think>ok", chunks: 3 });
  const frames = await rtr.request({ message: userMessages("x"), ctxkey: "raw" });
  assert.equal(last(frames).full_text, "<think>hmm</think>ok");
});

void it("R5.sse-robust: odd SSE framing (CRLF, comments, events split mid-line and mid-character) is decoded", async () => {
  const event = (delta: Record<string, unknown>, finish: string | null = null) =>
    `data: ${JSON.stringify({ model: "odd", choices: [{ index: 0, delta, finish_reason: finish }] })}\r\n\r\n`;
  const body = `: hello\r\n\r\n${event({ content: "Grüße " })}${event({ content: "€uro" })}${event({}, "length")}data: [DONE]\r\n\r\n`;
  const bytes = Buffer.from(body, "utf8");
  const pieces: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += 7) pieces.push(bytes.subarray(i, i + 7));
  assert.ok(
    pieces.some((p) => p.at(-1)! >= 0xc0),
    "some piece ends inside a multi-byte character",
  );
  fake.enqueue({ raw: { pieces }, chunkDelayMs: 1 });
  const frames = await rtr.request({ message: userMessages("x"), ctxkey: "c1" });
  const done = last(frames);
  assert.equal(done.full_text, "Grüße €uro");
  assert.equal(done.finish_reason, "length");
  assert.equal(done.model, "odd");
  assert.equal(done.usage, undefined);
});

void it("R5.sse-robust: a provider that ignores stream:true and answers JSON is still relayed", async () => {
  fake.enqueue({ text: "whole", forceJson: true, toolCalls: [{ id: "c9", name: "f", arguments: { a: 1 } }] });
  const frames = await rtr.request({ message: userMessages("x"), ctxkey: "c1" });
  assert.deepEqual(types(frames), ["chunk", "tool_call_delta", "done"]);
  assert.deepEqual(last(frames).tool_calls, [{ id: "c9", name: "f", arguments: '{"a":1}' }]);
  assert.ok(last(frames).usage);
});

void it("R5.sse-robust: a stream event longer than 8 MiB is refused with a provider_error, and rtr keeps serving", async () => {
  const piece = "x".repeat(1024 * 1024);
  fake.enqueue({ raw: { pieces: ["data: ", ...Array.from({ length: 9 }, () => piece)] } });
  const frames = await rtr.request({ message: userMessages("x"), ctxkey: "c1" });
  assert.equal(last(frames).code, "provider_error");
  assert.match(String(last(frames).message), /stream event longer than 8 MiB/);
  fake.enqueue({ text: "still here" });
  assert.equal(last(await rtr.request({ message: userMessages("x"), ctxkey: "c1" })).full_text, "still here");
});

void it("R5.sse-robust: an error event inside the stream before any text is reported as a provider_error", async () => {
  fake.enqueue({ raw: { pieces: ['data: {"error":{"message":"model overloaded"}}\n\n'] } });
  const frames = await rtr.request({ message: userMessages("x"), ctxkey: "c1" });
  assert.equal(last(frames).code, "provider_error");
  assert.match(String(last(frames).message), /provider error in stream: model overloaded/);
});
