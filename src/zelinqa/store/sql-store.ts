// The ZelinqaStore over the SQL port: composes the per-concern operation sets, and opens SQLite or PostgreSQL.
import { auditOperations } from "./sql-audit.js";
import { compilationOperations } from "./sql-compilations.js";
import type { SqlExecutor } from "./sql-executor.js";
import { idempotencyOperations } from "./sql-idempotency.js";
import type { InFlightReservations } from "./sql-idempotency.js";
import { sessionOperations } from "./sql-sessions.js";
import { tenancyOperations } from "./sql-tenancy.js";
import { applyMigrations } from "./migrations/index.js";
import { createPostgresExecutor } from "./postgres/postgres-executor.js";
import { createSqliteExecutor } from "./sqlite/sqlite-executor.js";
import type { StoreOperations, ZelinqaStore } from "./store-port.js";

const operationsByExecutor = new WeakMap<SqlExecutor, StoreOperations>();

/** One operation set per executor: the SQLite transaction executor is reused, so is its operation set. */
function operations(db: SqlExecutor, inFlight: InFlightReservations | undefined): StoreOperations {
  const cached = operationsByExecutor.get(db);
  if (cached) return cached;
  const built: StoreOperations = {
    ...tenancyOperations(db),
    ...sessionOperations(db),
    ...idempotencyOperations(db, inFlight),
    ...compilationOperations(db),
    ...auditOperations(db),
  };
  operationsByExecutor.set(db, built);
  return built;
}

export function createSqlStore(db: SqlExecutor, now: () => Date = () => new Date()): ZelinqaStore {
  // SQLite: one server process per file (§2.3), so in-flight idempotency reservations stay in memory. PostgreSQL
  // may be shared by several processes and keeps them as rows.
  const inFlight: InFlightReservations | undefined = db.dialect === "sqlite" ? new Map() : undefined;
  return {
    ...operations(db, inFlight),
    dialect: db.dialect,
    migrate: () => applyMigrations(db, now),
    transaction: (fn) => db.transaction((tx) => fn(operations(tx, inFlight))),
    ping: async () => {
      await db.get("SELECT 1 AS ok");
    },
    close: () => db.close(),
  };
}

export interface OpenStoreOptions {
  /** `postgres://` or `postgresql://`; when set PostgreSQL is used (§2.2). */
  databaseUrl?: string | undefined;
  sqlitePath?: string | undefined;
  maxConnections?: number;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

export function openStore(options: OpenStoreOptions): ZelinqaStore {
  if (options.databaseUrl) {
    if (!isPostgresUrl(options.databaseUrl)) throw new Error("the database URL must start with postgres:// or postgresql://");
    return createSqlStore(createPostgresExecutor({ url: options.databaseUrl, maxConnections: options.maxConnections ?? 10 }));
  }
  return createSqlStore(createSqliteExecutor({ path: options.sqlitePath ?? "./zelinqa.sqlite" }));
}
