// An empty ZINO.toml (real processes, as `zino up` starts them): every service runs on the defaults, exc takes its
// rules and the skills from ctx (not "ctx unavailable"), and what a turn lacks is said once, plainly: a model,
// with the two fields to write in [llm].
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { requestOne } from "../../src/wire/index.js";
import { runZinoCli, startZinoServices, stopZinoServices, type TempInstance, type ZinoProcess } from "../../harness/zino-processes.js";

void describe("an instance whose ZINO.toml is empty", () => {
  let instance: TempInstance;
  let services: ZinoProcess[] = [];

  before(async () => {
    const dir = mkdtempSync(join(tmpdir(), "ze-"));
    writeFileSync(join(dir, "ZINO.toml"), "");
    mkdirSync(join(dir, "agents", "skills"), { recursive: true });
    writeFileSync(
      join(dir, "agents", "skills", "notes.json"),
      JSON.stringify({ name: "notes", description: "Take notes.", system_prompt: "You take notes.", tools: [] }),
    );
    const runtimeDir = join(dir, ".zino", "run");
    const sockets = { daemon: "daemon", ctx: "ctx", rtr: "rtr", exc: "exc" } as const;
    instance = {
      dir,
      configPath: join(dir, "ZINO.toml"),
      runtimeDir,
      databasePath: join(dir, ".zino", "zino.sqlite"),
      sockets: Object.fromEntries(Object.keys(sockets).map((name) => [name, join(runtimeDir, `${name}.sock`)])) as TempInstance["sockets"],
      cleanup: () => rmSync(dir, { recursive: true, force: true }),
    };
    services = await startZinoServices(instance, ["ctx", "rtr", "exc", "daemon"]);
  });
  after(async () => {
    await stopZinoServices(services);
    instance?.cleanup();
  });

  void it("ZINO-EMPTY-1 exc takes its rules and skills from ctx, which is running, and warns of nothing", async () => {
    const ready = await requestOne(instance.sockets.exc, { message: null, ctxkey: "default" }, { idleTimeoutMs: 30_000 });
    assert.equal(ready.type, "ready");
    assert.equal(ready.config_source, "ctx");
    assert.equal(ready.warning, undefined);
    assert.deepEqual(ready.skills, ["notes"]);
    const exc = services.find((service) => service.name === "exc")!;
    assert.doesNotMatch(exc.stderr(), /ctx unavailable|did not answer/);
  });

  void it("ZINO-EMPTY-1 ctx and rtr name what is missing (llm.base_url and llm.model) and what to write, once", async () => {
    const config = await requestOne(instance.sockets.ctx, { type: "get_config", ctxkey: "default" }, { idleTimeoutMs: 30_000 });
    assert.equal(config.type, "error");
    assert.equal(config.reason, "not_configured");
    assert.match(String(config.message), /No model is configured for ctxkey "default": llm\.base_url and llm\.model are missing/);
    assert.match(String(config.message), /\[llm\] table/);
    assert.doesNotMatch(String(config.message), /expected object, received undefined/);

    const rtr = await requestOne(instance.sockets.rtr, { message: null, ctxkey: "default" }, { idleTimeoutMs: 30_000 });
    assert.equal(rtr.code, "provider_error");
    assert.match(String(rtr.message), /^No model configured for ctxkey "default": set \[llm\] base_url and model in \S+ZINO\.toml/);
    assert.doesNotMatch(String(rtr.message), /Details|expected object/);

    const ask = await runZinoCli(["ask", "hello"], { instance });
    assert.equal(ask.code, 1);
    assert.match(ask.stderr, /No model configured for ctxkey "default": set \[llm\] base_url and model/);
    assert.doesNotMatch(ask.stderr, /unavailable|not running/);
  });
});
