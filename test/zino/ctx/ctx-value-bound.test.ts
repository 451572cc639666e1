// The bounds on a ctxkey's host-side values [ext] (`context.max_values`, `context.max_values_chars`), over ctx's real
// socket: a set_value past one is refused with `limit_reached` naming it, nothing stored is lost, null makes room.
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { TEST_TOML, type CtxHarness, startCtx } from "./ctx-harness.js";

let ctx: CtxHarness;
before(async () => {
  ctx = await startCtx({ toml: `${TEST_TOML}\n[context]\nmax_values = 3\nmax_values_chars = 2000\n` });
});
after(async () => {
  await ctx.cleanup();
});

const set = (ctxkey: string, key: string, value: unknown) => ctx.request({ type: "set_value", ctxkey, key, value });
const get = async (ctxkey: string, key: string) => (await ctx.request({ type: "get_value", ctxkey, key })).value;

void it("CTX-51 a set_value of a new key past context.max_values is refused with limit_reached and what to do", async () => {
  for (const key of ["a", "b", "c"]) assert.equal((await set("many", key, { n: key })).type, "ok");
  const refused = await set("many", "d", { n: "d" });
  assert.equal(refused.type, "error");
  assert.equal(refused.code, "limit_reached");
  assert.equal(refused.limit, "context.max_values");
  assert.equal(refused.max, 3);
  assert.equal(refused.count, 3);
  assert.match(String(refused.message), /already holds 3 values, the most context\.max_values \(3\) allows/);
  assert.match(String(refused.message), /value null/);
  assert.equal(await get("many", "d"), null, "nothing stored");
  assert.deepEqual(await get("many", "a"), { n: "a" }, "nothing lost");
  assert.equal((await ctx.request({ type: "ping" })).type, "pong", "the service stays up");

  // A key already held may be rewritten; null removes one and makes room; another ctxkey has bounds of its own.
  assert.equal((await set("many", "a", { n: "a2" })).type, "ok");
  assert.equal((await set("elsewhere", "d", 1)).type, "ok");
  assert.equal((await set("many", "b", null)).type, "ok");
  assert.equal((await set("many", "d", { n: "d" })).type, "ok");
  assert.deepEqual(await get("many", "d"), { n: "d" });
});

void it("CTX-51 a set_value past context.max_values_chars is refused, counting a rewritten key's new size only", async () => {
  assert.equal((await set("big", "one", "x".repeat(1500))).type, "ok");
  const refused = await set("big", "two", "y".repeat(600));
  assert.equal(refused.code, "limit_reached");
  assert.equal(refused.limit, "context.max_values_chars");
  assert.equal(refused.max, 2000);
  assert.match(String(refused.message), /context\.max_values_chars \(2000\)/);
  assert.equal(await get("big", "two"), null);
  // Rewriting the big value smaller frees its size.
  assert.equal((await set("big", "one", "x".repeat(100))).type, "ok");
  assert.equal((await set("big", "two", "y".repeat(600))).type, "ok");
  assert.equal(String(await get("big", "one")).length, 100);
});

void it("CTX-51 a ctxkey may raise its bounds with set_config; bounds out of range are bad requests naming the field", async () => {
  for (const key of ["a", "b", "c"]) await set("raised", key, 1);
  assert.equal((await set("raised", "d", 1)).code, "limit_reached");
  assert.equal((await ctx.request({ type: "set_config", ctxkey: "raised", config: { context: { max_values: 4 } } })).type, "ok");
  assert.equal((await set("raised", "d", 1)).type, "ok");
  const negative = await ctx.request({ type: "set_config", ctxkey: "raised", config: { context: { max_values_chars: -1 } } });
  assert.equal(negative.code, "bad_request");
  assert.match(String(negative.message), /max_values_chars/);
});
