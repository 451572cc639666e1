// `zino up --one-process` and ZINO.toml's `[launch] one_process` (issue 14): the four services in one zino-host
// process, through the CLI as a user runs them: up --detach → status → a turn and a tool call → down; and in the
// foreground, the host restarted as a whole after a crash.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { requestOne } from "../../src/wire/index.js";
import { startFakeProvider } from "../../harness/fake-provider.js";
import { needs } from "../support/system-requirements.js";
import { childPids, commandLine, commandName, isAlive } from "../../harness/process-tree.js";
import { nativeSpawnUnavailable } from "../../src/zino/exc/native-spawn.js";
import { runZinoCli, spawnZinoCli, waitForPing, writeTempInstance, type TempInstance } from "../../harness/zino-processes.js";

const NAMES = ["ctx", "rtr", "exc", "daemon"] as const;

function pidFiles(instance: TempInstance): (number | undefined)[] {
  return NAMES.map((name) => join(instance.runtimeDir, `${name}.pid`)).map((path) =>
    existsSync(path) ? Number.parseInt(readFileSync(path, "utf8"), 10) : undefined,
  );
}

/** The host's children that run zino-exc's process launcher (their command line names its program). */
function launcherChildren(pid: number): number[] {
  return childPids(pid).filter((child) =>
    commandLine(child).some((arg) => /zino-exc-launcher\.cjs$|process-launcher-main\.(js|ts)$/.test(arg)),
  );
}

/** The pids the `ready` lines name, by service. */
function readyPids(stderr: string): Map<string, number> {
  return new Map([...stderr.matchAll(/(\w+) ready on \S+ \(pid (\d+), zino-host/g)].map((m) => [m[1]!, Number(m[2])]));
}

void describe("the services in one process through the CLI", { timeout: 180_000 }, () => {
  void it("[Z7-ONE-PROCESS] up --detach --one-process: one host for the four, status, a turn, a tool, then down", async () => {
    const provider = await startFakeProvider();
    const instance = writeTempInstance({ providerUrl: provider.url });
    const zino = (args: string[]) => runZinoCli(args, { instance });
    try {
      const up = await zino(["up", "--detach", "--one-process"]);
      assert.equal(up.code, 0, up.stderr);
      const ready = readyPids(up.stderr);
      assert.deepEqual([...ready.keys()], [...NAMES], up.stderr);
      const [pid] = new Set(ready.values());
      assert.equal(new Set(ready.values()).size, 1, "one process");
      assert.deepEqual(pidFiles(instance), [pid, pid, pid, pid]);
      assert.ok(existsSync(join(instance.runtimeDir, "logs", "host.log")));

      const status = await zino(["status", "--json"]);
      assert.equal(status.code, 0, status.stdout + status.stderr);
      const report = JSON.parse(status.stdout) as { ok: boolean; services: { service: string; state: string }[] };
      assert.deepEqual(
        NAMES.map((name) => report.services.find((s) => s.service === name)?.state),
        ["up", "up", "up", "up"],
      );

      const ask = await zino(["ask", "--ctx", "one", "hello", "host"]);
      assert.equal(ask.code, 0, ask.stderr);
      assert.equal(ask.stdout, "echo: hello host\n");
      if (needs("bubblewrap") === false) {
        provider.enqueue({ toolCalls: [{ name: "execute_bash", arguments: { code: "echo from-the-host" } }] }, { text: "tool done" });
        const tool = await zino(["ask", "--ctx", "one-tool", "run it"]);
        assert.equal(tool.stdout, "tool done\n", tool.stderr);
        const last = provider.chatRequests().at(-1)!.body as { messages: { role: string; content: unknown }[] };
        assert.match(String(last.messages.find((m) => m.role === "tool")?.content), /from-the-host/);
        // exc has a process launcher in the host only where its spawns would fork the host (no native spawn addon):
        // then one child of the host runs it. Either way no sandbox is a copy of the host (a child named `node`).
        const launchers = launcherChildren(pid!);
        const wanted = nativeSpawnUnavailable() === undefined ? 0 : 1;
        assert.equal(launchers.length, wanted, `the host's children: ${JSON.stringify(childPids(pid!).map(commandName))}`);
        assert.deepEqual(
          childPids(pid!).filter((child) => commandName(child) === "node" && !launchers.includes(child)),
          [],
        );
      }

      const down = await zino(["down"]);
      assert.equal(down.code, 0, down.stderr);
      assert.equal((down.stderr.match(/stopped \(pid \d+, SIGTERM\)/g) ?? []).length, 1, down.stderr);
      assert.equal((down.stderr.match(/stopped with it \(pid \d+\)/g) ?? []).length, 3, down.stderr);
      assert.doesNotMatch(down.stderr, /is gone|did not stop/);
      assert.equal(isAlive(pid!), false);
      assert.deepEqual(pidFiles(instance), [undefined, undefined, undefined, undefined]);
      for (const name of NAMES) assert.equal(existsSync(instance.sockets[name]), false, name);
    } finally {
      await zino(["down"]);
      await provider.close();
      instance.cleanup();
    }
  });

  void it("[Z7-ONE-PROCESS] [launch] one_process in the foreground: the host restarted as a whole after a crash", async () => {
    const provider = await startFakeProvider();
    const instance = writeTempInstance({ providerUrl: provider.url, extraToml: "[launch]\none_process = true\n" });
    const cli = spawnZinoCli(["up"], { instance });
    try {
      await cli.waitForStderr(/all services are up/);
      const pids = new Set(readyPids(cli.stderr()).values());
      assert.equal(pids.size, 1, cli.stderr());
      const [pid] = pids;
      process.kill(pid!, "SIGKILL");
      await cli.waitForStderr(/host stopped \(signal SIGKILL\); restarting in \d+ ms/);
      const [, restarted] = await cli.waitForStderr(/host restarted \(pid (\d+)\)/);
      assert.notEqual(Number(restarted), pid);
      for (const name of NAMES) await waitForPing(instance.sockets[name], 60_000);
      const answer = await requestOne(instance.sockets.daemon, { message: "after the crash", ctxkey: "one-fg" });
      assert.equal(answer.type, "chunk", JSON.stringify(answer));
      cli.child.kill("SIGTERM");
      assert.equal((await cli.exited).code, 0, cli.stderr());
      assert.match(cli.stderr(), /host stopped \(exit code 0\)/);
      assert.equal(isAlive(Number(restarted)), false);
      for (const name of NAMES) assert.equal(existsSync(instance.sockets[name]), false, name);
    } finally {
      if (cli.child.exitCode === null) {
        cli.child.kill("SIGTERM");
        await cli.exited;
      }
      await provider.close();
      instance.cleanup();
    }
  });
});
