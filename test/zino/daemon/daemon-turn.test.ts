// Service-level turns (docs/zino-protocol.md §1, §3, §8) against the REAL ctx and rtr services and the fake provider: streaming,
// history, Python-client compatibility, status frames, cancellation and degradation.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { requestFrames } from "../../../src/wire/index.js";
import { FALLBACK_SYSTEM_PROMPT } from "../../../src/zino/daemon/index.js";
import { startHarness, text, types, type Harness } from "./daemon-harness.js";

const BASIC = new Set(["chunk", "tool_start", "tool_done", "done", "error"]);

void describe("daemon turns with ctx and rtr running", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  void it("DMN-05 streams the model's answer as chunks and ends with one done whose full_text is what was shown", async () => {
    // 20 ms apart, each of the provider's deltas reaches the client in a chunk of its own.
    h.provider.enqueue({ text: "Hello there, friend.", chunks: 4, chunkDelayMs: 20 });
    const frames = await h.ask({ message: "hi", ctxkey: "t1" });
    assert.deepEqual(types(frames), ["chunk", "chunk", "chunk", "chunk", "done"]);
    const done = frames.at(-1)!;
    assert.equal(done.full_text, "Hello there, friend.");
    assert.equal(text(frames), done.full_text);
    assert.equal(done.iterations, 1);
    assert.equal(typeof (done.usage as { total_tokens: number }).total_tokens, "number");
    const body = h.provider.chatRequests().at(-1)!.body as { messages: Array<{ role: string; content: string }> };
    assert.equal(body.messages[0]?.role, "system", "ctx built the system prompt");
    assert.deepEqual(body.messages.at(-1), { role: "user", content: "hi" });
  });

  void it("DMN-06 stores the turn before done, so the next turn and get_history see it", async () => {
    h.provider.enqueue({ text: "The capital is Paris." });
    const first = await h.ask({ message: "Capital of France?", ctxkey: "t2" });
    assert.equal(first.at(-1)?.stored, true);
    const [history] = await h.askCtx({ type: "get_history", ctxkey: "t2" });
    assert.deepEqual(
      (history?.messages as unknown[]).map((m) => (m as { content: string }).content),
      ["Capital of France?", "The capital is Paris."],
    );
    await h.ask({ message: "And of Italy?", ctxkey: "t2" });
    const body = h.provider.chatRequests().at(-1)!.body as { messages: Array<{ role: string; content: string }> };
    const contents = body.messages.map((m) => m.content);
    assert.ok(contents.includes("Capital of France?") && contents.includes("The capital is Paris."), "history in the next turn");
    assert.equal(contents.at(-1), "And of Italy?");
  });

  void it("DMN-07 serves a Python-style client ({message, channel_id}) only the five basic frame types", async () => {
    h.provider.enqueue({ text: "plain answer" });
    const frames = await h.ask({ message: "hello", channel_id: "py" });
    assert.ok(
      frames.every((f) => BASIC.has(String(f.type))),
      JSON.stringify(types(frames)),
    );
    assert.equal(frames.at(-1)?.type, "done");
    const [history] = await h.askCtx({ type: "get_history", ctxkey: "py" });
    assert.equal((history?.messages as unknown[]).length, 2, "channel_id is the ctxkey");
  });

  void it("DMN-08 DMN-13 sends status frames with phases and timings to clients that ask for events: all", async () => {
    h.provider.enqueue({ text: "with status" });
    const frames = await h.ask({ message: "hello", ctxkey: "t3", events: "all" });
    const phases = frames.filter((f) => f.type === "status").map((f) => f.phase);
    for (const phase of ["ready", "model", "first_token", "stored", "done"])
      assert.ok(phases.includes(phase), `${phase} in ${phases.join(",")}`);
    const ready = frames.find((f) => f.phase === "ready")!;
    assert.deepEqual(ready.services, { ctx: "ready", rtr: "ready", exc: "unavailable" });
    assert.ok(
      frames.some((f) => f.phase === "degraded" && f.service === "zino-exc"),
      "exc absence is reported",
    );
    const timings = frames.find((f) => f.phase === "done")!.timings as Record<string, number>;
    for (const key of ["ctx", "rtr_ready", "first_token", "total"]) assert.equal(typeof timings[key], "number", key);
    assert.equal(frames.at(-1)?.type, "done");
  });

  void it("DMN-09 passes an rtr error on with its code, and stores nothing", async () => {
    h.provider.enqueue({ status: 400, errorBody: { error: { message: "bad model" } } });
    const frames = await h.ask({ message: "fail please", ctxkey: "t4" });
    assert.deepEqual(types(frames), ["error"]);
    assert.equal(frames[0]?.code, "provider_error");
    const [history] = await h.askCtx({ type: "get_history", ctxkey: "t4" });
    assert.deepEqual(history?.messages, []);
  });

  void it("DMN-10 cancels the provider request and stores nothing when the client disconnects mid-turn", async () => {
    h.provider.enqueue({ text: "one two three four five six seven eight nine ten", chunkDelayMs: 100 });
    const before = h.provider.chatRequests().length;
    for await (const frame of requestFrames(h.instance.sockets.daemon, { message: "long story", ctxkey: "t5" })) {
      if (frame.type === "chunk") break; // leaving the loop closes the connection
    }
    await h.provider.waitFor(() => h.provider.chatRequests()[before]?.aborted === true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [history] = await h.askCtx({ type: "get_history", ctxkey: "t5" });
    assert.deepEqual(history?.messages, []);
  });
});

void describe("daemon degradation", () => {
  void it("DMN-11 answers without ctx, with a minimal system prompt, says so in a status, and stores nothing", async () => {
    const h = await startHarness({ ctx: false });
    try {
      h.provider.enqueue({ text: "still here" });
      const frames = await h.ask({ message: "are you there?", ctxkey: "d1", events: "all" });
      assert.equal(frames.at(-1)?.type, "done");
      assert.equal(frames.at(-1)?.full_text, "still here");
      assert.equal(frames.at(-1)?.stored, false);
      assert.ok(frames.some((f) => f.type === "status" && f.phase === "degraded" && f.service === "zino-ctx"));
      const body = h.provider.chatRequests().at(-1)!.body as { messages: unknown[] };
      assert.deepEqual(body.messages, [
        { role: "system", content: FALLBACK_SYSTEM_PROMPT },
        { role: "user", content: "are you there?" },
      ]);
    } finally {
      await h.close();
    }
  });

  void it("DMN-06 still answers done, marked stored: false, when ctx goes away before the turn is stored", async () => {
    const h = await startHarness();
    try {
      h.provider.enqueue({ text: "a slow answer in several words", chunkDelayMs: 50 });
      const pending = h.ask({ message: "hello", ctxkey: "d3", events: "all" });
      await h.provider.waitFor((requests) => requests.some((r) => r.path.endsWith("/chat/completions")));
      await h.stopCtx();
      const frames = await pending;
      assert.equal(frames.at(-1)?.type, "done");
      assert.equal(frames.at(-1)?.stored, false);
      assert.equal(frames.at(-1)?.full_text, "a slow answer in several words");
      assert.ok(frames.some((f) => f.type === "status" && f.phase === "not_stored"));
    } finally {
      await h.close();
    }
  });

  void it("DMN-12 answers error unavailable when rtr is down", async () => {
    const h = await startHarness({ rtr: false });
    try {
      const frames = await h.ask({ message: "hello", ctxkey: "d2" });
      assert.deepEqual(types(frames), ["error"]);
      assert.equal(frames[0]?.code, "unavailable");
      assert.match(String(frames[0]?.message), /zino-rtr/);
      assert.equal(h.provider.chatRequests().length, 0);
    } finally {
      await h.close();
    }
  });
});
