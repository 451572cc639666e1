// The zino-ctx process (src/zino/ctx/main.ts): starts from a ZINO.toml, answers on its socket, stops on SIGTERM.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { loadInstanceConfig } from "../../../src/zino/config/index.js";
import { requestOne } from "../../../src/wire/index.js";
import { makeInstanceDir } from "./ctx-harness.js";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

void it("CTX-21 zino-ctx --config serves the instance's ctx socket and exits 0 on SIGTERM", async () => {
  const dir = makeInstanceDir();
  const configPath = join(dir, "ZINO.toml");
  const instance = loadInstanceConfig({ path: configPath, env: {} });
  const child = spawn(process.execPath, ["--import", "tsx", join(repoRoot, "src/zino/ctx/main.ts"), "--config", configPath], {
    cwd: repoRoot,
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, ZINO_LOG_LEVEL: "warn" },
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  try {
    let answer: Record<string, unknown> | undefined;
    for (let attempt = 0; attempt < 100 && !answer; attempt += 1) {
      try {
        answer = await requestOne(instance.sockets.ctx, { message: null, ctxkey: "proc" }, { idleTimeoutMs: 2000 });
      } catch {
        await sleep(100);
      }
    }
    assert.deepEqual(answer, { type: "ready", ctxkey: "proc", configured: true }, stderr);
    child.kill("SIGTERM");
    assert.equal(await exited, 0, stderr);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
});
