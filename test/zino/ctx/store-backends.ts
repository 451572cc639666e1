// The two ctx store adapters as the store suite opens them: a SQLite file in a temp dir, or a fresh PostgreSQL
// database on the cluster of TEST_DATABASE_URL (scripts/run-tests.ts starts one). Two opens of one backend are two
// writers on the same rows, like two hosts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import { STORE_DEFAULTS, type PostgresStoreSettings } from "../../../src/zino/config/index.js";
import { createSqliteStore, type CtxStore } from "../../../src/zino/ctx/index.js";
import { openPostgresStore } from "../../../src/zino/ctx/pg-store.js";
import { createPostgresDatabase, postgresSkipReason, type BackendName } from "../../support/zelinqa-databases.js";

export { postgresSkipReason, type BackendName };
export const STORE_BACKENDS: readonly BackendName[] = ["sqlite", "postgres"];

export interface StoreBackend {
  name: BackendName;
  open(): Promise<CtxStore>;
  /** PostgreSQL: the settings a zino-ctx process would use (a ZINO.toml [store] table). */
  settings?: PostgresStoreSettings;
  dir: string;
  /** Runs SQL on the database directly, past the store: what an older ctx or an operator left there. */
  exec(sql: string): Promise<void>;
  drop(): Promise<void>;
}

/** One query on a PostgreSQL database over a connection of its own. */
export async function pgQuery(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

export function postgresSettings(url: string, dir: string): PostgresStoreSettings {
  return {
    kind: "postgres",
    url,
    poolSize: 4,
    statementTimeoutMs: STORE_DEFAULTS.statementTimeoutMs,
    connectTimeoutMs: 3000,
    keyPath: join(dir, "ctx-store.key"),
  };
}

export async function createStoreBackend(name: BackendName): Promise<StoreBackend> {
  const dir = mkdtempSync(join(tmpdir(), "zc-store-"));
  if (name === "sqlite") {
    const path = join(dir, "db", "ctx.sqlite");
    return {
      name,
      dir,
      open: async () => createSqliteStore({ path }),
      exec: async (sql) => {
        const db = new BetterSqlite3(path);
        try {
          db.exec(sql);
        } finally {
          db.close();
        }
      },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const database = await createPostgresDatabase();
  const settings = postgresSettings(database.url, dir);
  return {
    name,
    dir,
    settings,
    open: () => openPostgresStore(settings),
    exec: async (sql) => {
      await pgQuery(database.url, sql);
    },
    drop: async () => {
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until `check` passes: another writer's change reaches PostgreSQL's other hosts by a notification. */
export async function eventually(check: () => Promise<void>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
