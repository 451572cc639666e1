// The SQLite adapter of the ctx store on its own: migrations and the pruning of old turn records. What both
// adapters share is tested once for both in store-suite.test.ts.
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

void it("CTX-18 opening a database again applies no migration twice; a newer schema is refused", async () => {
  const path = join(dir, "migrate", "ctx.sqlite");
  await createSqliteStore({ path }).close();
  const again = createSqliteStore({ path });
  assert.equal(again.schemaVersion, SQLITE_MIGRATIONS.length);
  await again.close();
  const db = new BetterSqlite3(path);
  db.prepare("UPDATE schema_version SET version = 99").run();
  db.close();
  assert.throws(() => createSqliteStore({ path }), /schema version is 99/);
});

void it("CTX-28 a later open prunes only the turn records past 30 days", async () => {
  const path = join(dir, "turns", "ctx.sqlite");
  const store = createSqliteStore({ path });
  const messages: ChatMessage[] = [{ role: "user", content: "q" }];
  try {
    await store.appendTurn("k", messages, { id: "t", fullText: "a", iterations: 1 });
    await store.appendTurn("other", messages, { id: "t", fullText: undefined, iterations: undefined });
  } finally {
    await store.close();
  }
  const db = new BetterSqlite3(path);
  db.prepare("UPDATE turns SET created_at = '2000-01-01T00:00:00.000Z' WHERE ctxkey = 'other'").run();
  db.close();
  const reopened = createSqliteStore({ path });
  try {
    assert.equal(await reopened.storedTurn("other", "t"), undefined);
    assert.deepEqual(await reopened.storedTurn("k", "t"), { id: "t", fullText: "a", iterations: 1 });
  } finally {
    await reopened.close();
  }
});

void it("CTX-38 once told of requests, the store looks for other writers' commits at each request's first cached read only", async () => {
  const path = join(dir, "requests", "ctx.sqlite");
  const store = createSqliteStore({ path });
  const other = createSqliteStore({ path });
  try {
    await other.setSoftMemory("k", "one");
    // Not told of requests (a CLI command, a test): every cached read looks.
    assert.equal(await store.softMemory("k"), "one");
    await other.setSoftMemory("k", "two");
    assert.equal(await store.softMemory("k"), "two");

    store.requestBegins?.();
    assert.equal(await store.softMemory("k"), "two");
    await other.setSoftMemory("k", "three");
    assert.equal(await store.softMemory("k"), "two", "within one request the store does not look again");
    store.requestBegins?.();
    assert.equal(await store.softMemory("k"), "three", "the next request sees the commit");
    // Its own writes drop its cache at once, within the request.
    await store.setSoftMemory("k", "four");
    assert.equal(await store.softMemory("k"), "four");
    assert.equal(await other.softMemory("k"), "four");
  } finally {
    await store.close();
    await other.close();
  }
});
