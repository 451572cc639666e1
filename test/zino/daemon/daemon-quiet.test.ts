// The daemon and exc sharing a thread, as in zino-host (src/zino/runtime/quiet-moments.ts): where exc starts its warm
// sandboxes itself with Node's spawn (a fork of the whole process, which stops the daemon too), it makes them when no
// turn runs, not between a tool's result and the next model call. Real ctx, rtr and exc services in this process, real
// held sandbox processes; the second model call is held by the fake provider so the test can look in the middle of it.
// This file's process spawns without the native addon (ZINO_NATIVE_SPAWN=0, read at exc's start, after this line):
// with it, a spawn does not fork and exc makes its sandboxes at once (zino-one-process.test.ts runs the host so).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { requestOne } from "../../../src/wire/index.js";
import { createQuietMoments } from "../../../src/zino/runtime/quiet-moments.js";
import { startHarness, type Harness } from "./daemon-harness.js";

process.env.ZINO_NATIVE_SPAWN = "0";

/** How long the provider holds the answer of the turn's second model call. */
const HOLD_MS = 1500;
/** The same for the case that waits for the sandbox during the hold: room for a slow spawn on a loaded machine. */
const LONG_HOLD_MS = 4000;

async function warmSandboxes(h: Harness, ctxkey: string): Promise<number> {
  const capabilities = await requestOne(h.instance.sockets.exc, { type: "capabilities", ctxkey });
  return Number(capabilities.warm_sandboxes);
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A turn whose model calls `echo hi`, then answers only after `holdMs`; resolves once that second call is held. */
async function turnHeldAfterTool(h: Harness, ctxkey: string, holdMs: number): Promise<{ done: Promise<unknown> }> {
  h.provider.enqueue(
    { toolCalls: [{ name: "execute_bash", arguments: { code: "echo hi" } }] },
    { text: "answered after the hold", headersDelayMs: holdMs },
  );
  const done = h.ask({ message: "run it", ctxkey });
  await h.provider.waitFor((requests) => requests.length >= 2, 10_000);
  return { done };
}

void describe("daemon and exc on one thread (zino-host)", () => {
  void it("DMN-35 a warm sandbox is made once the turn is done, not while the turn waits for its next model call", async () => {
    const quiet = createQuietMoments({ maxWaitMs: 60_000 });
    const h = await startHarness({ exc: true, quiet });
    try {
      const { done } = await turnHeldAfterTool(h, "quiet-turn", HOLD_MS);
      // The tool ran (on demand: the sandbox asked for at `ready` waits too), the answer is held by the provider.
      assert.equal(quiet.turns, 1, "the daemon counts its turn as running");
      assert.equal(await warmSandboxes(h, "quiet-turn"), 0, "no sandbox is made while the turn runs");
      const frames = (await done) as Array<Record<string, unknown>>;
      assert.equal(frames.at(-1)?.full_text, "answered after the hold");
      assert.equal(frames.find((frame) => frame.type === "tool_done")?.ok, true, JSON.stringify(frames));
      assert.equal(quiet.turns, 0);
      await waitUntil("the sandbox is made after the turn", async () => (await warmSandboxes(h, "quiet-turn")) === 1);
    } finally {
      await h.close();
    }
  });

  void it("DMN-35 without a shared thread (four processes) the sandbox is made right after the execution, during the model call", async () => {
    const h = await startHarness({ exc: true });
    try {
      const { done } = await turnHeldAfterTool(h, "apart-turn", LONG_HOLD_MS);
      let answered = false;
      void done.then(() => (answered = true));
      await waitUntil(
        "the sandbox is made while the answer is held",
        async () => (await warmSandboxes(h, "apart-turn")) === 1,
        LONG_HOLD_MS,
      );
      assert.equal(answered, false, "made before the turn's answer came");
      assert.equal(h.provider.chatRequests().length, 2);
      await done;
    } finally {
      await h.close();
    }
  });
});
