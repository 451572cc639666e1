// rtr's warm-up (src/zino/rtr/warm-up.ts): once rtr has listened a while without a turn, one completion against a
// stand-in provider inside rtr. It must reach neither the configured provider nor ctx, leave no socket behind, say
// nothing of a key, give way to a turn that comes first, and stay off when ZINO_RTR_WARM_UP=0.
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { after, describe, it } from "node:test";
import { startFakeProvider, type FakeProvider } from "../../../harness/fake-provider.js";
import { idleOnce, warmUpSocketPath } from "../../../src/zino/rtr/warm-up.js";
import { last, llmFor, startRtr, userMessages, type RtrHarness } from "./rtr-harness.js";

const KEY = "sk-warm-up-SECRET-4242";
const WARMED = "warmed up";

let fake: FakeProvider;
const harnesses: RtrHarness[] = [];
after(async () => {
  await Promise.all(harnesses.map((h) => h.close()));
  await fake?.close();
});

async function rtrWith(options: { warmUpIdleMs: number; env?: NodeJS.ProcessEnv }): Promise<RtrHarness> {
  fake ??= await startFakeProvider();
  const h = await startRtr({ rows: { default: { llm: llmFor(fake.url) } }, env: { LLM_API_KEY: KEY, ...options.env }, ...options });
  harnesses.push(h);
  return h;
}

const warmedUp = (h: RtrHarness) => h.logLines.some((line) => (JSON.parse(line) as { msg?: string }).msg === WARMED);

/** Waits for rtr's "warmed up" line: logged only when the warm-up's completion ended with the stand-in's whole text. */
async function untilWarmedUp(h: RtrHarness, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!warmedUp(h)) {
    if (Date.now() > deadline) throw new Error(`no "${WARMED}" within ${timeoutMs} ms; rtr logged:\n${h.logLines.join("\n")}`);
    await sleep(10);
  }
}

void describe("rtr's warm-up", () => {
  void it("an idle rtr warms up by itself, reaching neither the provider nor ctx, and leaves nothing behind", async () => {
    const h = await rtrWith({ warmUpIdleMs: 20 });
    const before = fake.requests.length;
    await untilWarmedUp(h, 15_000);
    assert.equal(fake.requests.length, before, "the configured provider got no request");
    assert.deepEqual(h.ctxRequests, [], "ctx was not asked");
    const runtimeDir = dirname(h.socketPath);
    assert.deepEqual(
      readdirSync(runtimeDir).filter((name) => name.includes("warm")),
      [],
      "the stand-in provider's socket is gone",
    );
    assert.ok(!h.logLines.some((line) => line.includes(KEY)), "no log line names the key");
    // And rtr then serves as usual, with the key the environment gives it.
    const frames = await h.request({ message: userMessages("after the warm-up"), ctxkey: "w" });
    assert.equal(last(frames).full_text, "echo: after the warm-up");
    assert.equal(fake.requests.length, before + 1);
    assert.equal(fake.requests.at(-1)!.headers.authorization, `Bearer ${KEY}`);
  });

  void it("a turn before the idle delay cancels it", async () => {
    // The turn must come before the delay: 3 s, since a loaded machine can hold this process longer than the 300 ms
    // this had (a 400 ms stall between the start and the turn let the warm-up run first).
    const h = await rtrWith({ warmUpIdleMs: 3000 });
    const frames = await h.request({ message: userMessages("first"), ctxkey: "c" });
    assert.equal(last(frames).full_text, "echo: first");
    // Past the delay, counted from before the turn, with room for a warm-up to log.
    await sleep(3500);
    assert.equal(warmedUp(h), false);
  });

  void it("ZINO_RTR_WARM_UP=0 turns it off", async () => {
    const h = await rtrWith({ warmUpIdleMs: 20, env: { ZINO_RTR_WARM_UP: "0" } });
    await sleep(500);
    assert.equal(warmedUp(h), false);
  });

  void it("its socket sits beside rtr's, and a path too long for a Unix socket means no warm-up", () => {
    assert.equal(warmUpSocketPath("/run/zino/rtr.sock", 77), "/run/zino/.rtr-warm-up-77.sock");
    assert.equal(warmUpSocketPath(join("/", "d".repeat(90), "rtr.sock"), 77), undefined);
  });

  void it("idleOnce runs its work once after the delay, never after cancel, and stop waits for it", async () => {
    let runs = 0;
    const once = idleOnce(10, async () => {
      runs += 1;
      await sleep(50);
    });
    once.arm();
    once.arm();
    await sleep(40);
    assert.equal(runs, 1);
    await once.stop();
    once.arm();
    await sleep(40);
    assert.equal(runs, 1, "not again after stop");

    let cancelledRuns = 0;
    const cancelled = idleOnce(20, () => {
      cancelledRuns += 1;
      return Promise.resolve();
    });
    cancelled.arm();
    cancelled.cancel();
    cancelled.arm();
    await sleep(60);
    assert.equal(cancelledRuns, 0);

    let aborted = false;
    const stopped = idleOnce(1, async (signal) => {
      await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
      aborted = true;
    });
    stopped.arm();
    await sleep(20);
    await stopped.stop();
    assert.equal(aborted, true, "stop aborts a running warm-up and waits for its end");
  });
});
