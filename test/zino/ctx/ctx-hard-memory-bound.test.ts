// The bound on hard memories per ctxkey [ext] (`context.max_hard_memories`), over ctx's real socket: a store_hard past
// it is refused with `limit_reached` saying what to do, nothing stored is lost, and delete_hard / clear_hard make room.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { TEST_TOML, type CtxHarness, startCtx } from "./ctx-harness.js";

let ctx: CtxHarness;
before(async () => {
  ctx = await startCtx({ toml: `${TEST_TOML}\n[context]\nmax_hard_memories = 3\n` });
});
after(async () => {
  await ctx.cleanup();
});

const note = (text: string) => [{ role: "user", content: text }];

void it("CTX-42 a store_hard past context.max_hard_memories (ZINO.toml [context]) is refused with limit_reached and what to do", async () => {
  const ids: number[] = [];
  for (const word of ["apple", "banana", "cherry"]) {
    const stored = await ctx.request({ type: "store_hard", ctxkey: "full", messages: note(`fruit ${word}`) });
    assert.equal(stored.type, "ok");
    ids.push(Number(stored.id));
  }
  const refused = await ctx.request({ type: "store_hard", ctxkey: "full", messages: note("fruit damson") });
  assert.equal(refused.type, "error");
  assert.equal(refused.code, "limit_reached");
  assert.match(String(refused.message), /already holds 3 hard memories/);
  assert.match(String(refused.message), /context\.max_hard_memories \(3\)/);
  assert.match(String(refused.message), /delete_hard/);
  assert.equal(refused.max, 3);

  // Nothing was lost, nothing half-stored: the three are found, the refused one is not.
  const found = await ctx.request({ type: "search_hard", ctxkey: "full", query: "fruit damson", top_k: 10 });
  assert.deepEqual((found.results as { id: number }[]).map((r) => r.id).sort(), [...ids].sort());
  assert.equal((await ctx.request({ type: "ping" })).type, "pong", "the service stays up");

  // Another ctxkey has a bound of its own.
  assert.equal((await ctx.request({ type: "store_hard", ctxkey: "other", messages: note("fruit elder") })).type, "ok");

  // delete_hard makes room (ids of another ctxkey are left alone), then the store succeeds.
  const deleted = await ctx.request({ type: "delete_hard", ctxkey: "full", ids: [ids[0]!, 999_999] });
  assert.deepEqual(deleted, { type: "ok", count: 1 });
  assert.equal((await ctx.request({ type: "store_hard", ctxkey: "full", messages: note("fruit damson") })).type, "ok");
  const after = await ctx.request({ type: "search_hard", ctxkey: "full", query: "apple" });
  assert.deepEqual(after.results, [], "a deleted memory is no longer found");
});

void it("CTX-42 clear_hard forgets a ctxkey's own hard memories only; a ctxkey may raise its bound with set_config", async () => {
  for (const word of ["one", "two", "three"]) await ctx.request({ type: "store_hard", ctxkey: "clear", messages: note(`count ${word}`) });
  await ctx.request({ type: "store_hard", ctxkey: "default", messages: note("count default") });
  assert.equal((await ctx.request({ type: "store_hard", ctxkey: "clear", messages: note("count four") })).code, "limit_reached");
  assert.equal((await ctx.request({ type: "set_config", ctxkey: "clear", config: { context: { max_hard_memories: 4 } } })).type, "ok");
  assert.equal((await ctx.request({ type: "store_hard", ctxkey: "clear", messages: note("count four") })).type, "ok");
  assert.deepEqual(await ctx.request({ type: "clear_hard", ctxkey: "clear" }), { type: "ok", count: 4 });
  const left = await ctx.request({ type: "search_hard", ctxkey: "clear", query: "count" });
  assert.deepEqual(
    (left.results as { messages: { content: string }[] }[]).map((r) => r.messages[0]?.content),
    ["count default"],
    "the default ctxkey's memory stays",
  );
});

void it("CTX-42 delete_hard and a bound out of range are bad requests naming the field", async () => {
  const noIds = await ctx.request({ type: "delete_hard", ctxkey: "full", ids: [] });
  assert.equal(noIds.code, "bad_request");
  assert.match(String(noIds.message), /ids/);
  const negative = await ctx.request({ type: "set_config", ctxkey: "full", config: { context: { max_hard_memories: -1 } } });
  assert.equal(negative.code, "bad_request");
  assert.match(String(negative.message), /max_hard_memories/);
});
