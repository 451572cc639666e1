// `zino up` in the foreground (docs/zino-protocol.md §7): services started in order, a crashed one restarted with backoff,
// all of them stopped when the CLI gets SIGTERM.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { requestOne } from "../../src/wire/index.js";
import { startFakeProvider, type FakeProvider } from "../../harness/fake-provider.js";
import { spawnZinoCli, waitForPing, writeTempInstance, type RunningCli, type TempInstance } from "../../harness/zino-processes.js";

void describe("zino up in the foreground", () => {
  let provider: FakeProvider;
  let instance: TempInstance;
  let cli: RunningCli | undefined;

  before(async () => {
    provider = await startFakeProvider();
    instance = writeTempInstance({ providerUrl: provider.url });
  });
  after(async () => {
    if (cli && cli.child.exitCode === null) {
      cli.child.kill("SIGTERM");
      await cli.exited;
    }
    await provider.close();
    instance.cleanup();
  });

  void it("[Z7-UP-FG] starts the services, restarts one that crashes, and stops them all on SIGTERM", { timeout: 90_000 }, async () => {
    cli = spawnZinoCli(["up"], { instance });
    await cli.waitForStderr(/all services are up/);
    const pids = [...cli.stderr().matchAll(/(\w+) ready on \S+ \(pid (\d+)\)/g)].map((m) => [m[1]!, Number(m[2])] as const);
    // Started at once, so reported ready in whatever order they answer.
    assert.deepEqual(
      pids
        .map(([name]) => name)
        .filter((n) => n !== "exc")
        .sort(),
      ["ctx", "daemon", "rtr"],
    );
    const rtrPid = pids.find(([name]) => name === "rtr")![1];

    process.kill(rtrPid, "SIGKILL");
    await cli.waitForStderr(/rtr stopped \(signal SIGKILL\); restarting in \d+ ms/);
    await cli.waitForStderr(/rtr restarted \(pid \d+\)/);
    await waitForPing(instance.sockets.rtr, 120_000);
    const answer = await requestOne(instance.sockets.daemon, { message: "after the crash", ctxkey: "fg" });
    assert.equal(answer.type, "chunk", JSON.stringify(answer));

    cli.child.kill("SIGTERM");
    const { code } = await cli.exited;
    assert.equal(code, 0, cli.stderr());
    assert.equal(cli.stdout(), "");
    for (const name of ["ctx", "rtr", "daemon"] as const) assert.equal(existsSync(instance.sockets[name]), false, name);
  });
});
