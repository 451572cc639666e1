// The ZelinqaStore over the SQL port: composes the per-concern operation sets, and opens SQLite or PostgreSQL.
import { auditOperations } from "./sql-audit.js";
import { compilationOperations } from "./sql-compilations.js";
import type { SqlExecutor } from "./sql-executor.js";
import { claimKey, idempotencyOperations } from "./sql-idempotency.js";
import type { InFlightReservations } from "./sql-idempotency.js";
import { createSessionCache } from "./session-cache.js";
import type { SessionCache } from "./session-cache.js";
import { commitSessionMutationInOneStatement } from "./sql-session-commit.js";
import { batchedNewKeyCommits } from "./sql-session-batch.js";
import { commitSessionCreationInOneStatement, commitSessionCreationInTransaction } from "./sql-session-creation.js";
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
import type { IdempotencyReservation, StoreOperations, ZelinqaStore } from "./store-port.js";
import { DEFAULT_DATABASE_POOL_SIZE } from "./pool-size.js";

const operationsByExecutor = new WeakMap<SqlExecutor, StoreOperations>();

/** How in-flight idempotency reservations are held: in memory (SQLite) or as rows naming a live holder; and the
 * sessions this process last wrote or read (session-cache.ts). */
interface Holds {
  inFlight?: InFlightReservations | undefined;
  liveness?: HolderLiveness | undefined;
  sessions: SessionCache;
}

const holderOf = async (liveness: HolderLiveness | undefined) => (liveness ? liveness.holder() : null);

type SessionWrites = Pick<
  ZelinqaStore,
  "reserveIdempotencyForSession" | "commitSessionMutation" | "commitSessionCreation" | "oneTripMutations"
> &
  Partial<Pick<ZelinqaStore, "getDomain">>;

/** At most this many domains' published versions are remembered (publishedVersions); the oldest goes first. */
const MAX_PUBLISHED_VERSIONS = 10_000;

/**
 * Each domain's published version as this process last read it: a new session can then skip the domain's read, and
 * its write checks the version instead (NewKeyCreation.onlyIfPublished). A write that finds it stale writes nothing;
 * the request's ordinary path then reads the domain again, which brings the version here up to date.
 */
function publishedVersions() {
  const versions = new Map<string, string>();
  return {
    get: (domainId: string) => versions.get(domainId),
    saw: (domainId: string, version: string | null | undefined) => {
      versions.delete(domainId);
      if (!version) return;
      versions.set(domainId, version);
      if (versions.size > MAX_PUBLISHED_VERSIONS) versions.delete(versions.keys().next().value as string);
    },
    forget: (domainId: string) => void versions.delete(domainId),
  };
}

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
  const { liveness, sessions } = holds;
  const batched = batchedNewKeyCommits(db, sessions, batchesInFlight);
  const published = publishedVersions();
  // A commit waits for its holder id before it reaches the batch: close lets those in between settle too.
  const entering = new Set<Promise<unknown>>();
  const tracked = <T>(work: Promise<T>): Promise<T> => {
    entering.add(work);
    void work.finally(() => entering.delete(work)).catch(() => undefined);
    return work;
  };
  const writes: SessionWrites = {
    reserveIdempotencyForSession: sessionReservation(db, {
      liveness,
      reserve: (reservation) => base.reserveIdempotency(reservation),
      sessions,
    }),
    commitSessionMutation: (mutation) => commitSessionMutationInOneStatement(db, mutation, sessions),
    commitSessionCreation: (creation) => commitSessionCreationInOneStatement(db, creation, sessions),
    getDomain: async (id) => {
      const domain = await base.getDomain(id);
      published.saw(id, domain?.publishedVersionId);
      return domain;
    },
    oneTripMutations: {
      known: (domainId, sessionId) => sessions.get(domainId, sessionId),
      commit: (input) => tracked(holderOf(liveness).then((holder) => batched.commit({ ...input, holder }))),
      create: async (input) => {
        const outcome = await tracked(holderOf(liveness).then((holder) => batched.create({ ...input, holder })));
        if (outcome !== "committed" && input.onlyIfPublished === true) published.forget(input.creation.session.domainId);
        return outcome;
      },
      publishedVersion: published.get,
    },
  };
  const drain = async () => {
    await Promise.allSettled([...entering]);
    await batched.drain();
  };
  return { writes, drain };
}

/**
 * SQLite: the reservation in memory and the read in process, the commits grouped into one transaction
 * (sql-session-group-commit.ts). A mutation of a session this process knows, and a new session, under a new key
 * skip the reservation and the read (oneTripMutations): the key is claimed in memory while the commit is queued.
 */
function sqliteSessionWrites(db: SqlExecutor, holds: Holds, inFlight: InFlightReservations, base: StoreOperations) {
  const grouped = groupedSessionCommits(db, (tx) => operations(tx, holds), holds.sessions);
  const claimed = async <T>(reservation: IdempotencyReservation, commit: () => Promise<T>): Promise<T | "not_committed"> => {
    const release = claimKey(inFlight, reservation);
    if (!release) return "not_committed";
    try {
      return await commit();
    } finally {
      release();
    }
  };
  const writes: SessionWrites = {
    reserveIdempotencyForSession: async (reservation) => ({ outcome: await base.reserveIdempotency(reservation) }),
    commitSessionMutation: grouped.commit,
    commitSessionCreation: (creation) => commitSessionCreationInTransaction(db, (tx) => operations(tx, holds), creation),
    oneTripMutations: {
      known: (domainId, sessionId) => holds.sessions.get(domainId, sessionId),
      commit: (input) => claimed(input.reservation, () => grouped.commitOnNewKey(input)),
      create: (input) => claimed(input.reservation, () => grouped.createOnNewKey(input)),
    },
  };
  return { writes, drain: grouped.drain };
}

/** One operation set per executor: the SQLite transaction executor is reused, so is its operation set. */
function operations(db: SqlExecutor, holds: Holds): StoreOperations {
  const cached = operationsByExecutor.get(db);
  if (cached) return cached;
  const built: StoreOperations = {
    ...tenancyOperations(db),
    ...sessionOperations(db, holds.sessions),
    ...idempotencyOperations(db, holds),
    ...compilationOperations(db),
    ...auditOperations(db),
    ...studioOperations(db),
    ...rateLimitOperations(db),
  };
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
  const sessions = createSessionCache();
  const inFlight: InFlightReservations | undefined = db.dialect === "sqlite" ? new Map() : undefined;
  const holds: Holds = inFlight ? { inFlight, sessions } : { liveness: options.liveness, sessions };
  const now = options.now ?? (() => new Date());
  const transaction: ZelinqaStore["transaction"] = (fn) => db.transaction((tx) => fn(operations(tx, holds)));
  const base = operations(db, holds);
  const { writes, drain } = inFlight
    ? sqliteSessionWrites(db, holds, inFlight, base)
    : postgresSessionWrites(db, holds, base, options.batchesInFlight ?? 4);
  return {
    ...base,
    dialect: db.dialect,
    migrate: () => applyMigrations(db, now),
    transaction,
    ...writes,
    ping: async () => {
      await db.get("SELECT 1 AS ok");
    },
    close: async () => {
      await drain();
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
