// A PostgreSQL server or route that stops answering (no error, no close) behind the API's executor: a statement, and a
// transaction, fail after the query timeout as the database being unavailable (the API answers 503), instead of
// waiting for TCP to give up, and the connection they held is dropped, so the next statements are served.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createPostgresExecutor } from "../../../src/zelinqa/store/postgres/postgres-executor.js";
import { createPostgresDatabase, postgresSkipReason } from "../../support/zelinqa-databases.js";
import { startProxy, type PgProxy } from "../../support/pg-proxy.js";

void describe("the API's PostgreSQL executor when the database stops answering", { skip: postgresSkipReason() }, () => {
  let database: { url: string; drop: () => Promise<void> };
  let proxy: PgProxy;
  let url: string;
  before(async () => {
    database = await createPostgresDatabase();
    proxy = await startProxy(new URL(database.url));
    const relayed = new URL(database.url);
    relayed.port = String(proxy.port);
    url = relayed.toString();
  });
  after(async () => {
    await proxy?.close();
    await database?.drop();
  });

  void it("fails a statement and a transaction after the query timeout, then serves the next ones", async () => {
    const executor = createPostgresExecutor({ url, maxConnections: 1, queryTimeoutMs: 1000 });
    try {
      assert.deepEqual(await executor.get("SELECT 1 AS one"), { one: 1 });
      proxy.freeze();
      for (const attempt of [() => executor.get("SELECT 2 AS two"), () => executor.transaction((tx) => tx.get("SELECT 3 AS three"))]) {
        const started = Date.now();
        await assert.rejects(attempt(), /Query read timeout/);
        const waited = Date.now() - started;
        assert.ok(waited >= 900 && waited < 4000, `failed after ${waited} ms`);
        // The pool's one connection went with it: the next statement gets a fresh one.
        assert.deepEqual(await executor.get("SELECT 4 AS four"), { four: 4 });
        proxy.freeze();
      }
    } finally {
      await executor.close();
    }
  });

  void it("lets a long transaction's statements (migrations) run past the query timeout", async () => {
    const executor = createPostgresExecutor({ url: database.url, maxConnections: 1, queryTimeoutMs: 1000 });
    try {
      await assert.rejects(executor.get("SELECT pg_sleep(1.5)"), /Query read timeout/);
      const slept = await executor.transaction((tx) => tx.get("SELECT pg_sleep(1.5)::text AS slept"), { long: true });
      assert.deepEqual(slept, { slept: "" });
    } finally {
      await executor.close();
    }
  });
});
