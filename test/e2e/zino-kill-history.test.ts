// Issue 11 "ZINO services and files", the kill tests: clients run turns while zino-ctx and zino-daemon are killed
// with SIGKILL and restarted. Each client retries a turn that did not end with the same `turn_id` [ext]. Afterwards
// every ctxkey's history holds each turn exactly once, in the order the client sent them.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { requestAll, requestOne } from "../../src/wire/index.js";
import { spawnZinoService, waitForPing } from "../../harness/zino-processes.js";
import { zinoServicesSuite } from "../support/zino-services-suite.js";

const CTXKEYS = ["kill-a", "kill-b", "kill-c"];
const TURNS = 40;

void describe("history under kill -9 of ctx and daemon (real processes)", () => {
  const suite = zinoServicesSuite({ services: ["ctx", "rtr", "daemon"], stopSignal: "SIGKILL" });

  const kill = async (name: "ctx" | "daemon") => {
    const proc = suite.services.find((p) => p.name === name);
    await proc?.kill("SIGKILL");
    suite.services = suite.services.filter((p) => p !== proc);
  };
  const start = async (name: "ctx" | "daemon") => {
    const proc = spawnZinoService(name, suite.instance);
    suite.services.push(proc);
    await waitForPing(suite.instance.sockets[name], 30_000, proc);
  };
  const userTurns = async (ctxkey: string): Promise<string[]> => {
    const answer = await requestOne(suite.instance.sockets.ctx, { type: "get_history", ctxkey }, { idleTimeoutMs: 5000 });
    return (answer.messages as { role: string; content: string }[]).filter((m) => m.role === "user").map((m) => m.content);
  };

  void it(
    "[Z11-KILL-HISTORY] stores every turn that ended exactly once and in order, whatever was killed meanwhile",
    { timeout: 180_000 },
    async () => {
      const stats = { done: 0, queued: 0, replayed: 0, retries: 0 };
      const client = async (ctxkey: string) => {
        for (let i = 0; i < TURNS; i += 1) {
          for (let attempt = 0; ; attempt += 1) {
            assert.ok(attempt < 300, `turn ${i} of ${ctxkey} never ended`);
            try {
              const frames = await requestAll(
                suite.instance.sockets.daemon,
                { message: `${ctxkey} turn ${i}`, ctxkey, turn_id: `${ctxkey}-${i}` },
                { idleTimeoutMs: 15_000 },
              );
              const last = frames.at(-1);
              if (last?.type === "done") {
                stats.done += 1;
                if (last.queued === true) stats.queued += 1;
                if (last.replayed === true) stats.replayed += 1;
                break;
              }
            } catch {
              // the daemon is down or was killed mid-turn: retry the same turn
            }
            stats.retries += 1;
            await sleep(100);
          }
          await sleep(150);
        }
      };
      const chaos = async () => {
        await sleep(500);
        await kill("ctx");
        await sleep(1500);
        await kill("daemon");
        await start("daemon");
        await sleep(800);
        await start("ctx");
        await sleep(700);
        await kill("daemon");
        await sleep(200);
        await start("daemon");
        await sleep(300);
        await kill("ctx");
        await sleep(1200);
        await start("ctx");
      };
      await Promise.all([...CTXKEYS.map(client), chaos()]);
      const expected = (ctxkey: string) => Array.from({ length: TURNS }, (_, i) => `${ctxkey} turn ${i}`);
      for (let i = 0; i < 100; i += 1) {
        const counts = await Promise.all(CTXKEYS.map(async (k) => (await userTurns(k)).length));
        if (counts.every((n) => n >= TURNS)) break;
        await sleep(100);
      }
      const histories = await Promise.all(CTXKEYS.map(userTurns));
      const stored = histories.flat();
      const missing = CTXKEYS.flatMap(expected).filter((turn) => !stored.includes(turn)).length;
      const duplicated = stored.length - new Set(stored).size;
      process.stderr.write(
        `# ${stats.done} done (${stats.queued} queued while ctx was away, ${stats.replayed} replayed), ${stats.retries} client retries; ` +
          `history: ${stored.length} turns stored, ${missing} missing, ${duplicated} duplicated\n`,
      );
      for (const ctxkey of CTXKEYS) assert.deepEqual(await userTurns(ctxkey), expected(ctxkey), ctxkey);
    },
  );
});
