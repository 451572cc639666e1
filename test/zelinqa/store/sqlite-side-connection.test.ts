// The SQLite executor's second connection in a worker thread (src/zelinqa/store/sqlite/sqlite-side-connection.ts): the
// database file receives the committed pages without the writer checkpointing, close removes the WAL; a large row is
// read there while the calling thread goes on; and an in-memory database works without a worker.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { createSqliteExecutor } from "../../../src/zelinqa/store/sqlite/sqlite-executor.js";

async function until(condition: () => boolean, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return condition();
}

void describe("SQLite side connection in a worker thread", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "zelinqa-checkpoint-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  void it("copies committed pages into the database file long before wal_autocheckpoint, and close removes the WAL", async () => {
    const path = join(dir, "a.sqlite");
    const db = createSqliteExecutor({ path });
    await db.run("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
    const sizeBefore = statSync(path).size;
    // 64 transactions of about 8 KB each: some 200 WAL pages, far under the writer's own threshold of 4000.
    for (let i = 0; i < 64; i += 1) {
      await db.transaction(async (tx) => {
        await tx.run("INSERT INTO t (id, body) VALUES ($1, $2)", [i, "x".repeat(8000)]);
      });
    }
    assert.ok(
      await until(() => statSync(path).size > sizeBefore + 100_000),
      `the database file grew from ${sizeBefore} bytes: ${statSync(path).size}`,
    );
    const rows = await db.get("SELECT count(*) AS n FROM t");
    assert.equal(rows?.n, 64);
    await db.close();
    assert.equal(existsSync(`${path}-wal`), false);
    const reopened = new Database(path, { readonly: true });
    try {
      assert.deepEqual(reopened.prepare("SELECT count(*) AS n FROM t").get(), { n: 64 });
    } finally {
      reopened.close();
    }
  });

  void it("reads a large row in the worker while the calling thread goes on, and reports a statement's error", async () => {
    const db = createSqliteExecutor({ path: join(dir, "b.sqlite") });
    await db.run("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
    const body = `${"é".repeat(10)}${"x".repeat(60_000_000)}`;
    await db.run("INSERT INTO t (id, body) VALUES ($1, $2)", [1, body]);
    let longestGapMs = 0;
    let last = performance.now();
    let ticking = true;
    const tick = () => {
      longestGapMs = Math.max(longestGapMs, performance.now() - last);
      last = performance.now();
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const started = performance.now();
    const row = await db.getLarge("SELECT body FROM t WHERE id = $1", [1]);
    const readMs = performance.now() - started;
    ticking = false;
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(row?.body, body);
    // On the calling thread, the read held it for its whole time (about 200 ms); only the row's copy stays here.
    assert.ok(longestGapMs < readMs / 2, `the thread was held ${longestGapMs.toFixed(0)} ms of a ${readMs.toFixed(0)} ms read`);
    assert.equal(await db.getLarge("SELECT body FROM t WHERE id = $1", [2]), undefined);
    await assert.rejects(db.getLarge("SELECT missing_column FROM t"), /no such column/);
    // Inside a transaction, the transaction's own connection reads (the worker would not see its writes).
    await db.transaction(async (tx) => {
      await tx.run("INSERT INTO t (id, body) VALUES ($1, $2)", [3, "new"]);
      assert.equal((await tx.getLarge("SELECT body FROM t WHERE id = $1", [3]))?.body, "new");
    });
    await db.close();
  });

  void it("runs an in-memory database without a worker", async () => {
    const db = createSqliteExecutor({ path: ":memory:" });
    await db.run("CREATE TABLE t (id INTEGER PRIMARY KEY)");
    for (let i = 0; i < 40; i += 1) await db.transaction(async (tx) => tx.run("INSERT INTO t (id) VALUES ($1)", [i]));
    assert.equal((await db.get("SELECT count(*) AS n FROM t"))?.n, 40);
    assert.equal((await db.getLarge("SELECT count(*) AS n FROM t"))?.n, 40);
    await db.close();
  });
});
