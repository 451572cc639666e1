// Two `zino up --detach` at once on one instance, as real processes (issue s15 #5): the start lock in the runtime
// folder lets one start the services while the other waits, so exactly one set runs, the pid files name it, and
// `zino down` stops every process; a lock left by a process that is gone does not block the next `up`.
import assert from "node:assert/strict";
import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { runZinoCli, spawnZinoCli, writeTempInstance, type TempInstance } from "../../../harness/zino-processes.js";
import { isProcessAlive, readPidFile } from "../../../src/shared/pid-process.js";

const SERVICES = ["ctx", "rtr", "exc", "daemon"] as const;
let instance: TempInstance;

before(() => {
  instance = writeTempInstance({ providerUrl: "http://127.0.0.1:9/v1", extraToml: '[exec]\nsandbox = "none"\nallow_unsandboxed = true\n' });
});

after(async () => {
  await runZinoCli(["down"], { instance, timeoutMs: 30_000 });
  instance.cleanup();
});

/** Every live process started with this instance's ZINO.toml (the services, whoever started them). */
function instanceProcesses(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (args.includes(instance.configPath) && isProcessAlive(Number(entry))) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids.sort((a, b) => a - b);
}

const up = () => runZinoCli(["up", "--detach"], { instance, timeoutMs: 180_000 });
const pidFiles = () => SERVICES.map((name) => readPidFile(join(instance.runtimeDir, `${name}.pid`)));

void describe("zino up --detach twice at once", () => {
  void it("starts one set of services, both succeed, and zino down leaves no process behind", async () => {
    const [first, second] = await Promise.all([up(), up()]);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(second.code, 0, second.stderr);
    const both = first.stderr + second.stderr;
    for (const name of SERVICES) {
      assert.equal(both.match(new RegExp(`^zino: ${name} ready on`, "gm"))?.length, 1, `${name} started once:\n${both}`);
    }
    assert.doesNotMatch(both, /did not start|unexpected failure/);
    const pids = pidFiles();
    assert.ok(
      pids.every((pid) => pid !== undefined && isProcessAlive(pid)),
      `pid files name live processes: ${pids.join(",")}`,
    );
    assert.deepEqual(
      instanceProcesses(),
      [...(pids as number[])].sort((a, b) => a - b),
      "no process beyond the pid files",
    );

    const down = await runZinoCli(["down"], { instance, timeoutMs: 60_000 });
    assert.equal(down.code, 0, down.stderr);
    assert.doesNotMatch(down.stderr, /leaving it running|is gone/);
    assert.deepEqual(instanceProcesses(), [], "no orphan");
  });

  void it("while another live up holds the lock: the foreground up waits and Ctrl-C ends it; --detach gives up after its timeout", async () => {
    const lock = join(instance.runtimeDir, "up.lock");
    writeFileSync(lock, `${process.pid} -\n`); // this test process plays the other `zino up`
    // The command is named for where the user is: `npm run zino -- up` when npm started the tests (CI), else `zino up`.
    const upCommand = "`(?:npm run zino -- |zino )up`";
    try {
      const foreground = spawnZinoCli(["up"], { instance });
      await foreground.waitForStderr(new RegExp(`another ${upCommand} is starting the services \\(pid ${process.pid}\\); waiting for it`));
      foreground.child.kill("SIGINT");
      assert.equal((await foreground.exited).code, 0, foreground.stderr());
      assert.doesNotMatch(foreground.stderr(), / ready on /);
      const detached = await runZinoCli(["up", "--detach", "--timeout", "500"], { instance, timeoutMs: 60_000 });
      assert.equal(detached.code, 1, detached.stderr);
      assert.match(
        detached.stderr,
        new RegExp(
          `^zino: another ${upCommand} is still starting the services of this instance \\(pid ${process.pid}, lock .*up\\.lock\\); wait for it`,
          "m",
        ),
      );
      assert.deepEqual(instanceProcesses(), [], "nothing started");
    } finally {
      rmSync(lock, { force: true });
    }
  });

  void it("a lock left by a process that is gone does not block the next up", async () => {
    writeFileSync(join(instance.runtimeDir, "up.lock"), "999999 1\n");
    const r = await up();
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr.match(/ ready on /g)?.length, 4, r.stderr);
    assert.doesNotMatch(r.stderr, /another `(npm run zino -- |zino )up`/);
    const down = await runZinoCli(["down"], { instance, timeoutMs: 60_000 });
    assert.equal(down.code, 0, down.stderr);
    assert.deepEqual(instanceProcesses(), []);
  });
});
