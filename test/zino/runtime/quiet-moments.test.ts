// Quiet moments of a thread (src/zino/runtime/quiet-moments.ts): work put off while a turn runs, run once none does,
// or at its deadline when turns go on.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createQuietMoments } from "../../../src/zino/runtime/quiet-moments.js";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const nextRound = () => new Promise((resolve) => setImmediate(resolve));

void describe("quiet moments", () => {
  void it("runs work after the current I/O round when no turn runs", async () => {
    const quiet = createQuietMoments({ maxWaitMs: 60_000 });
    const ran: string[] = [];
    quiet.whenQuiet(() => ran.push("work"));
    assert.deepEqual(ran, [], "not within the caller's own call");
    await nextRound();
    assert.deepEqual(ran, ["work"]);
  });

  void it("waits while turns run, and runs everything put off, once each, when the last one ends", async () => {
    const quiet = createQuietMoments({ maxWaitMs: 60_000 });
    const ran: string[] = [];
    const endFirst = quiet.turnBegins();
    const endSecond = quiet.turnBegins();
    const work = () => ran.push("a");
    quiet.whenQuiet(work);
    quiet.whenQuiet(work);
    quiet.whenQuiet(() => ran.push("b"));
    await pause(30);
    endFirst();
    endFirst();
    await pause(30);
    assert.deepEqual(ran, [], "one turn still runs (an end called twice counts once)");
    assert.equal(quiet.turns, 1);
    endSecond();
    assert.deepEqual(ran, [], "not within the end of the turn: its last frames leave first");
    await nextRound();
    assert.deepEqual(ran, ["a", "b"]);
    await pause(30);
    assert.deepEqual(ran, ["a", "b"], "nothing runs twice");
  });

  void it("runs work at its deadline when turns go on, and not again when they end", async () => {
    const quiet = createQuietMoments({ maxWaitMs: 40 });
    const ran: number[] = [];
    const end = quiet.turnBegins();
    const asked = Date.now();
    quiet.whenQuiet(() => ran.push(Date.now() - asked));
    await pause(15);
    assert.deepEqual(ran, []);
    await pause(100);
    assert.equal(ran.length, 1, "run once its wait was over, the turn still running");
    assert.ok(ran[0]! >= 35, `not before its deadline: ${ran[0]} ms`);
    end();
    await pause(20);
    assert.equal(ran.length, 1);
  });
});
