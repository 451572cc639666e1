// The store survives a restart of zino-ctx on the same file (docs/zino-protocol.md §4): configuration, history, memories, values.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import { dirname } from "node:path";
import { it } from "node:test";
import { fileURLToPath } from "node:url";
import BetterSqlite3 from "better-sqlite3";
import { SQLITE_MIGRATIONS } from "../../../src/zino/ctx/sqlite-migrations.js";
import { startCtx } from "./ctx-harness.js";

const STORE_MODULE = fileURLToPath(new URL("../../../src/zino/ctx/sqlite-store.ts", import.meta.url));

void it("CTX-18 everything stored is there again after close and start on the same database", async () => {
  const first = await startCtx();
  let second: Awaited<ReturnType<typeof first.restart>> | undefined;
  try {
    const turn = [
      { role: "user", content: "remember me" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "t1", type: "function", function: { name: "execute_bash", arguments: '{"code":"id"}' } }],
      },
      { role: "tool", tool_call_id: "t1", content: "uid=0" },
      { role: "assistant", content: "You are root." },
    ];
    await first.request({ type: "append_history", ctxkey: "p", messages: turn });
    await first.request({ type: "set_config", ctxkey: "p", config: { llm: { model: "persisted" } } });
    await first.request({ type: "set_soft", ctxkey: "p", content: "Persistent note." });
    await first.request({ type: "store_hard", ctxkey: "p", messages: [{ role: "user", content: "hard memory persists" }] });
    await first.request({ type: "set_value", ctxkey: "p", key: "sid", value: "s-1" });
    second = await first.restart();
    assert.deepEqual((await second.request({ type: "get_history", ctxkey: "p" })).messages, turn);
    assert.equal(((await second.request({ type: "get_config", ctxkey: "p" })).config as { llm: { model: string } }).llm.model, "persisted");
    assert.equal((await second.request({ type: "get_soft", ctxkey: "p" })).content, "Persistent note.");
    const found = await second.request({ type: "search_hard", ctxkey: "p", query: "hard memory" });
    assert.equal((found.results as unknown[]).length, 1);
    assert.equal((await second.request({ type: "get_value", ctxkey: "p", key: "sid" })).value, "s-1");
  } finally {
    await (second ?? first).cleanup();
  }
});

void it("CTX-18 the database is a WAL SQLite file in a 0700 directory, with one table per kind and a schema version", async () => {
  const ctx = await startCtx();
  try {
    const path = ctx.instance.databasePath;
    assert.equal(statSync(dirname(path)).mode & 0o777, 0o700);
    const db = new BetterSqlite3(path, { readonly: true });
    try {
      assert.equal(db.pragma("journal_mode", { simple: true }), "wal");
      const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
      for (const kind of ["config", "prompts", "memory", "history", "tools", "skills", "values", "schema_version"])
        assert.ok(tables.includes(kind), kind);
      assert.deepEqual(db.prepare("SELECT version FROM schema_version").all(), [{ version: SQLITE_MIGRATIONS.length }]);
      const defaults = db.prepare("SELECT ctxkey, layer FROM config").all();
      assert.deepEqual(defaults, [{ ctxkey: "default", layer: "file" }]);
    } finally {
      db.close();
    }
  } finally {
    await ctx.cleanup();
  }
});

void it("CTX-38 a commit by another process on the SQLite file is served by ctx's next request", async () => {
  const ctx = await startCtx();
  try {
    await ctx.request({ type: "set_soft", ctxkey: "w", content: "before" });
    assert.equal((await ctx.request({ type: "get_soft", ctxkey: "w" })).content, "before");
    // As `zino ctx` commands or a second tool would: another process opens the file and commits.
    const code = `import { createSqliteStore } from ${JSON.stringify(STORE_MODULE)};
const store = createSqliteStore({ path: process.argv[1] });
await store.setSoftMemory("w", "after");
await store.close();`;
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code, ctx.instance.databasePath], {
      encoding: "utf8",
    });
    assert.equal(child.status, 0, child.stderr);
    assert.equal((await ctx.request({ type: "get_soft", ctxkey: "w" })).content, "after");
  } finally {
    await ctx.cleanup();
  }
});
