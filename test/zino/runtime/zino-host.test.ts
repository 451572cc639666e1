// zino-host (src/zino/runtime/run-host.ts): several ZINO services in one process, each on its own socket, with ctx and
// rtr each in a worker thread; the daemon calls exc, on its own thread, in process. Real processes, a real SQLite file, the
// fake provider for the model.
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync, unlinkSync } from "node:fs";
import { describe, it } from "node:test";
import { requestAll, requestOne } from "../../../src/wire/index.js";
import { startFakeProvider } from "../../../harness/fake-provider.js";
import {
  spawnZinoService,
  startZinoHost,
  stopZinoServices,
  waitForPing,
  writeTempInstance,
  type ZinoProcess,
} from "../../../harness/zino-processes.js";

void describe("zino-host", () => {
  void it("runs the four services in one process, each on its own 0600 socket, and stops them all on SIGTERM", async () => {
    const provider = await startFakeProvider();
    const instance = writeTempInstance({ providerUrl: provider.url });
    try {
      const host = await startZinoHost(instance);
      try {
        for (const socket of Object.values(instance.sockets)) assert.equal(statSync(socket).mode & 0o777, 0o600, socket);
        assert.equal(statSync(instance.runtimeDir).mode & 0o777, 0o700);
        // The daemon calls exc, on the same thread, in process: its tool calls need no exc socket.
        unlinkSync(instance.sockets.exc);
        provider.enqueue(
          { toolCalls: [{ name: "execute_bash", arguments: { code: "echo in-process" } }] },
          { text: "one process answers" },
        );
        const frames = await requestAll(instance.sockets.daemon, { message: "hello", ctxkey: "host-turn" });
        assert.equal(frames.at(-1)?.type, "done", JSON.stringify(frames));
        assert.equal(frames.at(-1)?.full_text, "one process answers");
        assert.equal(frames.find((frame) => frame.type === "tool_done")?.ok, true, JSON.stringify(frames));
        // The turn went through ctx's thread: the history is there.
        const history = await requestOne(instance.sockets.ctx, { type: "get_history", ctxkey: "host-turn" }, { idleTimeoutMs: 5000 });
        assert.match(JSON.stringify(history), /one process answers/);
        assert.match(JSON.stringify(history), /in-process/, "the tool's output, from exc called in process");
      } finally {
        await host.kill();
      }
      assert.deepEqual(await host.exited, { code: 0, signal: null }, host.stderr());
      for (const socket of Object.values(instance.sockets)) assert.ok(!existsSync(socket), `${socket} removed`);
      assert.doesNotMatch(host.stderr(), /sk-test-secret/);
    } finally {
      await provider.close();
      instance.cleanup();
    }
  });

  void it("--services runs only those; a daemon in its own process works with them", async () => {
    const provider = await startFakeProvider();
    const instance = writeTempInstance({ providerUrl: provider.url });
    const processes: ZinoProcess[] = [];
    try {
      processes.push(await startZinoHost(instance, ["ctx", "rtr"]));
      assert.ok(!existsSync(instance.sockets.daemon) && !existsSync(instance.sockets.exc));
      processes.push(spawnZinoService("daemon", instance));
      await waitForPing(instance.sockets.daemon, 120_000, processes[1]);
      provider.enqueue({ text: "split across processes" });
      const frames = await requestAll(instance.sockets.daemon, { message: "hello", ctxkey: "host-split" });
      assert.equal(frames.at(-1)?.full_text, "split across processes", JSON.stringify(frames));
    } finally {
      await stopZinoServices(processes);
      await provider.close();
      instance.cleanup();
    }
  });

  void it("DMN-35 with its launcher and the native spawn off (ZINO_EXC_LAUNCHER=0, ZINO_NATIVE_SPAWN=0), exc makes its warm sandbox once the daemon's turn is done, not while the turn waits for its next model call", async () => {
    const provider = await startFakeProvider();
    const instance = writeTempInstance({ providerUrl: provider.url });
    try {
      // A wait longer than the test: the sandbox can only come from the end of the turn. Without the launcher and
      // the addon, exc forks the host itself to make it, which is what the quiet moments are for.
      const host = await startZinoHost(instance, undefined, {
        env: { ZINO_HOST_QUIET_WAIT_MS: "60000", ZINO_EXC_LAUNCHER: "0", ZINO_NATIVE_SPAWN: "0" },
      });
      try {
        const warm = async () =>
          Number((await requestOne(instance.sockets.exc, { type: "capabilities", ctxkey: "host-quiet" })).warm_sandboxes);
        provider.enqueue(
          { toolCalls: [{ name: "execute_bash", arguments: { code: "echo held" } }] },
          { text: "after the hold", headersDelayMs: 1500 },
        );
        const turn = requestAll(instance.sockets.daemon, { message: "run it", ctxkey: "host-quiet" });
        await provider.waitFor((requests) => requests.length >= 2, 20_000);
        assert.equal(await warm(), 0, "no sandbox made while the turn waits for the model");
        const frames = await turn;
        assert.equal(frames.at(-1)?.full_text, "after the hold", JSON.stringify(frames));
        assert.equal(frames.find((frame) => frame.type === "tool_done")?.ok, true, JSON.stringify(frames));
        const deadline = Date.now() + 10_000;
        while ((await warm()) !== 1) {
          assert.ok(Date.now() < deadline, "a sandbox is made once the turn is done");
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      } finally {
        await host.kill();
      }
    } finally {
      await provider.close();
      instance.cleanup();
    }
  });

  void it("refuses a ZINO_HOST_QUIET_WAIT_MS that is not a number of milliseconds (exit 2, the setting named)", async () => {
    const instance = writeTempInstance({ providerUrl: "http://127.0.0.1:9" });
    try {
      for (const value of ["soon", "-5", "1.5", "9999999"]) {
        const host = spawnZinoService("host", instance, { env: { ZINO_HOST_QUIET_WAIT_MS: value } });
        assert.deepEqual(await host.exited, { code: 2, signal: null });
        assert.match(host.stderr(), /zino-host: ZINO_HOST_QUIET_WAIT_MS must be a whole number of milliseconds from 0 to 600000/);
        assert.ok(!existsSync(instance.runtimeDir), "no socket folder made");
      }
    } finally {
      instance.cleanup();
    }
  });

  void it("refuses an unknown service name before anything starts (exit 2, the valid names said)", async () => {
    const instance = writeTempInstance({ providerUrl: "http://127.0.0.1:9" });
    try {
      for (const list of ["ctx,bogus", ""]) {
        const host = spawnZinoService("host", instance, { args: ["--services", list] });
        assert.deepEqual(await host.exited, { code: 2, signal: null });
        assert.match(host.stderr(), /zino-host: --services takes a comma-separated list of ctx, rtr, exc, daemon/);
        assert.ok(!existsSync(instance.runtimeDir), "no socket folder made");
      }
    } finally {
      instance.cleanup();
    }
  });

  void it("ends with rtr's error when rtr cannot start in its thread; exc and the daemon never start, the rtr already there is untouched", async () => {
    const instance = writeTempInstance({ providerUrl: "http://127.0.0.1:9" });
    const processes: ZinoProcess[] = [];
    try {
      // rtr's thread loads beside ctx's and fails only at its start: its socket is taken by an rtr of its own.
      processes.push(spawnZinoService("rtr", instance));
      await waitForPing(instance.sockets.rtr, 120_000, processes[0]);
      const host = spawnZinoService("host", instance);
      processes.push(host);
      // Another process on rtr's socket is for the operator to fix: exit 2, no restart can help.
      assert.deepEqual(await host.exited, { code: 2, signal: null }, host.stderr());
      assert.match(host.stderr(), /another process is already listening on [^"]*rtr.*\[socket_in_use\]/);
      assert.ok(!existsSync(instance.sockets.exc) && !existsSync(instance.sockets.daemon), "exc and the daemon never started");
      assert.deepEqual(await requestOne(instance.sockets.rtr, { type: "ping" }), { type: "pong" });
    } finally {
      await stopZinoServices(processes);
      instance.cleanup();
    }
  });

  void it("ends with ctx's own error and code when ctx cannot start in its thread", async () => {
    const instance = writeTempInstance({ providerUrl: "http://127.0.0.1:9" });
    try {
      mkdirSync(instance.runtimeDir, { mode: 0o777 });
      chmodSync(instance.runtimeDir, 0o777); // past the umask
      const host = spawnZinoService("host", instance);
      assert.deepEqual(await host.exited, { code: 2, signal: null }, host.stderr());
      assert.match(host.stderr(), /zino-ctx: .*other users can write in it.* \[unsafe_socket_dir\]/);
      assert.deepEqual(readdirSync(instance.runtimeDir), [], "nothing listened");
    } finally {
      instance.cleanup();
    }
  });
});
