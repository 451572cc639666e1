// Two ZINO hosts on one PostgreSQL database: two real zino-ctx processes, each from its own ZINO.toml with a
// `[store]` table naming the same database (the URL in an environment variable) and the same key file.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { loadInstanceConfig } from "../../../src/zino/config/index.js";
import { requestOne, type Frame } from "../../../src/wire/index.js";
import { makeInstanceDir } from "./ctx-harness.js";
import { createPostgresDatabase, postgresSkipReason } from "../../support/zelinqa-databases.js";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const URL_ENV = "ZINO_TEST_CTX_DATABASE_URL";

const hostToml = (keyFile: string) => `
[paths]
runtime_dir = "run"
agents = "agents"

[store]
url_env = "${URL_ENV}"
pool_size = 3
statement_timeout_ms = 3000
connect_timeout_ms = 2000
key_file = "${keyFile}"

[llm]
base_url = "http://127.0.0.1:9/v1"
model = "test-model"
api_key = "sk-shared-secret"

[history]
max_messages = 40
`;

interface Host {
  socket: string;
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<number | null>;
  request(frame: Frame): Promise<Frame>;
}

function spawnCtx(dir: string, databaseUrl: string): Host {
  const configPath = join(dir, "ZINO.toml");
  const child = spawn(process.execPath, ["--import", "tsx", join(repoRoot, "src/zino/ctx/main.ts"), "--config", configPath], {
    cwd: repoRoot,
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, ZINO_LOG_LEVEL: "warn", [URL_ENV]: databaseUrl },
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const socket = loadInstanceConfig({ path: configPath, env: { [URL_ENV]: databaseUrl } }).sockets.ctx;
  return {
    socket,
    child,
    stderr: () => stderr,
    exited: new Promise((resolve) => child.on("exit", (code) => resolve(code))),
    request: (frame) => requestOne(socket, frame, { idleTimeoutMs: 5000 }),
  };
}

async function ready(host: Host): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    if (host.child.exitCode !== null) break;
    try {
      await requestOne(host.socket, { message: null, ctxkey: "probe" }, { idleTimeoutMs: 2000 });
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`zino-ctx did not start: ${host.stderr()}`);
}

async function stop(host: Host | undefined): Promise<void> {
  if (!host || host.child.exitCode !== null) return;
  host.child.kill("SIGTERM");
  await host.exited;
}

void describe("two zino-ctx processes on one PostgreSQL database", { skip: postgresSkipReason() }, () => {
  let database: { url: string; drop: () => Promise<void> };
  let shared: string;
  const dirs: string[] = [];
  const hosts: Host[] = [];
  before(async () => {
    database = await createPostgresDatabase();
    shared = mkdtempSync(join(tmpdir(), "zc-shared-"));
    for (let i = 0; i < 2; i += 1) dirs.push(makeInstanceDir({ toml: hostToml(join(shared, "ctx-store.key")) }));
    // The first host creates the key file and migrates; the second starts with both done.
    hosts.push(spawnCtx(dirs[0]!, database.url));
    await ready(hosts[0]!);
    hosts.push(spawnCtx(dirs[1]!, database.url));
    await ready(hosts[1]!);
  });
  after(async () => {
    for (const host of hosts) await stop(host);
    await database?.drop();
    for (const dir of [...dirs, shared]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  void it("CTX-31 a conversation continued on the other host sees its history", async () => {
    const [a, b] = hosts as [Host, Host];
    const turn = [
      { role: "user", content: "my name is Ada" },
      { role: "assistant", content: "Hello Ada" },
    ];
    assert.deepEqual(await a.request({ type: "append_history", ctxkey: "conv", messages: turn, turn_id: "t1" }), { type: "ok", count: 2 });
    const built = await b.request({ message: "what is my name?", ctxkey: "conv" });
    assert.equal(built.type, "messages", JSON.stringify(built));
    const messages = built.messages as { role: string; content: string }[];
    assert.deepEqual(
      messages.slice(1).map((m) => m.content),
      ["my name is Ada", "Hello Ada", "what is my name?"],
    );
    assert.deepEqual(await b.request({ type: "append_history", ctxkey: "conv", messages: turn, turn_id: "t1" }), {
      type: "ok",
      count: 0,
      duplicate: true,
    });
    const capabilities = await b.request({ type: "capabilities", message: null });
    assert.equal(capabilities.store, "postgres");
    assert.deepEqual(capabilities.store_health, { ok: true });
    assert.equal(String(capabilities.database).includes(new URL(database.url).password || "\0"), false);
  });

  void it("CTX-30 appends racing from both hosts keep each append together and in order", async () => {
    const sends = Array.from({ length: 30 }, (_, i) =>
      hosts[i % 2]!.request({
        type: "append_history",
        ctxkey: "race",
        messages: [0, 1, 2, 3].map((part) => ({ role: part % 2 === 0 ? "user" : "assistant", content: `${i}.${part}` })),
      }),
    );
    for (const answer of await Promise.all(sends)) assert.deepEqual(answer, { type: "ok", count: 4 });
    const history = await hosts[0]!.request({ type: "get_history", ctxkey: "race" });
    const contents = (history.messages as { content: string }[]).map((m) => m.content);
    assert.equal(contents.length, 120);
    for (let at = 0; at < contents.length; at += 4) {
      const append = contents[at]!.split(".")[0]!;
      assert.deepEqual(
        contents.slice(at, at + 4),
        [0, 1, 2, 3].map((part) => `${append}.${part}`),
      );
    }
    const other = await hosts[1]!.request({ type: "get_history", ctxkey: "race" });
    assert.deepEqual(
      (other.messages as { content: string }[]).map((m) => m.content),
      contents,
    );
  });

  void it("CTX-32 configuration, memories and guide values set on one host are what the other serves", () => sharedSettings(hosts));
});

async function sharedSettings(hosts: Host[]): Promise<void> {
  const [a, b] = hosts as [Host, Host];
  assert.deepEqual(await a.request({ type: "set_config", ctxkey: "cfg", config: { agent: { max_iterations: 3 } } }), { type: "ok" });
  assert.deepEqual(await a.request({ type: "set_soft", ctxkey: "cfg", content: "likes tea" }), { type: "ok" });
  assert.deepEqual(await a.request({ type: "set_value", ctxkey: "guide", key: "session", value: { id: "s-9" } }), { type: "ok" });
  for (let attempt = 0; ; attempt += 1) {
    const config = await b.request({ type: "get_config", ctxkey: "cfg" });
    const soft = await b.request({ type: "get_soft", ctxkey: "cfg" });
    const agent = (config.config as { agent: { max_iterations: number } }).agent;
    if (agent.max_iterations === 3 && soft.content === "likes tea") break;
    assert.ok(attempt < 50, `host b still serves ${JSON.stringify([config, soft])}`);
    await sleep(20);
  }
  assert.deepEqual(await b.request({ type: "get_value", ctxkey: "guide", key: "session" }), {
    type: "value",
    key: "session",
    value: { id: "s-9" },
  });
}
