// The history windows ctx keeps between turns (CTX-46): bounded by their number and by their characters together, the
// least recently used going first, so that large messages on many ctxkeys do not stay in ctx's memory for good.
import assert from "node:assert/strict";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { after, before, describe, it } from "node:test";
import { HistoryTails } from "../../../src/zino/ctx/history-tails.js";
import type { ChatMessage } from "../../../src/zino/protocol/index.js";
import { TEST_TOML, type CtxHarness, startCtx } from "./ctx-harness.js";

const message = (content: string): ChatMessage => ({ role: "user", content });
const decode = (text: string) => JSON.parse(text) as ChatMessage;
const texts = (...contents: string[]) => contents.map((content) => JSON.stringify(message(content)));

void describe("HistoryTails", () => {
  void it("CTX-46 drops the least recently used windows past its characters, and keeps no window larger than them", () => {
    const tails = new HistoryTails(10, 100);
    const a = texts("a".repeat(20));
    const b = texts("b".repeat(20));
    tails.set("a", 5, a, a.map(decode));
    tails.set("b", 5, b, b.map(decode));
    assert.ok(tails.get("a"), "a is now the most recently used");
    const c = texts("c".repeat(20));
    tails.set("c", 5, c, c.map(decode));
    assert.deepEqual([tails.size, tails.chars], [2, 2 * a[0]!.length], "b went first");
    assert.equal(tails.get("b"), undefined);
    assert.ok(tails.get("a") && tails.get("c"));
    const huge = texts("h".repeat(200));
    tails.set("h", 5, huge, huge.map(decode));
    assert.equal(tails.get("h"), undefined, "a window alone past the bound is not kept");
    assert.equal(tails.size, 2);
  });

  void it("CTX-46 follows appends within the window's limit, counting only the messages it keeps", () => {
    const tails = new HistoryTails(2, 1_000);
    const first = texts("1", "2");
    tails.set("k", 2, first, first.map(decode));
    tails.follow("k", texts("3"), decode);
    assert.deepEqual(
      tails.get("k")?.messages.map((m) => m.content),
      ["2", "3"],
    );
    assert.equal(tails.chars, JSON.stringify(message("2")).length * 2);
    tails.follow("absent", texts("x"), decode);
    assert.equal(tails.get("absent"), undefined, "an append to a ctxkey without a window makes none");
    for (const key of ["x", "y"]) tails.set(key, 1, texts(key), [message(key)]);
    assert.deepEqual([tails.size, tails.get("k")], [2, undefined], "past the number of windows, the least recently used goes");
    tails.delete("x");
    tails.clear();
    assert.deepEqual([tails.size, tails.chars], [0, 0]);
  });
});

void describe("zino-ctx with large messages on many ctxkeys", () => {
  let ctx: CtxHarness;
  before(async () => {
    ctx = await startCtx({ toml: TEST_TOML.replace("max_frame_bytes = 65536", "max_frame_bytes = 8388608") });
  });
  after(async () => {
    await ctx.cleanup();
  });

  void it("CTX-46 keeps at most MAX_CACHED_TAIL_CHARS of their history windows in memory, and every turn still sees its history", async (t) => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const big = "m".repeat(3 * 1024 * 1024);
    const turn = async (ctxkey: string) => {
      const built = await ctx.request({ message: "hello", ctxkey });
      assert.equal(built.type, "messages", JSON.stringify(built).slice(0, 200));
    };
    await turn("warm-up");
    gc();
    const before = process.memoryUsage();
    for (let k = 0; k < 40; k++) {
      for (const role of ["user", "assistant"]) {
        const stored = await ctx.request({ type: "append_history", ctxkey: `m${k}`, messages: [{ role, content: `${k}${big}` }] });
        assert.equal(stored.type, "ok");
      }
      await turn(`m${k}`);
    }
    gc();
    const now = process.memoryUsage();
    const grownMb = (now.heapUsed + now.external - before.heapUsed - before.external) / 1e6;
    // Kept whole, the 40 windows held 250 MB (6 MiB each) for good.
    t.diagnostic(`ctx's heap grew by ${grownMb.toFixed(0)} MB over 40 ctxkeys of 6 MiB of history each`);
    assert.ok(grownMb < 150, `ctx's heap grew by ${grownMb.toFixed(0)} MB`);
    const first = await ctx.request({ type: "get_history", ctxkey: "m0", limit: 1 });
    assert.equal((first.messages as { content: string }[])[0]?.content, `0${big}`, "a window dropped from memory is read again");
  });
});
