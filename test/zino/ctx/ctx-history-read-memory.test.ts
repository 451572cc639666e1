// A prompt's history is read no further than one answer frame's worth of stored text ([limits] max_frame_bytes), with
// the real zino-ctx process: a history of messages each nearly a frame large took gigabytes on every turn of that
// ctxkey (the newest `history.max_messages` of them read whole, before `history.max_tokens` kept none of them).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { requestOne } from "../../../src/wire/index.js";
import { residentBytes } from "../../support/partial-frame-flood.js";
import { zinoServicesSuite } from "../../support/zino-services-suite.js";

const MiB = 1024 * 1024;
const LARGE_MESSAGES = 40;
const LARGE_CHARS = 4 * MiB;

void describe("a prompt over a history of large messages (real zino-ctx, 16 MiB frames)", () => {
  const suite = zinoServicesSuite({ services: ["ctx"] });

  void it(
    "CTX-50 a turn reads at most a frame's worth of the newest history: ctx grows by far less than the history's size",
    { timeout: 120_000 },
    async () => {
      const socket = suite.instance.sockets.ctx;
      const large = "x".repeat(LARGE_CHARS);
      for (let i = 0; i < LARGE_MESSAGES; i += 1) {
        const message = { role: i % 2 === 0 ? "user" : "assistant", content: large };
        assert.equal((await requestOne(socket, { type: "append_history", ctxkey: "large", messages: [message] })).type, "ok");
      }
      const small = [
        { role: "user", content: "What is the capital of Peru?" },
        { role: "assistant", content: "Lima." },
      ];
      assert.equal((await requestOne(socket, { type: "append_history", ctxkey: "large", messages: small })).type, "ok");
      await sleep(500);

      const pid = suite.services[0]!.child.pid!;
      const baseline = residentBytes(pid);
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, residentBytes(pid));
      }, 5);
      const answers = [];
      for (let turn = 0; turn < 3; turn += 1) answers.push(await requestOne(socket, { message: "And of Chile?", ctxkey: "large" }));
      clearInterval(sampler);
      peak = Math.max(peak, residentBytes(pid));

      const growthMiB = (peak - baseline) / MiB;
      const historyMiB = (LARGE_MESSAGES * LARGE_CHARS) / MiB;
      process.stderr.write(`# zino-ctx: +${growthMiB.toFixed(0)} MiB while building 3 prompts over ${historyMiB} MiB of history\n`);
      // Before: +300 MiB and more (each large message read and decoded on every turn); a frame's worth is 16 MiB.
      assert.ok(growthMiB < 100, `grew by ${growthMiB.toFixed(0)} MiB`);
      for (const answer of answers) {
        assert.equal(answer.type, "messages", JSON.stringify(answer).slice(0, 300));
        const contents = (answer.messages as { content: string }[]).map((m) => m.content);
        assert.deepEqual(
          contents.slice(1),
          ["What is the capital of Peru?", "Lima.", "And of Chile?"],
          "the newest turn that fits is kept",
        );
      }
      assert.equal(suite.services[0]!.child.exitCode, null, "ctx stays up");
      // Nothing stored is lost: the whole history is still there.
      const newest = await requestOne(socket, { type: "get_history", ctxkey: "large", limit: 3 });
      assert.equal((newest.messages as unknown[]).length, 3);
    },
  );
});
