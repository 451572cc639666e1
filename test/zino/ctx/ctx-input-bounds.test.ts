// Bounds on what ctx stores from one request [ext]: soft memory (it goes into every system prompt), a hard memory's
// messages and tag. Past one: `bad_request` naming the field, nothing stored, the service keeps answering.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { MAX_HARD_MEMORY_CHARS, MAX_SOFT_MEMORY_CHARS } from "../../../src/zino/protocol/ctx-requests.js";
import { TEST_TOML, type CtxHarness, startCtx } from "./ctx-harness.js";

let ctx: CtxHarness;
before(async () => {
  ctx = await startCtx({ toml: TEST_TOML.replace("max_frame_bytes = 65536", "max_frame_bytes = 8388608") });
});
after(async () => {
  await ctx.cleanup();
});

void it("CTX-44 soft memory past MAX_SOFT_MEMORY_CHARS is refused naming content; the stored note stays", async () => {
  assert.equal((await ctx.request({ type: "set_soft", ctxkey: "s", content: "keep me" })).type, "ok");
  for (const type of ["set_soft", "set_soft_memory"]) {
    const refused = await ctx.request({ type, ctxkey: "s", content: "x".repeat(MAX_SOFT_MEMORY_CHARS + 1) });
    assert.equal(refused.code, "bad_request");
    assert.match(String(refused.message), /content: must be at most 262144 characters/);
  }
  assert.deepEqual(await ctx.request({ type: "get_soft", ctxkey: "s" }), { type: "soft", content: "keep me" });
  const exact = await ctx.request({ type: "set_soft", ctxkey: "s", content: "y".repeat(MAX_SOFT_MEMORY_CHARS) });
  assert.equal(exact.type, "ok", "the bound itself is allowed");
});

void it("CTX-44 a hard memory past MAX_HARD_MEMORY_CHARS of JSON, or a tag past 1024 characters, is refused and not stored", async () => {
  const big = await ctx.request({
    type: "store_hard",
    ctxkey: "h",
    messages: [{ role: "user", content: `needle ${"z".repeat(MAX_HARD_MEMORY_CHARS)}` }],
  });
  assert.equal(big.code, "bad_request");
  assert.match(String(big.message), /messages: must be at most 1048576 characters as JSON/);
  const tagged = await ctx.request({
    type: "store_hard",
    ctxkey: "h",
    tag: "t".repeat(1025),
    messages: [{ role: "user", content: "needle" }],
  });
  assert.equal(tagged.code, "bad_request");
  assert.match(String(tagged.message), /tag/);
  assert.deepEqual((await ctx.request({ type: "search_hard", ctxkey: "h", query: "needle" })).results, []);
  assert.equal((await ctx.request({ type: "store_hard", ctxkey: "h", messages: [{ role: "user", content: "needle" }] })).type, "ok");
});

void it("CTX-45 get_history of more history than one frame is refused with frame_too_large naming `limit`; a smaller limit is answered", async () => {
  const big = "h".repeat(3 * 1024 * 1024);
  for (let i = 0; i < 3; i++) {
    const stored = await ctx.request({ type: "append_history", ctxkey: "long", messages: [{ role: "user", content: `${i}${big}` }] });
    assert.equal(stored.type, "ok", JSON.stringify(stored).slice(0, 200));
  }
  for (const limit of [undefined, 3, 1_000_000]) {
    const refused = await ctx.request({ type: "get_history", ctxkey: "long", ...(limit === undefined ? {} : { limit }) });
    assert.equal(refused.code, "frame_too_large", JSON.stringify(refused).slice(0, 300));
    assert.equal(refused.max_frame_bytes, 8388608);
    assert.match(String(refused.message), /more than 8388608 bytes.*ask for fewer of the newest messages with `limit`/);
  }
  const newest = await ctx.request({ type: "get_history", ctxkey: "long", limit: 2 });
  assert.equal(newest.type, "history");
  assert.deepEqual(
    (newest.messages as { content: string }[]).map((m) => m.content[0]),
    ["1", "2"],
  );
  assert.deepEqual(await ctx.request({ type: "ping" }), { type: "pong" });
});
