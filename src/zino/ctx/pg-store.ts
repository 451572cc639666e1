// The PostgreSQL adapter of the ctx store [ext]: several ZINO hosts, each with its own zino-ctx, share one
// database (configuration, history, memories, values). Same rows and rules as the SQLite store; what differs is
// how other writers are seen (pg-change-feed.ts) and how history appends are ordered (pg-history.ts).
// Deployment: deploy/zino-postgres.md.
import type { PostgresStoreSettings } from "../config/index.js";
import { startChangeFeed } from "./pg-change-feed.js";
import { openPgConnection } from "./pg-connection.js";
import { createPgConfigRows } from "./pg-config-rows.js";
import { createPgHistory } from "./pg-history.js";
import { createPgMemoryRows } from "./pg-memory-rows.js";
import { createReadCache } from "./read-cache.js";
import { StoreError, storeErrorOf } from "./store-errors.js";
import { turnRecordsBefore } from "./store-rows.js";
import type { CtxStore } from "./store.js";

export async function openPostgresStore(settings: PostgresStoreSettings): Promise<CtxStore> {
  if (settings.urlMissing !== undefined) throw new StoreError("store_config", settings.urlMissing);
  const connection = await openPgConnection(settings);
  const { pool, location, schemaVersion } = connection;
  let feed: Awaited<ReturnType<typeof startChangeFeed>> | undefined;
  const cache = createReadCache({ live: () => feed?.live() ?? false });
  try {
    feed = await startChangeFeed(settings, () => cache.changed());
    await connection.query("DELETE FROM zino_ctx_turns WHERE created_at < $1", [turnRecordsBefore(Date.now())]);
  } catch (err) {
    await feed?.close();
    await pool.end().catch(() => undefined);
    throw storeErrorOf(err, location) ?? err;
  }
  const now = () => new Date().toISOString();
  const parts = { connection, cache, now };
  let closing: Promise<void> | undefined;

  return {
    kind: "postgres",
    schemaVersion,
    location,
    ...createPgConfigRows(parts),
    ...createPgHistory(parts),
    ...createPgMemoryRows(parts),

    revision: () => cache.revision,

    async health() {
      try {
        await connection.query("SELECT 1");
        return { ok: true };
      } catch (err) {
        const known = storeErrorOf(err, location);
        return { ok: false, code: known?.code ?? "store_error", message: known?.message ?? `the ctx database ${location} failed a check` };
      }
    },

    close() {
      closing ??= (async () => {
        await feed?.close();
        await pool.end().catch(() => undefined);
      })();
      return closing;
    },
  };
}
