// The SQLite adapter of the ctx store on its own: transactions, migrations, rows keyed by ctxkey over `default`.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, it } from "node:test";
import BetterSqlite3 from "better-sqlite3";
import { createSqliteStore, type ChatMessage } from "../../../src/zino/ctx/index.js";
import { SQLITE_MIGRATIONS } from "../../../src/zino/ctx/sqlite-migrations.js";

const dir = mkdtempSync(join(tmpdir(), "zc-"));
after(() => rmSync(dir, { recursive: true, force: true }));

void it("CTX-11 a history append that fails half-way stores none of its messages", () => {
  const store = createSqliteStore({ path: join(dir, "atomic", "ctx.sqlite") });
  try {
    store.appendHistory("k", [{ role: "user", content: "kept" }]);
    // A value JSON cannot encode fails inside the transaction, after the first row was inserted.
    const poisoned = { role: "assistant", content: "x", extra: 1n } as unknown as ChatMessage;
    assert.throws(() => store.appendHistory("k", [{ role: "user", content: "lost" }, poisoned]), /BigInt/);
    assert.deepEqual(store.history("k"), [{ role: "user", content: "kept" }]);
  } finally {
    store.close();
  }
});

void it("CTX-18 opening a database again applies no migration twice; a newer schema is refused", () => {
  const path = join(dir, "migrate", "ctx.sqlite");
  createSqliteStore({ path }).close();
  const again = createSqliteStore({ path });
  assert.equal(again.schemaVersion, SQLITE_MIGRATIONS.length);
  again.close();
  const db = new BetterSqlite3(path);
  db.prepare("UPDATE schema_version SET version = 99").run();
  db.close();
  assert.throws(() => createSqliteStore({ path }), /schema version is 99/);
});

void it("CTX-08 tools, skills and prompts of a ctxkey override the default rows by name", () => {
  const store = createSqliteStore({ path: join(dir, "rows", "ctx.sqlite") });
  try {
    store.importInstance({
      defaults: {},
      agents: {
        systemTemplate: "SYS",
        personality: undefined,
        skills: [],
        tools: [{ name: "bash", description: "d", meta: { executor: "bash" } }],
      },
    });
    assert.equal(store.prompt("k", "system"), "SYS");
    assert.equal(store.prompt("k", "personality"), undefined);
    assert.deepEqual(
      store.tools("k").map((t) => t.name),
      ["bash"],
    );
    store.importInstance({ defaults: { agent: { max_iterations: 2 } }, agents: undefined });
    assert.deepEqual(
      store.tools("k").map((t) => t.name),
      ["bash"],
      "no agents/ folder keeps the previous import",
    );
    assert.deepEqual(store.configLayers("k"), { inherited: [{ agent: { max_iterations: 2 } }], own: undefined });
  } finally {
    store.close();
  }
});

void it("CTX-18 close is idempotent", () => {
  const store = createSqliteStore({ path: join(dir, "close", "ctx.sqlite") });
  store.close();
  store.close();
});

void it("CTX-06 cached reads follow writes made through another connection to the same file", () => {
  const path = join(dir, "shared", "ctx.sqlite");
  const a = createSqliteStore({ path });
  const b = createSqliteStore({ path });
  try {
    a.appendHistory("k", [{ role: "user", content: "one" }]);
    assert.deepEqual(a.history("k", 10), [{ role: "user", content: "one" }]);
    b.appendHistory("k", [{ role: "assistant", content: "two" }]);
    a.appendHistory("k", [{ role: "user", content: "three" }]);
    assert.deepEqual(
      a.history("k", 10).map((m) => m.content),
      ["one", "two", "three"],
    );
    b.clearHistory("k");
    assert.deepEqual(a.history("k", 10), []);
    assert.equal(a.softMemory("k"), undefined);
    b.setSoftMemory("k", "note");
    assert.equal(a.softMemory("k"), "note");
  } finally {
    a.close();
    b.close();
  }
});

void it("CTX-28 appendTurn stores a turn id once per ctxkey, keeps its answer, and a later open prunes only records past 30 days", () => {
  const path = join(dir, "turns", "ctx.sqlite");
  const store = createSqliteStore({ path });
  try {
    const messages: ChatMessage[] = [
      { role: "user", content: "q" },
      { role: "assistant", content: "a" },
    ];
    assert.deepEqual(store.appendTurn("k", messages, { id: "t", fullText: "a", iterations: 1 }), { count: 2, duplicate: false });
    assert.deepEqual(store.appendTurn("k", messages, { id: "t", fullText: "other", iterations: 9 }), { count: 0, duplicate: true });
    assert.deepEqual(store.appendTurn("other", messages, { id: "t", fullText: undefined, iterations: undefined }), {
      count: 2,
      duplicate: false,
    });
    assert.deepEqual(store.history("k"), messages);
    assert.deepEqual(store.storedTurn("k", "t"), { id: "t", fullText: "a", iterations: 1 });
    assert.equal(store.storedTurn("k", "nope"), undefined);
  } finally {
    store.close();
  }
  const db = new BetterSqlite3(path);
  db.prepare("UPDATE turns SET created_at = '2000-01-01T00:00:00.000Z' WHERE ctxkey = 'other'").run();
  db.close();
  const reopened = createSqliteStore({ path });
  try {
    assert.equal(reopened.storedTurn("other", "t"), undefined);
    assert.deepEqual(reopened.storedTurn("k", "t"), { id: "t", fullText: "a", iterations: 1 });
  } finally {
    reopened.close();
  }
});
