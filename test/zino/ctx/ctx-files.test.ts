// Issue 11 "ZINO services and files": the files of a real zino-ctx process are its user's alone (umask 077 set by
// the process itself), secrets at rest are sealed with a key kept outside the database, and get_config masks
// every secret (MCP env values included) unless `secrets: true`.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, statSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { requestOne } from "../../../src/wire/index.js";
import { createSqliteStore } from "../../../src/zino/ctx/index.js";
import { spawnZinoService, waitForPing, writeTempInstance, type TempInstance, type ZinoProcess } from "../../../harness/zino-processes.js";

const MCP_TOML = `
[mcp_servers.notes]
command = "notes-server"
env = { NOTES_TOKEN = "mcp-env-secret-789", PLAIN = "also-an-env-value" }
env_from_ctx = { SESSION_TOKEN = "notes_session" }
`;

const NOBODY = 65534;
const mode = (path: string) => statSync(path).mode & 0o777;

/** Whether the `nobody` user can read the file (run as that user: root reads everything). */
function nobodyCanRead(path: string): boolean {
  return spawnSync("cat", [path], { uid: NOBODY, gid: NOBODY, stdio: "ignore" }).status === 0;
}

/** Every file of the database: the main file, its -wal and -shm. */
const databaseFiles = (instance: TempInstance) => [instance.databasePath, `${instance.databasePath}-wal`, `${instance.databasePath}-shm`];

function bytesOf(paths: readonly string[]): string {
  return paths
    .filter((path) => existsSync(path))
    .map((path) => readFileSync(path).toString("latin1"))
    .join("\n");
}

void describe("zino-ctx files and secrets at rest", () => {
  let instance: TempInstance;
  let ctx: ZinoProcess;

  before(async () => {
    instance = writeTempInstance({ providerUrl: "http://127.0.0.1:9/v1", extraToml: MCP_TOML });
    // Only the files' own modes protect them now: the instance folder is open to everyone.
    chmodSync(instance.dir, 0o755);
    ctx = spawnZinoService("ctx", instance, { env: { ZINO_LOG_LEVEL: "warn" } });
    await waitForPing(instance.sockets.ctx, 30_000, ctx);
    await requestOne(instance.sockets.ctx, { type: "set_value", ctxkey: "guide", key: "zelinqa_api_key", value: "zk_live_guide_secret" });
    await requestOne(instance.sockets.ctx, { type: "append_history", ctxkey: "k", messages: [{ role: "user", content: "hello" }] });
  });

  after(async () => {
    await ctx.kill();
    instance.cleanup();
  });

  void it("CTX-23 creates the database, its -wal and -shm 0600 under the process's own umask, unreadable by another user", () => {
    for (const path of databaseFiles(instance)) {
      assert.ok(existsSync(path), path);
      assert.equal(mode(path), 0o600, path);
      assert.equal(nobodyCanRead(path), false, path);
    }
    assert.equal(mode(instance.sockets.ctx), 0o600);
  });

  void it("CTX-23 keeps the sealing key outside the database, 0600", () => {
    const keyPath = `${instance.databasePath}.key`;
    assert.equal(mode(keyPath), 0o600);
    assert.equal(nobodyCanRead(keyPath), false);
  });

  void it("CTX-24 stores no secret in clear text in the database or its -wal", () => {
    const bytes = bytesOf(databaseFiles(instance));
    for (const secret of ["sk-test-secret", "mcp-env-secret-789", "also-an-env-value", "zk_live_guide_secret"]) {
      assert.equal(bytes.includes(secret), false, secret);
    }
    assert.ok(bytes.includes("notes-server"), "non-secret configuration stays readable");
  });

  void it("CTX-25 masks every secret in get_config, MCP env values included, and unseals them with secrets: true", async () => {
    const masked = await requestOne(instance.sockets.ctx, { type: "get_config", ctxkey: "default" });
    const text = JSON.stringify(masked);
    for (const secret of ["sk-test-secret", "mcp-env-secret-789", "also-an-env-value"]) assert.equal(text.includes(secret), false, secret);
    const config = masked.config as { mcp_servers: Record<string, { env: Record<string, string>; env_from_ctx: Record<string, string> }> };
    assert.deepEqual(config.mcp_servers.notes?.env, { NOTES_TOKEN: "[set]", PLAIN: "[set]" });
    assert.deepEqual(config.mcp_servers.notes?.env_from_ctx, { SESSION_TOKEN: "notes_session" });
    const clear = await requestOne(instance.sockets.ctx, { type: "get_config", ctxkey: "default", secrets: true });
    const clearConfig = clear.config as { llm: { api_key: string }; mcp_servers: Record<string, { env: Record<string, string> }> };
    assert.equal(clearConfig.llm.api_key, "sk-test-secret");
    assert.equal(clearConfig.mcp_servers.notes?.env.NOTES_TOKEN, "mcp-env-secret-789");
    const value = await requestOne(instance.sockets.ctx, { type: "get_value", ctxkey: "guide", key: "zelinqa_api_key" });
    assert.equal(value.value, "zk_live_guide_secret");
  });

  void it("CTX-25 refuses a masked secret sent back with set_config (MCP env values too)", async () => {
    const answer = await requestOne(instance.sockets.ctx, {
      type: "set_config",
      ctxkey: "k",
      config: { mcp_servers: { notes: { command: "notes-server", env: { NOTES_TOKEN: "[set]" } } } },
    });
    assert.equal(answer.code, "bad_request");
  });
});

void describe("a ctx database written in clear text by an older zino-ctx", () => {
  void it("CTX-24 is sealed when the store opens, and its values still read back", async () => {
    const instance = writeTempInstance({ providerUrl: "http://127.0.0.1:9/v1" });
    try {
      const old = createSqliteStore({ path: instance.databasePath, keyPath: null });
      await old.importInstance({ defaults: { llm: { base_url: "http://x/v1", model: "m", api_key: "sk-old-clear" } }, agents: undefined });
      await old.setValue("guide", "token", { key: "zk-old-clear" }, { maxValues: 10, maxChars: 1000 });
      await old.close();
      assert.ok(bytesOf(databaseFiles(instance)).includes("sk-old-clear"));
      const store = createSqliteStore({ path: instance.databasePath });
      assert.deepEqual(await store.value("guide", "token"), { key: "zk-old-clear" });
      assert.equal(((await store.configLayers("default")).inherited[0]?.llm as { api_key: string }).api_key, "sk-old-clear");
      await store.close();
      const bytes = bytesOf(databaseFiles(instance));
      assert.equal(bytes.includes("sk-old-clear"), false);
      assert.equal(bytes.includes("zk-old-clear"), false);
    } finally {
      instance.cleanup();
    }
  });

  void it("CTX-24 refuses to start without the key file once secrets are sealed, instead of making a new key", async () => {
    const instance = writeTempInstance({ providerUrl: "http://127.0.0.1:9/v1" });
    try {
      const store = createSqliteStore({ path: instance.databasePath });
      await store.setValue("guide", "token", "zk-sealed", { maxValues: 10, maxChars: 1000 });
      await store.close();
      spawnSync("rm", [`${instance.databasePath}.key`]);
      assert.throws(() => createSqliteStore({ path: instance.databasePath }), /key file .* is missing; restore it/);
    } finally {
      instance.cleanup();
    }
  });
});

void describe("a socket folder zino-ctx must not take over", () => {
  void it(
    "CTX-29 refuses runtime_dir = /tmp with exit 2 and a plain message naming the fix, and leaves /tmp 1777",
    { timeout: 30_000 },
    async () => {
      const instance = writeTempInstance({ providerUrl: "http://127.0.0.1:9/v1" });
      try {
        const before = statSync("/tmp").mode & 0o7777;
        const ctx = spawnZinoService("ctx", instance, { env: { ZINO_RUNTIME_DIR: "/tmp" } });
        const exit = await ctx.exited;
        assert.equal(exit.code, 2, ctx.stderr());
        assert.match(
          ctx.stderr(),
          /zino-ctx: refusing to put sockets in \/tmp: it is a shared folder .*runtime_dir.* \[unsafe_socket_dir\]/,
        );
        assert.equal(statSync("/tmp").mode & 0o7777, before);
        assert.equal(before, 0o1777);
      } finally {
        instance.cleanup();
      }
    },
  );
});
