// The warm sandbox pool (src/zino/exc/warm-sandboxes.ts) with real held child processes: one per shape, taken
// once, discarded when idle, evicted least recently used first, all killed on close.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { silentLogger } from "../../../src/wire/index.js";
import { startProcess } from "../../../src/zino/exc/run-process.js";
import { createWarmSandboxes, type WarmSandbox } from "../../../src/zino/exc/warm-sandboxes.js";
import { processesWith, waitFor } from "./exc-harness.js";

const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms));

/**
 * Kills the processes whose command line has `marker`, once there is one: a child that was just started may not show
 * its command line yet (its exec is still loading the program).
 */
async function killWith(marker: string): Promise<void> {
  await waitFor(`a process with ${marker} runs`, () => processesWith(marker).length > 0, 3000);
  for (const pid of processesWith(marker)) process.kill(pid, "SIGKILL");
}

/** A held `sh` whose command line carries `marker`, standing in for a sandbox (the pool only holds processes). */
function held(marker: string): WarmSandbox<string> {
  const process = startProcess({
    command: "/bin/sh",
    args: ["-c", 'read -r _ || exit 125; exec </dev/null; echo ran "$0"', marker],
    env: { PATH: "/usr/bin:/bin" },
    cwd: "/",
    held: true,
  });
  return { dirs: marker, process };
}

void describe("warm sandbox pool", () => {
  void it("EXC-27 keeps one sandbox per shape, hands it out once, and the released process runs its command", async () => {
    const removed: string[] = [];
    const pool = createWarmSandboxes<string>({ logger: silentLogger(), idleMs: 60_000, maxShapes: 4, removeDirs: (d) => removed.push(d) });
    const marker = `wp-once-${process.pid}`;
    let made = 0;
    const make = () => held(`${marker}-${(made += 1)}`);
    pool.fill("a", make);
    pool.fill("a", make);
    await settle();
    assert.equal(made, 1, "a second fill while one is pending makes nothing");
    assert.equal(pool.size, 1);
    const taken = pool.take("a");
    assert.ok(taken);
    assert.equal(pool.take("a"), undefined, "taken once");
    const outcome = await taken.process.release({ timeoutMs: 5000, outputCapBytes: 1000 });
    assert.equal(outcome.stdout, `ran ${marker}-1\n`);
    await pool.close();
    assert.deepEqual(removed, []);
  });

  void it("EXC-27 discards a shape unused for idleMs and evicts the least recently used beyond maxShapes", async () => {
    const removed: string[] = [];
    const pool = createWarmSandboxes<string>({ logger: silentLogger(), idleMs: 300, maxShapes: 2, removeDirs: (d) => removed.push(d) });
    const marker = `wp-evict-${process.pid}`;
    pool.fill("a", () => held(`${marker}-a`));
    await settle(20);
    pool.fill("b", () => held(`${marker}-b`));
    await settle(20);
    pool.fill("c", () => held(`${marker}-c`));
    await settle();
    assert.deepEqual(removed, [`${marker}-a`], "a, the least recently used, made room for c");
    assert.deepEqual(processesWith(`${marker}-a`), []);
    assert.equal(processesWith(`${marker}-b`).length, 1);
    assert.equal(pool.size, 2);
    await settle(450);
    assert.deepEqual(removed.sort(), [`${marker}-a`, `${marker}-b`, `${marker}-c`], "idle shapes are discarded");
    assert.deepEqual(processesWith(marker), []);
    assert.equal(pool.size, 0);
    await pool.close();
  });

  void it("EXC-27 a shape used again within idleMs keeps its sandbox for another idleMs", async () => {
    const removed: string[] = [];
    const pool = createWarmSandboxes<string>({ logger: silentLogger(), idleMs: 300, maxShapes: 2, removeDirs: (d) => removed.push(d) });
    const marker = `wp-kept-${process.pid}`;
    const make = () => held(marker);
    pool.fill("a", make);
    await settle(200);
    pool.fill("a", make);
    await settle(200);
    assert.equal(pool.size, 1, "used 200 ms ago: kept past the first 300 ms");
    assert.deepEqual(removed, []);
    await settle(300);
    assert.equal(pool.size, 0, "unused for 300 ms: discarded");
    await settle();
    assert.deepEqual(removed, [marker]);
    await pool.close();
  });

  void it("EXC-27 does not hand out a sandbox that died, and close kills the waiting ones", async () => {
    const removed: string[] = [];
    const pool = createWarmSandboxes<string>({ logger: silentLogger(), idleMs: 60_000, maxShapes: 4, removeDirs: (d) => removed.push(d) });
    const marker = `wp-dead-${process.pid}`;
    pool.fill("dead", () => held(`${marker}-dead`));
    pool.fill("live", () => held(`${marker}-live`));
    await settle();
    await killWith(`${marker}-dead`);
    await settle();
    assert.equal(pool.take("dead"), undefined);
    await settle();
    assert.deepEqual(removed, [`${marker}-dead`]);
    await pool.close();
    assert.deepEqual(removed.sort(), [`${marker}-dead`, `${marker}-live`]);
    assert.deepEqual(processesWith(marker), []);
    pool.fill("after", () => held(`${marker}-after`));
    await settle();
    assert.deepEqual(processesWith(marker), [], "nothing is made after close");
  });
});

void describe("a held process", () => {
  void it("EXC-27 released after it died says its command never ran (notStarted), so the caller starts another", async () => {
    const marker = `wp-notstarted-${process.pid}`;
    const sandbox = held(marker);
    await killWith(marker);
    await sandbox.process.exited;
    const outcome = await sandbox.process.release({ timeoutMs: 5000, outputCapBytes: 1000 });
    assert.equal(outcome.notStarted, true);
    assert.equal(outcome.stdout, "");
    const alive = held(`${marker}-alive`);
    const ran = await alive.process.release({ timeoutMs: 5000, outputCapBytes: 1000 });
    assert.equal(ran.notStarted, undefined, "a live one runs its command");
    assert.equal(ran.stdout, `ran ${marker}-alive\n`);
  });
});
