// The SQLite adapter of the ctx store on its own: migrations applied once, a newer schema refused, the looks for other
// writers' commits, and appends committed in groups. What both adapters share is tested once for both in
// store-suite.test.ts.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
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

void describe("CTX-39 appends asked in one round of the event loop are committed together", () => {
  const say = (content: string): ChatMessage[] => [
    { role: "user", content },
    { role: "assistant", content: `re: ${content}` },
  ];

  void it("each settles once its rows are committed, in the order asked, and one that fails fails alone", async () => {
    const path = join(dir, "group", "ctx.sqlite");
    const store = createSqliteStore({ path });
    const raw = new BetterSqlite3(path);
    try {
      raw.exec("CREATE TRIGGER refuse_bad BEFORE INSERT ON history WHEN NEW.ctxkey = 'bad' BEGIN SELECT RAISE(ABORT, 'refused'); END");
      const appends = ["a", "bad", "c", "a"].map((ctxkey, n) =>
        store.appendTurn(ctxkey, say(`${ctxkey}${n}`), { id: `t${n}`, fullText: `re: ${ctxkey}${n}`, iterations: 1 }),
      );
      const outcomes = await Promise.allSettled(appends);
      assert.deepEqual(
        outcomes.map((o) => o.status),
        ["fulfilled", "rejected", "fulfilled", "fulfilled"],
      );
      assert.match(String((outcomes[1] as PromiseRejectedResult).reason), /refused/);
      // Committed by the time they settled: another connection reads them.
      const rows = raw.prepare("SELECT ctxkey, message FROM history ORDER BY id").all() as { ctxkey: string; message: string }[];
      assert.deepEqual(
        rows.map((r) => `${r.ctxkey}:${(JSON.parse(r.message) as ChatMessage).content as string}`),
        ["a:a0", "a:re: a0", "c:c2", "c:re: c2", "a:a3", "a:re: a3"],
      );
      // The failed append left nothing, not even its turn record: a retry of it is not taken for a duplicate.
      assert.equal((raw.prepare("SELECT count(*) AS n FROM turns WHERE ctxkey = 'bad'").get() as { n: number }).n, 0);
      assert.deepEqual(await store.appendTurn("a", say("again"), { id: "t0", fullText: "x", iterations: 1 }), {
        count: 0,
        duplicate: true,
      });
    } finally {
      raw.close();
      await store.close();
    }
  });

  void it("32 appends asked at once are one COMMIT: the WAL grows by a few pages, not by 32 commits' worth", async () => {
    const path = join(dir, "wal", "ctx.sqlite");
    const store = createSqliteStore({ path });
    const raw = new BetterSqlite3(path);
    const walFrames = () => (raw.pragma("wal_checkpoint(PASSIVE)") as { log: number }[])[0]!.log;
    try {
      await store.appendHistory("warm", say("up"));
      raw.pragma("wal_checkpoint(TRUNCATE)");
      const keys = Array.from({ length: 32 }, (_, n) => `k${n}`);
      await Promise.all(keys.map((key, n) => store.appendTurn(key, say(key), { id: `t${n}`, fullText: key, iterations: 1 })));
      const frames = walFrames();
      assert.ok(frames > 0 && frames < 16, `WAL frames after 32 appends: ${frames}`);
      assert.equal((raw.prepare("SELECT count(*) AS n FROM history").get() as { n: number }).n, 2 + 64);
    } finally {
      raw.close();
      await store.close();
    }
  });

  void it("a read, a clear or a turn lookup asked after an append sees it, though it was not yet committed", async () => {
    const store = createSqliteStore({ path: join(dir, "order", "ctx.sqlite") });
    try {
      const first = store.appendHistory("k", say("one"));
      assert.deepEqual(
        (await store.history("k", 10)).map((m) => m.content),
        ["one", "re: one"],
      );
      const turn = store.appendTurn("k", say("two"), { id: "t2", fullText: "re: two", iterations: 1 });
      assert.deepEqual(await store.storedTurn("k", "t2"), { id: "t2", fullText: "re: two", iterations: 1 });
      const third = store.appendHistory("k", say("three"));
      assert.equal(await store.clearHistory("k"), 6);
      await Promise.all([first, turn, third]);
      assert.deepEqual(await store.history("k"), []);
    } finally {
      await store.close();
    }
  });

  void it("a read of another ctxkey's history leaves the queue to grow; one of the appended ctxkey commits it first", async () => {
    const path = join(dir, "others", "ctx.sqlite");
    const store = createSqliteStore({ path });
    const raw = new BetterSqlite3(path);
    const committed = () => (raw.prepare("SELECT count(*) AS n FROM history").get() as { n: number }).n;
    try {
      const queued = store.appendHistory("a", say("one"));
      assert.deepEqual(await store.history("b", 10), []);
      assert.equal(await store.storedTurn("b", "t"), undefined);
      assert.equal(committed(), 0, "reads of another ctxkey commit nothing");
      assert.deepEqual(
        (await store.history("a", 10)).map((m) => m.content),
        ["one", "re: one"],
      );
      assert.equal(committed(), 2);
      await queued;
    } finally {
      raw.close();
      await store.close();
    }
  });

  void it("close commits what is queued; a transaction that cannot start fails its whole group and stores nothing", async () => {
    const path = join(dir, "close", "ctx.sqlite");
    const store = createSqliteStore({ path, busyTimeoutMs: 50 });
    const pending = store.appendHistory("k", say("last"));
    await store.close();
    assert.equal(await pending, 2);
    const again = createSqliteStore({ path, busyTimeoutMs: 50 });
    const raw = new BetterSqlite3(path);
    try {
      assert.deepEqual(
        (await again.history("k")).map((m) => m.content),
        ["last", "re: last"],
      );
      raw.exec("BEGIN IMMEDIATE");
      const blocked = await Promise.allSettled([again.appendHistory("k", say("x")), again.appendHistory("j", say("y"))]);
      assert.deepEqual(
        blocked.map((o) => o.status),
        ["rejected", "rejected"],
      );
      assert.match(String((blocked[0] as PromiseRejectedResult).reason), /locked|busy/i);
      raw.exec("ROLLBACK");
      assert.equal(await again.appendHistory("j", say("z")), 2);
      assert.deepEqual(
        (await again.history("j")).map((m) => m.content),
        ["z", "re: z"],
      );
      assert.equal((await again.history("k")).length, 2);
    } finally {
      raw.close();
      await again.close();
    }
  });
});
