// What a search of hard memories costs does not grow with the text of every memory the ctxkey holds: the word
// index answers it, and only the memories returned are read back (CPU time, not the clock: see test/support/cpu-time.ts).
import assert from "node:assert/strict";
import { after, before, it } from "node:test";
import { cpuTimed } from "../../support/cpu-time.js";
import { TEST_TOML, type CtxHarness, startCtx } from "./ctx-harness.js";

let ctx: CtxHarness;
before(async () => {
  ctx = await startCtx({ toml: `${TEST_TOML}\n[context]\nmax_hard_memories = 1000\n` });
});
after(async () => {
  await ctx.cleanup();
});

const MEMORIES = 400;
// 24 KB of text each (9.6 MB in all), from few distinct words: reading and splitting every memory's text took
// 100 ms and more per search; the index holds 20 words per memory.
const FILLER = Array.from({ length: 20 }, (_, i) => `filler${i}`).join(" ");
const BIG_TEXT = `${FILLER} `.repeat(Math.ceil(24_000 / (FILLER.length + 1)));

void it("CTX-43 search_hard and a turn's recall cost about the same with 400 large memories as with one", async () => {
  for (let i = 0; i < MEMORIES; i++) {
    const text = i === 123 ? `${BIG_TEXT} needle haystack` : BIG_TEXT;
    const stored = await ctx.request({ type: "store_hard", ctxkey: "big", messages: [{ role: "user", content: text }] });
    assert.equal(stored.type, "ok");
  }
  const search = () => ctx.request({ type: "search_hard", ctxkey: "big", query: "where is the needle in the haystack" });
  await search();
  let worst = 0;
  for (let round = 0; round < 3; round++) {
    // A write drops ctx's cached reads: the search after it is the one a turn after a store_hard pays.
    await ctx.request({ type: "set_soft", ctxkey: "big", content: `round ${round}` });
    const { ms, result } = await cpuTimed(search);
    const results = result.results as { score: number; messages: { content: string }[] }[];
    assert.equal(results.length, 1);
    assert.match(results[0]!.messages[0]!.content, /needle haystack$/);
    const recall = await cpuTimed(() => ctx.request({ message: "needle haystack", ctxkey: "big" }));
    assert.match(String((recall.result.messages as { content: string }[])[0]?.content), /Memories from earlier conversations/);
    worst = Math.max(worst, ms, recall.ms);
  }
  // Measured: about 2 ms each; reading every memory took 76 ms (12 KB each) and 134 ms (24 KB each).
  assert.ok(worst < 40, `a search took ${worst.toFixed(1)} ms of CPU`);
});
