// ZINO.toml's choice of ctx store: SQLite by default and for Python files, PostgreSQL through `[store]` [ext] or a
// postgres:// `[paths] database`; the URL's password never appears in what is printed.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { ConfigError, STORE_DEFAULTS, loadInstanceConfig, storeLocation } from "../../../src/zino/config/index.js";

const dir = mkdtempSync(join(tmpdir(), "zc-store-config-"));
after(() => rmSync(dir, { recursive: true, force: true }));

function load(toml: string, env: NodeJS.ProcessEnv = {}) {
  const path = join(dir, "ZINO.toml");
  writeFileSync(path, toml);
  return loadInstanceConfig({ path, env });
}

void describe("the ctx store named by ZINO.toml", () => {
  void it("CTX-37 is the SQLite file without [store], also for a Python [ctx] data_dir", () => {
    assert.equal(load("").store, undefined);
    const python = load('[ctx]\ndata_dir = "data"\n');
    assert.equal(python.store, undefined);
    assert.equal(python.databasePath, join(dir, "data", "zino.sqlite"));
    assert.equal(storeLocation(python), python.databasePath);
  });

  void it("CTX-37 [store] url_env reads the URL from the environment, with the defaults and the key file beside ZINO.toml", () => {
    const instance = load('[store]\nurl_env = "ZINO_DATABASE_URL"\n', { ZINO_DATABASE_URL: "postgres://zino:hunter2@db:5432/zino" });
    assert.deepEqual(instance.store, {
      kind: "postgres",
      url: "postgres://zino:hunter2@db:5432/zino",
      poolSize: STORE_DEFAULTS.poolSize,
      statementTimeoutMs: STORE_DEFAULTS.statementTimeoutMs,
      connectTimeoutMs: STORE_DEFAULTS.connectTimeoutMs,
      keyPath: join(dir, ".zino", "ctx-store.key"),
    });
    assert.equal(storeLocation(instance), "postgres://zino:***@db:5432/zino");
    assert.equal(instance.databasePath, join(dir, ".zino", "zino.sqlite"), "local state stays beside ZINO.toml");
  });

  void it("CTX-37 [paths] database = postgres://… selects PostgreSQL; [store] sets the pool and timeouts", () => {
    const viaPaths = load('[paths]\ndatabase = "postgresql://u@h/d"\n');
    assert.equal(viaPaths.store?.url, "postgresql://u@h/d");
    const tuned = load(
      '[store]\nurl = "postgres://u@h/d"\npool_size = 3\nstatement_timeout_ms = 900\nconnect_timeout_ms = 700\nkey_file = "/k"\n',
    );
    assert.deepEqual(
      [tuned.store?.poolSize, tuned.store?.statementTimeoutMs, tuned.store?.connectTimeoutMs, tuned.store?.keyPath],
      [3, 900, 700, "/k"],
    );
  });

  void it("CTX-37 an unset url_env leaves the other processes starting (the URL is zino-ctx's alone)", () => {
    const instance = load('[store]\nurl_env = "ZINO_DATABASE_URL"\n');
    assert.equal(instance.store?.kind, "postgres");
    assert.match(instance.store?.urlMissing ?? "", /ZINO_DATABASE_URL is not set/);
    assert.equal(storeLocation(instance), "postgres (URL not in this environment)");
  });

  void it("CTX-37 refuses a [store] without a URL, with two, with a bad one (not echoed), or with an unknown key", () => {
    assert.throws(() => load("[store]\npool_size = 2\n"), /url or url_env is required/);
    assert.throws(() => load('[store]\nurl = "postgres://u@h/d"\nurl_env = "X"\n'), /not both/);
    assert.throws(
      () => load('[store]\nurl = "mysql://u:secret-pw@h/d"\n'),
      (err: unknown) => err instanceof ConfigError && /not a valid postgres/.test(err.message) && !err.message.includes("secret-pw"),
    );
    assert.throws(() => load('[store]\nurl = "postgres://u@h/d"\npool = 3\n'), ConfigError);
    assert.throws(() => load('[store]\nurl = "postgres://u@h/d"\npool_size = 0\n'), ConfigError);
  });
});
