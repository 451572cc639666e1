// The ZelinqaStore over the SQL port: composes the per-concern operation sets, and opens SQLite or PostgreSQL.
import { auditOperations } from "./sql-audit.js";
import { compilationOperations } from "./sql-compilations.js";
import type { SqlExecutor } from "./sql-executor.js";
import { idempotencyOperations } from "./sql-idempotency.js";
import type { InFlightReservations } from "./sql-idempotency.js";
import { createSessionCache } from "./session-cache.js";
import type { SessionCache } from "./session-cache.js";
import { commitSessionMutationInOneStatement } from "./sql-session-commit.js";
import { batchedNewKeyCommits } from "./sql-session-batch.js";
import {
  commitSessionCreationInOneStatement,
  commitSessionCreationInTransaction,
  commitSessionCreationOnNewKey,
} from "./sql-session-creation.js";
import { groupedSessionCommits } from "./sql-session-group-commit.js";
import { sessionReservation } from "./sql-session-reservation.js";
import { rateLimitOperations } from "./sql-rate-limits.js";
import { sessionOperations } from "./sql-sessions.js";
import { studioOperations } from "./sql-studio.js";
import { tenancyOperations } from "./sql-tenancy.js";
import { applyMigrations } from "./migrations/index.js";
import { isPostgresUrl } from "../../shared/database-url.js";
import { createPostgresExecutor } from "./postgres/postgres-executor.js";
import { createPostgresLiveness } from "./postgres/postgres-liveness.js";
import type { HolderLiveness } from "./sql-idempotency.js";
import { createSqliteExecutor } from "./sqlite/sqlite-executor.js";
import type { StoreOperations, ZelinqaStore } from "./store-port.js";
import { DEFAULT_DATABASE_POOL_SIZE } from "./pool-size.js";

const operationsByExecutor = new WeakMap<SqlExecutor, StoreOperations>();

/** How in-flight idempotency reservations are held: in memory (SQLite) or as rows naming a live holder; on
 * PostgreSQL, the sessions this process last wrote or read (session-cache.ts). */
interface Holds {
  inFlight?: InFlightReservations | undefined;
  liveness?: HolderLiveness | undefined;
  sessions?: SessionCache | undefined;
}

const holderOf = async (liveness: HolderLiveness | undefined) => (liveness ? liveness.holder() : null);

type SessionWrites = Pick<
  ZelinqaStore,
  "reserveIdempotencyForSession" | "commitSessionMutation" | "commitSessionCreation" | "oneTripMutations"
>;

/**
 * PostgreSQL: the reservation with the session's read, and the commit, one round trip each; the studio's facts are
 * CTEs of the commit statement, atomic with the mutation. The sessions they read and commit are remembered, so that
 * the next mutation of one of them can be the commit alone (oneTripMutations).
 */
function postgresSessionWrites(
  db: SqlExecutor,
  holds: Holds,
  base: StoreOperations,
  batchesInFlight: number,
): { writes: SessionWrites; drain: () => Promise<void> } {
  const { liveness, sessions = createSessionCache() } = holds;
  const batched = batchedNewKeyCommits(db, sessions, batchesInFlight);
  const writes: SessionWrites = {
    reserveIdempotencyForSession: sessionReservation(db, {
      liveness,
      reserve: (reservation) => base.reserveIdempotency(reservation),
      sessions,
    }),
    commitSessionMutation: (mutation) => commitSessionMutationInOneStatement(db, mutation, sessions),
    commitSessionCreation: (creation) => commitSessionCreationInOneStatement(db, creation, sessions),
    oneTripMutations: {
      known: (domainId, sessionId) => sessions.get(domainId, sessionId),
      commit: async (input) => batched.commit({ ...input, holder: await holderOf(liveness) }),
      create: async (input) => commitSessionCreationOnNewKey(db, { ...input, holder: await holderOf(liveness), sessions }),
    },
  };
  return { writes, drain: batched.drain };
}

/** One operation set per executor: the SQLite transaction executor is reused, so is its operation set. */
function operations(db: SqlExecutor, holds: Holds): StoreOperations {
  const cached = operationsByExecutor.get(db);
  if (cached) return cached;
  const built: StoreOperations = {
    ...tenancyOperations(db),
    ...sessionOperations(db),
    ...idempotencyOperations(db, holds),
    ...compilationOperations(db),
    ...auditOperations(db),
    ...studioOperations(db),
    ...rateLimitOperations(db),
  };
  const { sessions } = holds;
  if (sessions) {
    // A new session's first mutation can then be one round trip. Inside a transaction that rolls back, the entry
    // names a session that does not exist: its one-statement commit finds nothing to lock and writes nothing.
    const plain = sessionOperations(db);
    built.insertSession = async (session) => {
      await plain.insertSession(session);
      sessions.remember(session, JSON.stringify(session.state));
    };
  }
  operationsByExecutor.set(db, built);
  return built;
}

export interface SqlStoreOptions {
  now?: () => Date;
  liveness?: HolderLiveness;
  /**
   * PostgreSQL: how many one-statement commits of known sessions run at once; those that arrive meanwhile go
   * together in the next statement (sql-session-batch.ts). Half the pool by default (openStore), 4 otherwise.
   */
  batchesInFlight?: number;
}

export function createSqlStore(db: SqlExecutor, options: SqlStoreOptions = {}): ZelinqaStore {
  // SQLite: one server process per file (docs/zelinqa-api.md §2.3), so in-flight idempotency reservations stay in memory. PostgreSQL
  // may be shared by several processes and keeps them as rows.
  const holds: Holds = db.dialect === "sqlite" ? { inFlight: new Map() } : { liveness: options.liveness, sessions: createSessionCache() };
  const now = options.now ?? (() => new Date());
  const transaction: ZelinqaStore["transaction"] = (fn) => db.transaction((tx) => fn(operations(tx, holds)));
  const base = operations(db, holds);
  // SQLite keeps in-flight reservations in memory (holds.inFlight), so its completion goes through the steps,
  // several mutations to a transaction, and it reads in process: nothing to combine there.
  const grouped = holds.inFlight ? groupedSessionCommits(db, (tx) => operations(tx, holds)) : undefined;
  const postgres = grouped ? undefined : postgresSessionWrites(db, holds, base, options.batchesInFlight ?? 4);
  const sessionWrites: SessionWrites = grouped
    ? {
        reserveIdempotencyForSession: async (reservation) => ({ outcome: await base.reserveIdempotency(reservation) }),
        commitSessionMutation: grouped.commit,
        commitSessionCreation: (creation) => commitSessionCreationInTransaction(db, (tx) => operations(tx, holds), creation),
      }
    : postgres!.writes;
  return {
    ...base,
    dialect: db.dialect,
    migrate: () => applyMigrations(db, now),
    transaction,
    ...sessionWrites,
    ping: async () => {
      await db.get("SELECT 1 AS ok");
    },
    close: async () => {
      await grouped?.drain();
      await postgres?.drain();
      await options.liveness?.close();
      await db.close();
    },
  };
}

export interface OpenStoreOptions {
  /** `postgres://` or `postgresql://`; when set PostgreSQL is used (docs/zelinqa-api.md §2.2). */
  databaseUrl?: string | undefined;
  sqlitePath?: string | undefined;
  /** PostgreSQL pool size; DEFAULT_DATABASE_POOL_SIZE when absent. */
  maxConnections?: number;
}

export function openStore(options: OpenStoreOptions): ZelinqaStore {
  if (options.databaseUrl) {
    if (!isPostgresUrl(options.databaseUrl)) throw new Error("the database URL must start with postgres:// or postgresql://");
    const pool = options.maxConnections ?? DEFAULT_DATABASE_POOL_SIZE;
    const executor = createPostgresExecutor({ url: options.databaseUrl, maxConnections: pool });
    return createSqlStore(executor, {
      liveness: createPostgresLiveness(options.databaseUrl),
      // The other half of the pool stays free for reads, creations and the ordinary path.
      batchesInFlight: Math.max(1, Math.floor(pool / 2)),
    });
  }
  return createSqlStore(createSqliteExecutor({ path: options.sqlitePath ?? "./zelinqa.sqlite" }));
}
