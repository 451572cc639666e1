// ZINO.toml's [limits] table: every field within bounds the services can work with (a frame big enough for the
// protocol's own frames, timers Node can arm), refused at load otherwise with the field, the range and why.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { ConfigError, loadInstanceConfig } from "../../../src/zino/config/index.js";
import { runZinoCli, writeTempInstance } from "../../../harness/zino-processes.js";

const dir = mkdtempSync(join(tmpdir(), "zc-limits-"));
after(() => rmSync(dir, { recursive: true, force: true }));

function load(limits: string) {
  const path = join(dir, "ZINO.toml");
  writeFileSync(path, `[limits]\n${limits}\n`);
  return loadInstanceConfig({ path, env: {} });
}

function refused(limits: string, pattern: RegExp): void {
  assert.throws(
    () => load(limits),
    (err: unknown) => err instanceof ConfigError && pattern.test(err.message),
    limits,
  );
}

void describe("[limits]", () => {
  void it("accepts values within bounds, the bounds themselves included", () => {
    const config = load("max_frame_bytes = 65536\nidle_timeout_ms = 86400000\nmax_connections = 65536\nmax_buffered_bytes = 1073741824");
    assert.equal(config.maxFrameBytes, 65_536);
    assert.equal(config.idleTimeoutMs, 86_400_000);
    assert.equal(config.maxConnections, 65_536);
    assert.equal(config.maxBufferedBytes, 1_073_741_824);
  });

  void it("refuses a timeout past Node's timer range or one day, a frame too small for the protocol or over 1 GiB, and out-of-range counts", () => {
    refused("idle_timeout_ms = 3000000000", /limits\.idle_timeout_ms: must be a whole number from 1 to 86400000 \(one day; Node's timers/);
    refused("idle_timeout_ms = 0", /limits\.idle_timeout_ms/);
    refused("max_frame_bytes = 10", /limits\.max_frame_bytes: must be a whole number from 65536 to 1073741824 \(64 KiB leaves room/);
    refused("max_frame_bytes = 2147483648", /limits\.max_frame_bytes/);
    refused("max_connections = 0", /limits\.max_connections: must be a whole number from 1 to 65536/);
    refused("max_connections = 1e9", /limits\.max_connections/);
    refused("max_buffered_bytes = 100", /limits\.max_buffered_bytes: must be a whole number from 65536/);
    refused('idle_timeout_ms = "30s"', /limits\.idle_timeout_ms: must be a whole number/);
  });

  void it("makes `zino up --detach` exit 2 naming the field, before any service starts", async () => {
    const instance = writeTempInstance({ providerUrl: "http://127.0.0.1:9/v1" });
    writeFileSync(instance.configPath, '[paths]\nruntime_dir = "run"\n[limits]\nidle_timeout_ms = 3000000000\n');
    const result = await runZinoCli(["up", "--detach"], { instance, timeoutMs: 60_000 });
    const started = existsSync(join(instance.dir, "run", "ctx.sock"));
    if (started) await runZinoCli(["down"], { instance, timeoutMs: 30_000 });
    instance.cleanup();
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /limits\.idle_timeout_ms: must be a whole number from 1 to 86400000/);
    assert.equal(started, false);
  });
});
