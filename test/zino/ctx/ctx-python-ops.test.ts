// The Python ZINO typed operations of docs/zino-protocol.md §8, in the shapes a Python zino-daemon expects.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { type CtxHarness, startCtx } from "./ctx-harness.js";

let ctx: CtxHarness;
before(async () => {
  ctx = await startCtx();
});
after(async () => {
  await ctx.cleanup();
});

type Msg = { role: string; content?: unknown };

void it("CTX-15 get answers system_prompt with the filled template", async () => {
  const answer = await ctx.request({ type: "get" });
  assert.equal(answer.type, "system_prompt");
  assert.match(String(answer.content), /^P=\[You are Testy\.\]/);
  assert.match(String(answer.content), /I=\[7\]/);
});

void it("CTX-15 append_history with channel_id answers ok and get_history answers history", async () => {
  const ok = await ctx.request({
    type: "append_history",
    channel_id: "py-1",
    messages: [
      { role: "user", content: "hi" },
      { role: "assistant", content: "hello" },
    ],
  });
  assert.equal(ok.type, "ok");
  const history = await ctx.request({ type: "get_history", channel_id: "py-1", limit: 1 });
  assert.equal(history.type, "history");
  assert.deepEqual(history.messages, [{ role: "assistant", content: "hello" }]);
  const unlimited = await ctx.request({ type: "get_history", channel_id: "py-1", limit: null });
  assert.equal((unlimited.messages as Msg[]).length, 2);
});

void it("CTX-15 build with user_message answers context without system prompt and without the new user message", async () => {
  await ctx.request({
    type: "append_history",
    channel_id: "py-2",
    messages: [
      { role: "user", content: "earlier" },
      { role: "assistant", content: "noted" },
    ],
  });
  const answer = await ctx.request({ type: "build", channel_id: "py-2", user_message: "what did I say?" });
  assert.equal(answer.type, "context");
  assert.deepEqual(answer.messages, [
    { role: "user", content: "earlier" },
    { role: "assistant", content: "noted" },
  ]);
});

void it("CTX-15 clear_history answers ok and empties the channel", async () => {
  await ctx.request({ type: "append_history", channel_id: "py-3", messages: [{ role: "user", content: "x" }] });
  assert.equal((await ctx.request({ type: "clear_history", channel_id: "py-3" })).type, "ok");
  assert.deepEqual((await ctx.request({ type: "get_history", channel_id: "py-3" })).messages, []);
});

void it("CTX-15 set_soft_memory answers the new system_prompt; set_soft and get_soft store and read the notes", async () => {
  const answer = await ctx.request({ type: "set_soft_memory", channel_id: "py-4", content: "User's name is Ada." });
  assert.equal(answer.type, "system_prompt");
  assert.match(String(answer.content), /M=\[User's name is Ada\.\]/);
  assert.equal((await ctx.request({ type: "set_soft", channel_id: "py-4", content: "Prefers metric units." })).type, "ok");
  assert.deepEqual(await ctx.request({ type: "get_soft", channel_id: "py-4" }), { type: "soft", content: "Prefers metric units." });
  assert.deepEqual(await ctx.request({ type: "get_soft", channel_id: "py-never" }), { type: "soft", content: "" });
});

void it("CTX-15 soft memory of default is inherited by ctxkeys without their own", async () => {
  await ctx.request({ type: "set_soft", content: "Instance-wide note." });
  const answer = await ctx.request({ type: "get", channel_id: "py-inherits" });
  assert.match(String(answer.content), /M=\[Instance-wide note\.\]/);
  await ctx.request({ type: "set_soft", content: "" });
});

void it("CTX-16 store_hard answers ok with an id; search_hard ranks by token overlap with a score", async () => {
  const first = await ctx.request({
    type: "store_hard",
    messages: [
      { role: "user", content: "My cat is called Pixel" },
      { role: "assistant", content: "Nice name for a cat." },
    ],
    tag: "pets",
  });
  assert.equal(first.type, "ok");
  assert.equal(typeof first.id, "number");
  const second = await ctx.request({ type: "store_hard", messages: [{ role: "user", content: "The server runs Debian 12" }] });
  assert.notEqual(second.id, first.id);
  const found = await ctx.request({ type: "search_hard", query: "what is my cat called", top_k: 5 });
  assert.equal(found.type, "hard_memories");
  const results = found.results as { messages: Msg[]; score: number }[];
  assert.equal(results.length, 1, "the Debian memory shares no word with the query");
  assert.equal(results[0]?.messages[0]?.content, "My cat is called Pixel");
  assert.ok(results[0].score > 0 && results[0].score <= 1);
  const none = await ctx.request({ type: "search_hard", query: "quantum chromodynamics" });
  assert.deepEqual(none.results, []);
});

void it("CTX-16 search_hard orders results by score and honours top_k", async () => {
  await ctx.request({ type: "store_hard", channel_id: "py-rank", messages: [{ role: "user", content: "alpha beta gamma delta" }] });
  await ctx.request({ type: "store_hard", channel_id: "py-rank", messages: [{ role: "user", content: "alpha only" }] });
  const found = await ctx.request({ type: "search_hard", channel_id: "py-rank", query: "alpha beta gamma delta" });
  const scores = (found.results as { score: number }[]).map((r) => r.score);
  assert.deepEqual(scores.slice(0, 2), [1, 0.25]);
  const top1 = await ctx.request({ type: "search_hard", channel_id: "py-rank", query: "alpha", top_k: 1 });
  assert.equal((top1.results as unknown[]).length, 1);
});

void it("CTX-16 a strongly matching hard memory is recalled into the context of a build", async () => {
  await ctx.request({
    type: "store_hard",
    channel_id: "py-recall",
    messages: [{ role: "user", content: "Deploy key lives in vault path ops/deploy" }],
  });
  const answer = await ctx.request({ type: "build", channel_id: "py-recall", user_message: "where is the deploy key path" });
  const context = answer.messages as Msg[];
  assert.equal(context[0]?.role, "system");
  assert.match(String(context[0]?.content), /vault path ops\/deploy/);
  const built = await ctx.request({ message: "where is the deploy key path", channel_id: "py-recall" });
  const list = built.messages as Msg[];
  assert.deepEqual(
    list.map((m) => m.role),
    ["system", "user"],
    "one system message: memories are appended to it",
  );
  assert.match(String(list[0]?.content), /^P=\[You are Testy\.\][\s\S]*vault path ops\/deploy/);
});

void it("CTX-15 reload answers ok", async () => {
  const answer = await ctx.request({ type: "reload" });
  assert.equal(answer.type, "ok");
});
