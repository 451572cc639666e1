// Concurrent executions in one zino-exc: a real exc with a limit of one (ordering, a full line, a caller leaving
// the line), and the slot counter on its own.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ExecutionSlots } from "../../../src/zino/exc/execution-slots.js";
import { processesWith, startExc, type ExcHarness } from "./exc-harness.js";
import { needs } from "../../support/system-requirements.js";

void describe("execution slots", () => {
  void it("EXC-29 hands slots out in arrival order, refuses past the waiting limit, and lets a cancelled waiter leave", async () => {
    const slots = new ExecutionSlots(1, 2);
    assert.equal(await slots.acquire(), "acquired");
    const order: string[] = [];
    const b = slots.acquire().then((o) => order.push(`b:${o}`));
    const leaving = new AbortController();
    const c = slots.acquire(leaving.signal).then((o) => order.push(`c:${o}`));
    assert.equal(await slots.acquire(), "busy", "two already wait");
    assert.deepEqual({ running: slots.running, waiting: slots.waiting }, { running: 1, waiting: 2 });
    leaving.abort();
    await c;
    assert.equal(slots.waiting, 1);
    const d = slots.acquire().then((o) => order.push(`d:${o}`));
    slots.release();
    await b;
    slots.release();
    await d;
    assert.deepEqual(order, ["c:cancelled", "b:acquired", "d:acquired"]);
    slots.release();
    assert.deepEqual({ running: slots.running, waiting: slots.waiting }, { running: 0, waiting: 0 });
    assert.throws(() => new ExecutionSlots(0, 1), /positive integer/);
  });
});

void describe("zino-exc with one execution at a time", { skip: needs("bubblewrap") }, () => {
  let h: ExcHarness;
  before(async () => {
    h = await startExc({ defaults: { exec: { static_analysis: "off" } }, exc: { maxConcurrentExecutions: 1 } });
  });
  after(async () => {
    await h.close();
  });

  const stamped = (name: string, seconds: number) => ({
    code: `echo "${name} start $(date +%s%3N)"; sleep ${seconds}; echo "${name} end $(date +%s%3N)"`,
  });
  const times = (frame: Record<string, unknown>) => {
    const numbers = String(frame.stdout).match(/\d{10,}/g) ?? [];
    assert.equal(numbers.length, 2, JSON.stringify(frame));
    return { start: Number(numbers[0]), end: Number(numbers[1]) };
  };

  void it("EXC-29 a second execution waits for the first to end, and the wait does not count toward its timeout", async () => {
    h.configure("one", { exec: { timeout_ms: 1500 } });
    const [first, second] = await Promise.all([
      h.call("one", "execute_bash", stamped("first", 1)),
      h.call("one", "execute_bash", stamped("second", 1)),
    ]);
    assert.equal(first.exit_code, 0, JSON.stringify(first));
    assert.equal(second.exit_code, 0, "waited about 1 s and ran 1 s: within its 1.5 s timeout");
    const [a, b] = [times(first), times(second)].sort((x, y) => x.start - y.start);
    assert.ok(b!.start >= a!.end, `one at a time: ${JSON.stringify([a, b])}`);
    const capabilities = await h.request({ type: "capabilities", ctxkey: "one" });
    assert.deepEqual(capabilities.concurrency, { max: 1, running: 0, waiting: 0 });
  });

  void it("EXC-29 past four waiting executions per slot the call is refused at once, and a caller that leaves the line never runs", async () => {
    const marker = `41.${process.pid % 1000}9`;
    const blocker = h.call("one", "execute_bash", { code: "sleep 1.2; echo done" });
    await new Promise((r) => setTimeout(r, 150));
    const leaving = new AbortController();
    const left = h.request({ message: { name: "execute_bash", arguments: { code: `sleep ${marker}` } }, ctxkey: "one" }, leaving.signal);
    const waiting = [1, 2, 3].map((i) => h.call("one", "execute_bash", { code: `echo waited ${i}` }));
    await new Promise((r) => setTimeout(r, 150));
    const refused = await h.call("one", "execute_bash", { code: "echo never" });
    assert.equal(refused.exit_code, 126);
    assert.match(String(refused.stderr), /running 1 executions and 4 more are waiting.*ZINO_EXC_MAX_CONCURRENT/);
    leaving.abort();
    await assert.rejects(left);
    await new Promise((r) => setTimeout(r, 50));
    const during = await h.request({ type: "capabilities", ctxkey: "one" });
    assert.deepEqual(during.concurrency, { max: 1, running: 1, waiting: 3 }, "the caller that went away left the line");
    assert.equal((await blocker).stdout, "done\n");
    const answers = await Promise.all(waiting);
    assert.deepEqual(
      answers.map((a) => a.stdout),
      ["waited 1\n", "waited 2\n", "waited 3\n"],
    );
    assert.deepEqual(processesWith(`sleep ${marker}`), [], "the call that left the line never ran");
    assert.deepEqual(await h.request({ type: "ping" }), { type: "pong" });
  });

  void it("EXC-29 a `validate` analysis takes a slot as an execution does: past the line it is refused with `overloaded`", async () => {
    const blocker = h.call("one", "execute_bash", { code: "sleep 1.2; echo done" });
    await new Promise((r) => setTimeout(r, 150));
    const validate = () => h.request({ type: "validate", executor: "bash", code: 'echo "$1"\n', ctxkey: "one" });
    const waiting = [1, 2, 3, 4].map(() => validate());
    await new Promise((r) => setTimeout(r, 150));
    const during = await h.request({ type: "capabilities", ctxkey: "one" });
    assert.deepEqual(during.concurrency, { max: 1, running: 1, waiting: 4 }, "the analyses wait for the execution's slot");
    const refused = await validate();
    assert.equal(refused.type, "error", JSON.stringify(refused));
    assert.equal(refused.code, "overloaded");
    assert.match(String(refused.message), /^validation refused: .*running 1 executions and 4 more are waiting.*ZINO_EXC_MAX_CONCURRENT/);
    assert.equal((await blocker).stdout, "done\n");
    for (const answer of await Promise.all(waiting))
      assert.deepEqual([answer.type, answer.ok], ["validation", true], JSON.stringify(answer));
    const afterwards = await h.request({ type: "capabilities", ctxkey: "one" });
    assert.deepEqual(afterwards.concurrency, { max: 1, running: 0, waiting: 0 }, "every analysis gave its slot back");
  });
});
