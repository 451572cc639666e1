// zino-rtr caches each ctxkey's configuration (config-source.ts): the cache holds at most MAX_REMEMBERED ctxkeys, so a
// client naming ever new ctxkeys (or an instance serving many people) does not grow rtr's memory for good.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { MAX_REMEMBERED } from "../../../src/zino/rtr/config-source.js";
import { createFrameChannel, type FrameChannel } from "../../../src/wire/index.js";
import { startRtr, type RtrHarness } from "./rtr-harness.js";

void describe("zino-rtr's cache of ctxkey configurations", { timeout: 120_000 }, () => {
  let h: RtrHarness;
  let channel: FrameChannel;
  before(async () => {
    h = await startRtr({ rows: { default: { llm: { base_url: "http://127.0.0.1:9/v1", model: "m" } } }, configTtlMs: 3_600_000 });
    channel = createFrameChannel(h.socketPath, { maxFrameBytes: 1024 * 1024 });
  });
  after(async () => {
    channel.close();
    await h.close();
  });

  const loadsOf = (ctxkey: string) => h.ctxRequests.filter((frame) => frame.ctxkey === ctxkey).length;
  const capabilities = (ctxkey: string) => channel.one({ type: "capabilities", ctxkey }, { idleTimeoutMs: 30_000 });

  void it("R5.cache-bound keeps at most MAX_REMEMBERED ctxkeys: the oldest is loaded from ctx again after that many others", async () => {
    assert.equal((await capabilities("first")).model, "m");
    assert.equal((await capabilities("first")).model, "m");
    assert.equal(loadsOf("first"), 1, "within its TTL the configuration is cached");
    for (let i = 0; i < MAX_REMEMBERED; i += 200) {
      await Promise.all(Array.from({ length: 200 }, (_, j) => capabilities(`other-${i + j}`)));
    }
    assert.equal((await capabilities("first")).model, "m");
    assert.equal(loadsOf("first"), 2, "the cache started over instead of growing past its bound");
  });
});
