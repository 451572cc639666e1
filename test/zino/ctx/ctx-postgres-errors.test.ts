// ctx on PostgreSQL when the database is not there or not right: a plain line with a stable code at start (and
// never the URL's password), an `unavailable` error frame with `store_error` while it is gone, `zino status`
// saying so, and turns served again once it is back.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import pg from "pg";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, describe, it } from "node:test";
import { ConfigError, loadInstanceConfig, type InstanceConfig } from "../../../src/zino/config/index.js";
import { createCtxService, type CtxService } from "../../../src/zino/ctx/index.js";
import { requestOne, silentLogger, type Frame } from "../../../src/wire/index.js";
import { buildStatusReport, formatStatus } from "../../../src/zino/cli/status-command.js";
import { openSecretBox } from "../../../src/zino/ctx/secret-box.js";
import { makeInstanceDir } from "./ctx-harness.js";
import { startProxy } from "../../support/pg-proxy.js";
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

  void it("CTX-40 a database that stops answering: a request answers timeout within statement_timeout_ms + 2 s, the next ones are served", () =>
    databaseStopsAnswering(database.url, shared));

  void it("CTX-40 a pool whose connections all wait on a lock answers store_busy to the next request, not store_unreachable", async () => {
    const dir = makeInstanceDir({
      toml: storeToml(database.url, `key_file = "${join(shared, "first.key")}"\nstatement_timeout_ms = 3000\npool_size = 1`),
    });
    const instance = loadInstanceConfig({ path: join(dir, "ZINO.toml"), env: {} });
    const service = createCtxService({ instance, logger: silentLogger(), env: {} });
    const locker = new pg.Client({ connectionString: database.url });
    const append = (content: string) =>
      requestOne(
        instance.sockets.ctx,
        { type: "append_history", ctxkey: "locked", messages: [{ role: "user", content }] },
        { idleTimeoutMs: 10_000 },
      );
    try {
      await service.start();
      assert.deepEqual(await append("first"), { type: "ok", count: 1 });
      await locker.connect();
      await locker.query("BEGIN");
      await locker.query("SELECT * FROM zino_ctx_history_heads WHERE ctxkey = 'locked' FOR UPDATE");
      // The pool's one connection waits on the row lock; the second request waits for that connection.
      const [waiting, queued] = await Promise.all([append("second"), append("third")]);
      assert.equal(queued.code, "timeout", JSON.stringify(queued));
      assert.equal(queued.store_error, "store_busy");
      assert.match(String(queued.message), /all \[store\] pool_size connections were busy/);
      assert.equal(waiting.store_error, "store_timeout", JSON.stringify(waiting));
      await locker.query("ROLLBACK");
      assert.deepEqual(await append("fourth"), { type: "ok", count: 1 });
    } finally {
      await locker.end().catch(() => undefined);
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  void it("CTX-41 text with U+0000 gets the same answers on PostgreSQL as on SQLite, and a turn whose text holds it is stored", async () => {
    const pgDir = makeInstanceDir({ toml: storeToml(database.url, `key_file = "${join(shared, "first.key")}"`) });
    const sqliteDir = makeInstanceDir();
    const answers: string[][] = [];
    try {
      for (const dir of [pgDir, sqliteDir]) {
        const instance = loadInstanceConfig({ path: join(dir, "ZINO.toml"), env: {} });
        const service = createCtxService({ instance, logger: silentLogger(), env: {} });
        await service.start();
        try {
          answers.push(await nulRequests((frame) => requestOne(instance.sockets.ctx, frame, { idleTimeoutMs: 8000 })));
        } finally {
          await service.close();
        }
      }
      assert.deepEqual(answers[0], answers[1]);
    } finally {
      for (const dir of [pgDir, sqliteDir]) rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * Requests with U+0000 where ctx keeps text in a column of its own (refused, naming the field) and inside messages
 * (kept); a turn's text with it is stored, U+0000 kept as U+FFFD. Returns each answer, to compare stores.
 */
async function nulRequests(request: (frame: Frame) => Promise<Frame>): Promise<string[]> {
  const answers: string[] = [];
  const refused = async (frame: Frame, field: RegExp) => {
    const answer = await request(frame);
    assert.equal(answer.type, "error", JSON.stringify(answer));
    assert.equal(answer.code, "bad_request", JSON.stringify(answer));
    assert.match(String(answer.message), field);
    answers.push(JSON.stringify(answer));
  };
  await refused({ type: "get_history", ctxkey: "a\u0000b" }, /ctxkey: must not contain U\+0000/);
  await refused({ type: "set_value", ctxkey: "k", key: "a\u0000", value: 1 }, /key: must not contain U\+0000/);
  await refused({ type: "set_soft", ctxkey: "k", content: "x\u0000" }, /content: must not contain U\+0000/);
  await refused({ type: "store_hard", ctxkey: "k", tag: "t\u0000", messages: [{ role: "user", content: "m" }] }, /tag/);
  await refused({ type: "append_history", ctxkey: "k", turn_id: "t\u0000", messages: [] }, /turn_id/);
  await refused({ type: "append_history", ctxkey: "k", turn_id: "t", message_sha256: "not a digest", messages: [] }, /message_sha256/);
  const messages = [
    { role: "user", content: "hello\u0000world" },
    { role: "assistant", content: "echo hello\u0000world" },
  ];
  const sha = "5e".repeat(32);
  const stored = await request({
    type: "append_history",
    ctxkey: "k",
    turn_id: "t1",
    full_text: "echo hello\u0000world",
    messages,
    message_sha256: sha,
  });
  assert.deepEqual(stored, { type: "ok", count: 2 });
  const history = await request({ type: "get_history", ctxkey: "k" });
  assert.deepEqual(history.messages, messages, "messages keep U+0000");
  const replay = await request({ message: "again", ctxkey: "k", turn_id: "t1" });
  assert.deepEqual(replay.turn_done, { turn_id: "t1", full_text: "echo hello\uFFFDworld", iterations: null, message_sha256: sha });
  const value = { text: "v\u0000" };
  assert.deepEqual(await request({ type: "set_value", ctxkey: "k", key: "v", value }), { type: "ok" });
  assert.deepEqual((await request({ type: "get_value", ctxkey: "k", key: "v" })).value, value);
  answers.push(JSON.stringify(history), JSON.stringify(replay.turn_done));
  return answers;
}

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

async function databaseStopsAnswering(databaseUrl: string, shared: string): Promise<void> {
  const proxy = await startProxy(new URL(databaseUrl));
  const url = new URL(databaseUrl);
  url.port = String(proxy.port);
  const extra = `key_file = "${join(shared, "first.key")}"\nstatement_timeout_ms = 1000\npool_size = 2`;
  const dir = makeInstanceDir({ toml: storeToml(url.toString(), extra) });
  const instance: InstanceConfig = loadInstanceConfig({ path: join(dir, "ZINO.toml"), env: {} });
  const service: CtxService = createCtxService({ instance, logger: silentLogger(), env: {} });
  const ask = () => requestOne(instance.sockets.ctx, { type: "get_history", ctxkey: "k" }, { idleTimeoutMs: 30_000 });
  try {
    await service.start();
    assert.deepEqual(await ask(), { type: "history", ctxkey: "k", messages: [] });
    // Every connection open now stops forwarding, as behind a dropped route or a frozen server; new ones pass.
    proxy.freeze();
    const started = Date.now();
    const failed = await ask();
    const waited = Date.now() - started;
    assert.equal(failed.type, "error", JSON.stringify(failed));
    assert.equal(failed.code, "timeout");
    assert.equal(failed.store_error, "store_timeout");
    assert.match(String(failed.message), /gave no answer/);
    assert.ok(waited >= 2500 && waited < 6000, `answered after ${waited} ms`);
    // The connection that stopped answering was dropped: the next requests go over fresh ones.
    assert.deepEqual(await ask(), { type: "history", ctxkey: "k", messages: [] });
  } finally {
    await service.close();
    await proxy.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
