// ctx on PostgreSQL when the database is not there or not right: a plain line with a stable code at start (and
// never the URL's password), an `unavailable` error frame with `store_error` while it is gone, `zino status`
// saying so, and turns served again once it is back.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, connect, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, describe, it } from "node:test";
import { ConfigError, loadInstanceConfig, type InstanceConfig } from "../../../src/zino/config/index.js";
import { createCtxService, type CtxService } from "../../../src/zino/ctx/index.js";
import { requestOne, silentLogger } from "../../../src/wire/index.js";
import { buildStatusReport, formatStatus } from "../../../src/zino/cli/status-command.js";
import { openSecretBox } from "../../../src/zino/ctx/secret-box.js";
import { makeInstanceDir } from "./ctx-harness.js";
import { createPostgresDatabase, postgresSkipReason } from "../../support/zelinqa-databases.js";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const PASSWORD = "pw-never-shown-42";

const storeToml = (url: string, extra = "") => `
[paths]
runtime_dir = "run"
agents = "agents"

[store]
url = "${url}"
connect_timeout_ms = 1500
${extra}

[llm]
base_url = "http://127.0.0.1:9/v1"
model = "m"
`;

async function runCtx(dir: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", join(repoRoot, "src/zino/ctx/main.ts"), "--config", join(dir, "ZINO.toml")], {
    cwd: repoRoot,
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, ZINO_LOG_LEVEL: "fatal" },
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
  clearTimeout(timer);
  return { code, stderr };
}

void describe("a ctx database URL that cannot be used", () => {
  void it("CTX-33 a malformed [store] url is a configuration error that does not echo the URL", () => {
    const dir = makeInstanceDir({ toml: storeToml(`postgres://zino:${PASSWORD}@[bad-host/zino`), agents: false });
    try {
      assert.throws(
        () => loadInstanceConfig({ path: join(dir, "ZINO.toml"), env: {} }),
        (err: unknown) => err instanceof ConfigError && /not a valid postgres/.test(err.message) && !err.message.includes(PASSWORD),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  void it("CTX-33 [store] url_env naming a variable zino-ctx does not have ends it with store_config, exit 2", async () => {
    const dir = makeInstanceDir({
      toml: storeToml("postgres://x@127.0.0.1/db").replace(/url = .*/, 'url_env = "NOPE_URL"'),
      agents: false,
    });
    try {
      const { code, stderr } = await runCtx(dir);
      assert.equal(code, 2, stderr);
      assert.match(stderr, /zino-ctx: \[store\] url_env: the environment variable NOPE_URL is not set for zino-ctx \[store_config\]/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  void it("CTX-33 an unreachable database ends zino-ctx with store_unreachable, exit 1, and no password", async () => {
    const dir = makeInstanceDir({ toml: storeToml(`postgres://zino:${PASSWORD}@127.0.0.1:1/zino`), agents: false });
    try {
      const { code, stderr } = await runCtx(dir);
      assert.equal(code, 1, stderr);
      assert.match(
        stderr,
        /zino-ctx: zino-ctx cannot reach its PostgreSQL database postgres:\/\/zino:\*\*\*@127\.0\.0\.1:1\/zino .*\[store_unreachable\]/,
      );
      assert.equal(stderr.includes(PASSWORD), false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

void describe("ctx on a PostgreSQL database that is missing, keyed otherwise, or goes away", { skip: postgresSkipReason() }, () => {
  let database: { url: string; drop: () => Promise<void> };
  let shared: string;
  before(async () => {
    database = await createPostgresDatabase();
    shared = mkdtempSync(join(tmpdir(), "zc-pg-err-"));
  });
  after(async () => {
    await database?.drop();
    if (shared) rmSync(shared, { recursive: true, force: true });
  });

  void it("CTX-33 a database that does not exist ends zino-ctx with store_config, exit 2", async () => {
    const url = new URL(database.url);
    url.pathname = "/no_such_database";
    url.password = PASSWORD;
    const dir = makeInstanceDir({ toml: storeToml(url.toString(), `key_file = "${join(shared, "k0.key")}"`), agents: false });
    try {
      const { code, stderr } = await runCtx(dir);
      assert.equal(code, 2, stderr);
      assert.match(stderr, /does not exist.*\[store_config\]/);
      assert.equal(stderr.includes(PASSWORD), false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  void it("CTX-24 a second host with another key file is refused at start instead of sealing with its own key", async () => {
    const first = makeInstanceDir({ toml: storeToml(database.url, `key_file = "${join(shared, "first.key")}"`) });
    const second = makeInstanceDir({ toml: storeToml(database.url, `key_file = "${join(shared, "second.key")}"`), agents: false });
    const service = createCtxService({
      instance: loadInstanceConfig({ path: join(first, "ZINO.toml"), env: {} }),
      logger: silentLogger(),
      env: {},
    });
    try {
      await service.start();
      const missing = await runCtx(second);
      assert.equal(missing.code, 2, missing.stderr);
      assert.match(
        missing.stderr,
        /zino-ctx: the shared ctx database holds sealed secrets but this host has no key file .*\[secret_key_file\]/,
      );
      openSecretBox(join(shared, "second.key"));
      const other = await runCtx(second);
      assert.equal(other.code, 2, other.stderr);
      assert.match(
        other.stderr,
        /zino-ctx: the ctx key file .* is not the key the shared database seals its secrets with.*\[secret_key_file\]/,
      );
    } finally {
      await service.close();
      for (const dir of [first, second]) rmSync(dir, { recursive: true, force: true });
    }
  });

  void it("CTX-34 while the database is gone, requests answer unavailable with store_error and status says so; then it recovers", () =>
    databaseGoesAway(database.url, shared));
});

async function databaseGoesAway(databaseUrl: string, shared: string): Promise<void> {
  const proxy = await startProxy(new URL(databaseUrl));
  const url = new URL(databaseUrl);
  url.port = String(proxy.port);
  const dir = makeInstanceDir({ toml: storeToml(url.toString(), `key_file = "${join(shared, "first.key")}"`) });
  const instance: InstanceConfig = loadInstanceConfig({ path: join(dir, "ZINO.toml"), env: {} });
  const service: CtxService = createCtxService({ instance, logger: silentLogger(), env: {} });
  const ask = () => requestOne(instance.sockets.ctx, { type: "get_history", ctxkey: "k" }, { idleTimeoutMs: 8000 });
  try {
    await service.start();
    assert.deepEqual(await ask(), { type: "history", ctxkey: "k", messages: [] });
    await proxy.pause();
    const failed = await ask();
    assert.equal(failed.type, "error");
    assert.equal(failed.code, "unavailable");
    assert.equal(failed.store_error, "store_unreachable");
    assert.match(String(failed.message), /cannot reach its PostgreSQL database/);
    const report = await buildStatusReport(instance);
    assert.equal(report.ok, false);
    assert.equal(report.database_state.state, "failing");
    assert.match(
      formatStatus(report),
      /database {5}postgres(ql)?:\/\/postgres@127\.0\.0\.1:\d+\/\w+ \(postgres\): FAILING \[store_unreachable\]/,
    );
    proxy.resume();
    assert.deepEqual(await ask(), { type: "history", ctxkey: "k", messages: [] });
  } finally {
    await service.close();
    await proxy.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A TCP relay in front of PostgreSQL that can drop every connection and refuse new ones for a while. */
async function startProxy(target: URL): Promise<{ port: number; pause(): Promise<void>; resume(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let paused = false;
  const server: Server = createServer((client) => {
    if (paused) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return {
    port: address.port,
    async pause() {
      paused = true;
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
    resume: () => {
      paused = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
