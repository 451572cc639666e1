// `zino up` and `zino down` when the sockets are already served by someone else (stand-in frame servers):
// nothing is started twice, and `down` leaves alone what `up --detach` did not start.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createFrameServer, silentLogger, type FrameServer } from "../../../src/wire/index.js";
import { resolveServiceEntry } from "../../../src/zino/cli/service-launch.js";
import { SERVICE_NODE_FLAGS } from "../../../src/zino/runtime/service-node-flags.js";
import { runInProcess, scratchDir, type ScratchDir } from "./cli-harness.js";

void describe("zino up with services already running", () => {
  let scratch: ScratchDir;
  const servers: FrameServer[] = [];
  before(async () => {
    scratch = scratchDir();
    for (const name of ["ctx", "rtr", "exc", "daemon"]) {
      const server = createFrameServer({
        socketPath: join(scratch.runtimeDir, `${name}.sock`),
        logger: silentLogger(),
        handler: async (_request, out) => {
          await out.send({ type: "capabilities", service: `stand-in ${name}` });
        },
      });
      await server.start();
      servers.push(server);
    }
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.close()));
    scratch.cleanup();
  });

  void it("[Z7-UP-ONCE] returns at once from foreground up when every service already answers", async () => {
    const result = await runInProcess(["up"], { cwd: scratch.dir });
    assert.equal(result.code, 0, result.stderr);
    assert.equal((result.stderr.match(/already answers/g) ?? []).length, 4);
    assert.match(result.stderr, /nothing to supervise/);
  });

  void it("[Z7-UP-ONCE] starts nothing and writes no pid file with up --detach", async () => {
    const result = await runInProcess(["up", "--detach"], { cwd: scratch.dir });
    assert.equal(result.code, 0, result.stderr);
    for (const name of ["ctx", "rtr", "exc", "daemon"]) assert.equal(existsSync(join(scratch.runtimeDir, `${name}.pid`)), false);
  });

  void it("[Z7-STATUS] reports the stand-ins up with their capabilities", async () => {
    const result = await runInProcess(["status", "--json"], { cwd: scratch.dir });
    assert.equal(result.code, 0, result.stdout);
    assert.match(result.stdout, /"service": "stand-in daemon"/);
    const table = await runInProcess(["status"], { cwd: scratch.dir });
    assert.ok(table.stdout.split("\n").length < 20, `a short table, not the capabilities:\n${table.stdout}`);
    assert.match(table.stdout, /^daemon\s+up\s+-\s+-\s+[\d.]+ ms/m, "started elsewhere: no pid known");
  });

  void it("[Z7-DOWN] leaves running services it did not start", async () => {
    const result = await runInProcess(["down"], { cwd: scratch.dir });
    assert.equal(result.code, 0);
    assert.match(result.stderr, /daemon answers .* but was not started by `zino up --detach`; leaving it running/);
    assert.equal((await runInProcess(["status"], { cwd: scratch.dir })).code, 0);
  });
});

void describe("service entry resolution", () => {
  void it("runs main.ts through tsx from sources and main.js directly from dist", () => {
    const fromSources = resolveServiceEntry("ctx", "/etc/zino/ZINO.toml", "/repo/src/zino/cli/service-launch.ts");
    assert.equal(fromSources.mainFile, "/repo/src/zino/ctx/main.ts");
    // The services' Node flags come first, before the loader and the main file.
    const flags = SERVICE_NODE_FLAGS.length;
    assert.ok(flags > 0);
    assert.deepEqual(fromSources.args.slice(0, flags + 1), [...SERVICE_NODE_FLAGS, "--import"]);
    assert.deepEqual(fromSources.args.slice(flags + 2), ["/repo/src/zino/ctx/main.ts", "--config", "/etc/zino/ZINO.toml"]);
    const fromDist = resolveServiceEntry("daemon", undefined, "/repo/dist/src/zino/cli/service-launch.js");
    assert.equal(fromDist.command, process.execPath);
    assert.deepEqual(fromDist.args, [...SERVICE_NODE_FLAGS, "/repo/dist/src/zino/daemon/main.js"]);
  });
});
