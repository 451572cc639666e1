// The daemon's model function over a real socket (src/zino/daemon/rtr-model.ts): rtr's frames become model events,
// a stream that ends without `done` or with an `error` frame fails the call, and leaving early cancels the request.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import {
  WireError,
  createFrameChannel,
  createFrameServer,
  silentLogger,
  type FrameChannel,
  type FrameServer,
} from "../../../src/wire/index.js";
import type { ModelEvent } from "../../../src/zino/daemon/agent-types.js";
import type { PeerOptions } from "../../../src/zino/daemon/peer-request.js";
import { RTR_IDLE_TIMEOUT_MS, createRtrModel, rtrIdleTimeoutMs } from "../../../src/zino/daemon/rtr-model.js";

const DONE = { type: "done", full_text: "ab", finish_reason: "stop", model: "m", tool_calls: [] };

/** What the fake rtr answers, by the text of the last message. */
const SCRIPTS: Record<string, Record<string, unknown>[]> = {
  plain: [
    { type: "chunk", delta: "a" },
    { type: "tool_call_delta", index: 0 },
    { type: "status", phase: "retry" },
    { type: "chunk", delta: "b" },
    DONE,
  ],
  cut: [{ type: "chunk", delta: "a" }],
  failing: [
    { type: "chunk", delta: "a" },
    { type: "error", code: "provider_error", message: "the provider broke" },
  ],
};

void describe("rtr model (daemon side)", { timeout: 20_000 }, () => {
  let dir: string;
  let server: FrameServer;
  let channel: FrameChannel;
  let cancelled = 0;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "zrtrm-"));
    server = createFrameServer({
      socketPath: join(dir, "rtr.sock"),
      logger: silentLogger(),
      handler: async (request, out, signal) => {
        const messages = request.message as { content: string }[];
        const script = messages.at(-1)!.content;
        if (script === "endless") {
          await out.send({ type: "chunk", delta: "x" });
          await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
          cancelled += 1;
          return;
        }
        for (const frame of SCRIPTS[script]!) await out.send(frame);
      },
    });
    await server.start();
    channel = createFrameChannel(join(dir, "rtr.sock"));
  });

  after(async () => {
    channel.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (script: string) => {
    const model = createRtrModel({ channels: { rtr: channel } } as unknown as PeerOptions, "k");
    return model({ messages: [{ role: "user", content: script }], tools: undefined, signal: new AbortController().signal });
  };

  void it("turns chunks into deltas, passes statuses, skips tool call deltas, and ends at done", async () => {
    const events: ModelEvent[] = [];
    for await (const event of call("plain")) events.push(event);
    assert.deepEqual(
      events.map((e) => (e.type === "delta" ? e.text : e.type)),
      ["a", "status", "b", "done"],
    );
    const done = events.at(-1)!;
    assert.ok(done.type === "done");
    assert.equal(done.text, "ab");
    assert.equal(done.finishReason, "stop");
  });

  void it("fails a stream that ends without done, and one that carries an error frame, after the text before it", async () => {
    for (const [script, code] of [
      ["cut", "unavailable"],
      ["failing", "provider_error"],
    ] as const) {
      const seen: string[] = [];
      await assert.rejects(
        async () => {
          for await (const event of call(script)) if (event.type === "delta") seen.push(event.text);
        },
        (err: unknown) => err instanceof WireError && err.code === code,
        script,
      );
      assert.deepEqual(seen, ["a"], script);
    }
  });

  void it("waits for rtr's next frame as long as the ctxkey's llm.timeout_ms allows rtr to wait, never less than 300 s", async () => {
    assert.equal(rtrIdleTimeoutMs(undefined), RTR_IDLE_TIMEOUT_MS);
    assert.equal(rtrIdleTimeoutMs(120_000), RTR_IDLE_TIMEOUT_MS);
    assert.ok(rtrIdleTimeoutMs(600_000) > 600_000);
    // The bound the model call gives the channel, seen where the channel is handed over.
    const bounds: (number | undefined)[] = [];
    const recording = {
      frames: (request: Record<string, unknown>, options?: { idleTimeoutMs?: number }) => {
        bounds.push(options?.idleTimeoutMs);
        return channel.frames(request, options);
      },
    };
    const model = createRtrModel({ channels: { rtr: recording } } as unknown as PeerOptions, "k", undefined, 24 * 3_600_000);
    for await (const _event of model({
      messages: [{ role: "user", content: "plain" }],
      tools: undefined,
      signal: new AbortController().signal,
    }));
    assert.deepEqual(bounds, [rtrIdleTimeoutMs(24 * 3_600_000)]);
    assert.ok(bounds[0]! > 24 * 3_600_000);
  });

  void it("cancels the request at rtr when the caller leaves early", async () => {
    const before = cancelled;
    for await (const event of call("endless")) {
      assert.equal(event.type, "delta");
      break;
    }
    for (let i = 0; i < 100 && cancelled === before; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(cancelled, before + 1);
  });
});
