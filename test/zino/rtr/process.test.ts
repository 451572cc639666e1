// The zino-rtr process itself (main.ts): started with --config, it serves its socket, logs JSON lines on stderr
// without the key, and stops cleanly on SIGTERM.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { it } from "node:test";
import { fileURLToPath } from "node:url";
import { requestAll } from "../../../src/wire/index.js";
import { startFakeProvider } from "../../../harness/fake-provider.js";

const KEY = "sk-process-SECRET-9999";
const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

async function waitForFile(path: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(path)) {
    if (Date.now() > deadline) throw new Error(`${path} did not appear within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

void it("R7.process: zino-rtr runs from ZINO.toml, answers over its socket, never logs the key, exits 0 on SIGTERM", async () => {
  const dir = mkdtempSync(join(tmpdir(), "zr-"));
  const fake = await startFakeProvider({ apiKey: KEY });
  const toml = [
    "[paths]",
    'runtime_dir = "run"',
    "[llm]",
    `base_url = ${JSON.stringify(fake.url)}`,
    'model = "proc-model"',
    `api_key = ${JSON.stringify(KEY)}`,
    "max_retries = 0",
  ].join("\n");
  writeFileSync(join(dir, "ZINO.toml"), toml);
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(REPO_ROOT, "src", "zino", "rtr", "main.ts"), "--config", join(dir, "ZINO.toml")],
    {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { PATH: process.env.PATH ?? "", ZINO_LOG_LEVEL: "debug" },
    },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  try {
    const socket = join(dir, "run", "rtr.sock");
    await waitForFile(socket, 120_000);
    const frames = await requestAll(socket, { message: [{ role: "user", content: "hi" }], ctxkey: "p" }, { idleTimeoutMs: 10_000 });
    assert.equal(frames.at(-1)!.full_text, "echo: hi");
    assert.equal(fake.chatRequests().at(-1)!.model, "proc-model");
    fake.enqueue({ status: 401, errorBody: { error: { message: `bad key ${KEY}` } } });
    const failed = await requestAll(socket, { message: [{ role: "user", content: "again" }], ctxkey: "p" }, { idleTimeoutMs: 10_000 });
    assert.equal(failed.at(-1)!.code, "provider_error");
    assert.ok(!JSON.stringify([...frames, ...failed]).includes(KEY));
    child.kill("SIGTERM");
    assert.equal(await exited, 0);
    const lines = stderr.split("\n").filter((l) => l.length > 0);
    assert.ok(lines.length >= 2 && lines.every((l) => JSON.parse(l) !== null), stderr);
    assert.ok(!stderr.includes(KEY), "the key appeared in the log");
    assert.ok(!existsSync(socket), "the socket is removed on close");
  } finally {
    child.kill("SIGKILL");
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
