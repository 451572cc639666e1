// `zino up`'s start (service-start.ts): every service is launched before any has answered (they start in
// parallel), each is reported ready as soon as it answers `ping`, and one that dies is reported without holding
// up the others. Stand-ins: real child processes (idle `node`) and real frame servers on the instance's sockets.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createFrameServer, silentLogger, type FrameServer } from "../../../src/wire/index.js";
import { loadInstanceConfig, type ServiceName } from "../../../src/zino/config/index.js";
import { spawnService, type ServiceProcess } from "../../../src/zino/cli/service-process.js";
import { startServices } from "../../../src/zino/cli/service-start.js";
import { SERVICE_ENV } from "../../../src/zino/runtime/service-node-flags.js";
import type { ServiceEntry } from "../../../src/zino/cli/service-launch.js";
import { scratchDir } from "./cli-harness.js";

const IDLE = "setInterval(() => {}, 1 << 30)";

async function standIn(socketPath: string): Promise<FrameServer> {
  const server = createFrameServer({
    socketPath,
    logger: silentLogger(),
    handler: async (_request, out) => {
      await out.send({ type: "pong" });
    },
  });
  await server.start();
  return server;
}

/** Runs startServices with stand-ins that answer only once all four were launched; `script` is each child's code. */
async function startWithStandIns(script: (name: ServiceName) => string) {
  const scratch = scratchDir();
  const instance = loadInstanceConfig({ cwd: scratch.dir, env: {} });
  const launched: ServiceName[] = [];
  const procs: ServiceProcess[] = [];
  const servers: Promise<FrameServer>[] = [];
  const lines: string[] = [];
  const failures: string[] = [];
  const launch = (entry: ServiceEntry): ServiceProcess => {
    const [name] = entry.services;
    launched.push(name!);
    const proc = spawnService({ ...entry, args: ["-e", script(name!)] }, { env: process.env, cwd: scratch.dir, stdio: "ignore" });
    procs.push(proc);
    // A start that waits for one service before launching the next never gets here, so nothing ever answers.
    if (launched.length === 4) for (const name of launched) if (script(name) === IDLE) servers.push(standIn(instance.sockets[name]));
    return proc;
  };
  try {
    const ok = await startServices({
      instance,
      say: (line) => lines.push(line),
      startTimeoutMs: 20_000,
      launch,
      onStartFailure: async (entry, failure, proc) => {
        failures.push(`${entry.name}: ${failure}`);
        await proc.stop(1000);
      },
    });
    return { ok, launched, lines, failures };
  } finally {
    await Promise.all(procs.map((p) => p.stop(1000)));
    await Promise.all(servers.map(async (s) => (await s).close()));
    scratch.cleanup();
  }
}

void describe("zino up's service start", () => {
  void it("[Z7-UP-PARALLEL] launches the four services before any answers and reports each ready once it answers ping", async () => {
    const result = await startWithStandIns(() => IDLE);
    assert.equal(result.ok, true, [...result.lines, ...result.failures].join("\n"));
    assert.deepEqual(result.launched, ["ctx", "rtr", "exc", "daemon"]);
    const ready = result.lines.map((line) => /^(\w+) ready on /.exec(line)?.[1]).filter((name) => name !== undefined);
    assert.deepEqual(ready.sort(), ["ctx", "daemon", "exc", "rtr"]);
  });

  void it("[Z7-UP-PARALLEL] reports a service that exits during the start, and still waits for the others", async () => {
    const result = await startWithStandIns((name) => (name === "exc" ? "process.exit(3)" : IDLE));
    assert.equal(result.ok, false);
    assert.deepEqual(result.failures, ["exc: exit code 3"]);
    const ready = result.lines.map((line) => /^(\w+) ready on /.exec(line)?.[1]).filter((name) => name !== undefined);
    assert.deepEqual(ready.sort(), ["ctx", "daemon", "rtr"]);
  });

  void it("[Z7-UP-ENV] starts each service with the services' environment under the operator's own values", async () => {
    const scratch = scratchDir();
    const entry: ServiceEntry = { name: "ctx", services: ["ctx"], mainFile: "", exists: true, command: process.execPath, args: [] };
    const environOf = async (env: NodeJS.ProcessEnv) => {
      const printed = "process.stdout.write(JSON.stringify(process.env))";
      const proc = spawnService({ ...entry, args: ["-e", printed] }, { env, cwd: scratch.dir, stdio: ["ignore", "pipe", "ignore"] });
      let out = "";
      proc.child.stdout?.setEncoding("utf8").on("data", (text: string) => (out += text));
      await proc.exited;
      return JSON.parse(out) as Record<string, string>;
    };
    try {
      const plain = await environOf({ PATH: process.env.PATH, KEEP: "me" });
      for (const [name, value] of Object.entries(SERVICE_ENV)) assert.equal(plain[name], value, name);
      assert.equal(plain.KEEP, "me");
      const own = await environOf({ PATH: process.env.PATH, MALLOC_ARENA_MAX: "1" });
      assert.equal(own.MALLOC_ARENA_MAX, "1", "the operator's value wins");
    } finally {
      scratch.cleanup();
    }
  });
});
