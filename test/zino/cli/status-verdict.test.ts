// The last line of `zino status` names what is actually wrong (issue s15 #17), against stand-in services on real
// Unix sockets: a ctx that answers while its database fails is not told to run `zino up --detach`.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, afterEach, describe, it } from "node:test";
import { createFrameServer, silentLogger, type FrameServer } from "../../../src/wire/index.js";
import { runInProcess, scratchDir } from "./cli-harness.js";

const scratch = scratchDir();
let servers: FrameServer[] = [];
after(() => scratch.cleanup());
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

/** Stand-ins for `names`; ctx's capabilities carry `storeHealth`. */
async function standIns(names: readonly string[], storeHealth: Record<string, unknown>): Promise<void> {
  for (const name of names) {
    const server = createFrameServer({
      socketPath: join(scratch.runtimeDir, `${name}.sock`),
      logger: silentLogger(),
      handler: async (_request, out) => {
        await out.send({
          type: "capabilities",
          service: `zino-${name}`,
          ...(name === "ctx" ? { store: "sqlite", store_health: storeHealth } : {}),
        });
      },
    });
    await server.start();
    servers.push(server);
  }
}

const status = () => runInProcess(["status"], { cwd: scratch.dir, env: { LLM_API_KEY: "" } });

void describe("zino status's verdict", () => {
  void it("[Z7-STATUS] every service answers but ctx's database fails: says so and what to do, exit 1", async () => {
    await standIns(["ctx", "rtr", "exc", "daemon"], { ok: false, code: "store_unreachable", message: "the database does not answer" });
    const r = await status();
    assert.equal(r.code, 1, r.stdout);
    assert.match(r.stdout, /^database .*FAILING \[store_unreachable\] the database does not answer$/m);
    assert.match(
      r.stdout,
      /^zino: the services answer, but ctx's database is failing \[store_unreachable\] \(see the database line\): check that the database file .*; ctx uses it again as soon as it answers, no restart needed$/m,
    );
    assert.doesNotMatch(r.stdout, /do not answer|up --detach/);
  });

  void it("[Z7-STATUS] a required service down: names it and says to start the services", async () => {
    await standIns(["ctx", "daemon"], { ok: true });
    const r = await status();
    assert.equal(r.code, 1, r.stdout);
    assert.match(r.stdout, /^zino: required services do not answer: rtr \(run `zino up --detach`\)$/m);
  });

  void it("[Z7-STATUS] all up and the database answering: exit 0", async () => {
    await standIns(["ctx", "rtr", "daemon"], { ok: true });
    const r = await status();
    assert.equal(r.code, 0, r.stdout);
    assert.match(r.stdout, /^zino: all required services answer$/m);
  });
});

void describe("zino status's model line", () => {
  void it("[Z7-STATUS-MODEL] an endpoint without a model name (e.g. `modle = ...` mistyped) says the name is missing, not '? ... reachable'", async () => {
    const dir = scratchDir();
    try {
      writeFileSync(join(dir.dir, "ZINO.toml"), '[llm]\nbase_url = "http://127.0.0.1:9/v1"\nmodle = "qwen2.5:7b-instruct"\n');
      const r = await runInProcess(["status"], { cwd: dir.dir, env: { LLM_API_KEY: "" } });
      assert.match(
        r.stdout,
        /^model {8}no model name: set \[llm\] model in ZINO\.toml \(endpoint http:\/\/127\.0\.0\.1:9\/v1: NOT reachable; README: Pointing ZINO at a model\)$/m,
      );
      assert.doesNotMatch(r.stdout, /\? at /);
    } finally {
      dir.cleanup();
    }
  });
});
