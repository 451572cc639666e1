// The PostgreSQL adapter of the ctx store on its own: migrations once across hosts starting together, a newer
// schema refused, and caching switched off while the change feed is down. What both adapters share is tested once
// for both in store-suite.test.ts.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { openPostgresStore } from "../../../src/zino/ctx/pg-store.js";
import { PG_MIGRATIONS } from "../../../src/zino/ctx/pg-migrations.js";
import { HEARTBEAT_MS, TRUSTED_FOR_MS } from "../../../src/zino/ctx/pg-change-feed.js";
import { startProxy } from "../../support/pg-proxy.js";
import { createStoreBackend, eventually, pgQuery, postgresSkipReason, type StoreBackend } from "./store-backends.js";

void describe("the PostgreSQL ctx store", { skip: postgresSkipReason() }, () => {
  let backend: StoreBackend;
  let url: string;
  before(async () => {
    backend = await createStoreBackend("postgres");
    url = backend.settings!.url;
  });
  after(() => backend?.drop());

  void it("CTX-35 hosts starting together on an empty database migrate it once and all start", async () => {
    const stores = await Promise.all([1, 2, 3, 4].map(() => backend.open()));
    try {
      assert.deepEqual(
        stores.map((store) => store.schemaVersion),
        [1, 2, 3, 4].map(() => PG_MIGRATIONS.length),
      );
      assert.deepEqual((await pgQuery(url, "SELECT version FROM zino_ctx_schema")).rows, [{ version: PG_MIGRATIONS.length }]);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  void it("CTX-36 while its change feed is down a host caches nothing, and it listens again by itself", async () => {
    const store = await backend.open();
    const other = await backend.open();
    try {
      await store.softMemory("feed");
      assert.equal(typeof store.revision?.(), "number");
      await pgQuery(url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'zino-ctx-changes'");
      await eventually(async () => assert.equal(store.revision?.(), undefined));
      await other.setSoftMemory("feed", "written while the feed is down");
      // Read at once: nothing is cached, so no notification is needed.
      assert.equal(await store.softMemory("feed"), "written while the feed is down");
      await eventually(async () => assert.equal(typeof store.revision?.(), "number"), 5000);
      await other.setSoftMemory("feed", "after");
      await eventually(async () => assert.equal(await store.softMemory("feed"), "after"));
    } finally {
      await store.close();
      await other.close();
    }
  });

  void it("CTX-36 a change feed whose connection goes silent stops trusting its cache within seconds, then listens again", async () => {
    // The host under test reaches the database through a relay that can freeze its listening connection alone, as
    // a firewall dropping an idle connection would: no error, no end, no notifications.
    const proxy = await startProxy(new URL(url));
    const relayed = new URL(url);
    relayed.port = String(proxy.port);
    const store = await openPostgresStore({ ...backend.settings!, url: relayed.toString() });
    const other = await backend.open();
    try {
      await other.setSoftMemory("silent", "before");
      assert.equal(await store.softMemory("silent"), "before");
      proxy.freeze("zino-ctx-changes");
      const frozenAt = Date.now();
      await other.setSoftMemory("silent", "while the feed is silent");
      await eventually(async () => assert.equal(await store.softMemory("silent"), "while the feed is silent"), 6000);
      const stale = Date.now() - frozenAt;
      assert.ok(stale <= TRUSTED_FOR_MS + 2 * HEARTBEAT_MS, `stale for ${stale} ms`);
      // The silent connection is dropped and replaced: the cache is trusted again, and notifications arrive.
      await eventually(async () => assert.equal(typeof store.revision?.(), "number"), 10_000);
      await other.setSoftMemory("silent", "after");
      await eventually(async () => assert.equal(await store.softMemory("silent"), "after"));
    } finally {
      await store.close();
      await other.close();
      await proxy.close();
    }
  });

  void it("CTX-18 a database migrated by a newer ctx is refused with store_schema", async () => {
    await pgQuery(url, "UPDATE zino_ctx_schema SET version = 99");
    try {
      await assert.rejects(openPostgresStore(backend.settings!), (err: unknown) => {
        assert.equal((err as { code?: string }).code, "store_schema");
        assert.match((err as Error).message, /schema version is 99/);
        return true;
      });
    } finally {
      await pgQuery(url, `UPDATE zino_ctx_schema SET version = ${PG_MIGRATIONS.length}`);
    }
  });
});
