// ctx's caches of what it reads and derives (configurations, prompts, memories) are bounded by the characters they
// hold, not only by their number of entries (CTX-47): a ctxkey's configuration may be as large as a frame, and large
// configurations on many ctxkeys, each read once, must not stay in ctx's memory for good.
import assert from "node:assert/strict";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { after, before, it } from "node:test";
import BetterSqlite3 from "better-sqlite3";
import { valueChars } from "../../../src/zino/ctx/value-chars.js";
import { TEST_TOML, type CtxHarness, startCtx } from "./ctx-harness.js";

let ctx: CtxHarness;
before(async () => {
  ctx = await startCtx({ toml: TEST_TOML.replace("max_frame_bytes = 65536", "max_frame_bytes = 8388608") });
});
after(async () => {
  await ctx.cleanup();
});

void it("CTX-47 valueChars counts strings, keys and a few characters per other value", () => {
  assert.equal(valueChars("abc"), 3);
  assert.equal(valueChars({ ab: ["xyz", 1, null, { c: true }] }), 8 + 2 + 8 + 3 + 8 + 8 + 8 + 1 + 8);
  const deep: unknown[] = [];
  let inner = deep;
  for (let i = 0; i < 100_000; i++) inner.push((inner = []));
  assert.equal(valueChars(deep), 8 * 100_001, "a deep value is walked without recursion");
});

void it("CTX-47 keeps at most MAX_CACHED_READ_CHARS of configurations read in memory, and each is still answered", async (t) => {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const big = "x".repeat(3 * 1024 * 1024);
  const model = (k: number) => `m${k}${big}`;
  // Rows past set_config's own bound (CTX-49), as an older ctx or another writer on the file may have left them.
  const database = new BetterSqlite3(join(ctx.dir, "db", "ctx.sqlite"));
  const insert = database.prepare("INSERT INTO config (ctxkey, layer, value, updated_at) VALUES (?, 'set', ?, '2026-01-01T00:00:00Z')");
  for (let k = 0; k < 64; k++) insert.run(`c${k}`, JSON.stringify({ llm: { base_url: "http://127.0.0.1:9/v1", model: model(k) } }));
  database.close();
  gc();
  const before = process.memoryUsage();
  for (let k = 0; k < 64; k++) {
    const read = await ctx.request({ type: "get_config", ctxkey: `c${k}` });
    assert.equal((read.config as { llm: { model: string } }).llm.model, model(k));
    const built = await ctx.request({ message: "hello", ctxkey: `c${k}`, include_agent_config: true });
    assert.equal(built.type, "messages");
  }
  gc();
  const now = process.memoryUsage();
  const grownMb = (now.heapUsed + now.external - before.heapUsed - before.external) / 1e6;
  // Kept whole, the configurations of 64 ctxkeys read once held about 210 MB for good (the read and derived caches share the strings).
  t.diagnostic(`ctx's heap grew by ${grownMb.toFixed(0)} MB over 64 configurations of 3 MiB read once each`);
  assert.ok(grownMb < 140, `ctx's heap grew by ${grownMb.toFixed(0)} MB`);
  const again = await ctx.request({ type: "get_config", ctxkey: "c0" });
  assert.equal((again.config as { llm: { model: string } }).llm.model, model(0), "a configuration dropped from the cache is read again");
});
