// ZINO.toml's [launch] table [ext]: how `zino up` runs the services (one zino-host process or one process each), and
// the command line that choice gives.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { ConfigError, loadInstanceConfig } from "../../../src/zino/config/index.js";
import { resolveHostEntry, resolveServiceEntry } from "../../../src/zino/cli/service-launch.js";
import { hostedServices } from "../../../src/zino/runtime/run-host.js";

const dir = mkdtempSync(join(tmpdir(), "zc-launch-"));
after(() => rmSync(dir, { recursive: true, force: true }));

function load(toml: string) {
  const path = join(dir, "ZINO.toml");
  writeFileSync(path, toml);
  return loadInstanceConfig({ path, env: {} });
}

void describe("[launch] and the host's command line", () => {
  void it("reads one_process, unset by default, and refuses a value that is not a boolean or an unknown key", () => {
    assert.equal(load("").oneProcess, undefined);
    assert.equal(load("[launch]\none_process = true\n").oneProcess, true);
    assert.equal(load("[launch]\none_process = false\n").oneProcess, false);
    assert.throws(
      () => load('[launch]\none_process = "yes"\n'),
      (err: unknown) => err instanceof ConfigError && /launch\.one_process/.test(err.message),
    );
    assert.throws(() => load("[launch]\nprocesses = 1\n"), ConfigError);
  });

  void it("launches zino-host with the services to start, which the host reads back in start order", () => {
    const config = join(dir, "ZINO.toml");
    const host = resolveHostEntry(["ctx", "rtr", "daemon"], config);
    assert.equal(host.name, "host");
    assert.deepEqual(host.services, ["ctx", "rtr", "daemon"]);
    assert.match(host.mainFile, /host[/\\]main\.ts$/);
    assert.ok(host.exists);
    const argv = host.args.slice(host.args.indexOf(host.mainFile) + 1);
    assert.deepEqual(argv, ["--config", config, "--services", "ctx,rtr,daemon"]);
    assert.deepEqual(hostedServices(argv), ["ctx", "rtr", "daemon"]);
    assert.deepEqual(hostedServices(["--services=daemon, ctx"]), ["ctx", "daemon"]);
    assert.deepEqual(hostedServices([]), ["ctx", "rtr", "exc", "daemon"]);
    assert.match(String(hostedServices(["--services", "ctx,db"])), /comma-separated list of ctx, rtr, exc, daemon/);
    assert.match(String(hostedServices(["--services"])), /comma-separated list/);
    const ctx = resolveServiceEntry("ctx", config);
    assert.deepEqual(ctx.services, ["ctx"]);
    assert.deepEqual(ctx.args.slice(ctx.args.indexOf(ctx.mainFile) + 1), ["--config", config]);
  });
});
