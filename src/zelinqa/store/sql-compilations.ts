// The compilation queue of docs/zelinqa-api.md §12.5: at most one queued/running job per domain (partial unique index), claiming
// with FOR UPDATE SKIP LOCKED on PostgreSQL, and lease expiry of running jobs.
import type { SqlDialect, SqlExecutor, SqlRow } from "./sql-executor.js";
import { int, jsonOrNull, jsonParam, text, textOrNull } from "./sql-executor.js";
import { JsonText } from "./store-port.js";
import type { CompilationJobRecord, Scope, StoreOperations } from "./store-port.js";

type CompilationOperations = Pick<
  StoreOperations,
  | "enqueueCompilationJob"
  | "getCompilationJob"
  | "getActiveCompilationJob"
  | "claimCompilationJob"
  | "finishCompilationJob"
  | "expireCompilationJobs"
  | "hasCompilationWork"
>;

function toJob(row: SqlRow): CompilationJobRecord {
  return {
    id: text(row, "id"),
    domainId: text(row, "domain_id"),
    status: text(row, "status") as CompilationJobRecord["status"],
    draftRevision: int(row, "draft_revision"),
    progress: int(row, "progress"),
    error: jsonOrNull(row, "error"),
    configurationVersion: textOrNull(row, "configuration_version"),
    createdAt: text(row, "created_at"),
    updatedAt: text(row, "updated_at"),
    leaseExpiresAt: textOrNull(row, "lease_expires_at"),
    requestId: text(row, "request_id"),
    actorKeyId: text(row, "actor_key_id"),
    actorScopes: text(row, "actor_scopes")
      .split(",")
      .filter((s) => s.length > 0) as Scope[],
  };
}

/** Every column but the snapshot, which only the compilation reads (claimCompilationJob). */
const JOB_COLUMNS = `id, domain_id, status, draft_revision, progress, error, configuration_version, created_at, updated_at,
  lease_expires_at, request_id, actor_key_id, actor_scopes`;

/** A job queued, or running past its lease: the worker's idle poll reads this before any write. */
const HAS_WORK_SQL = `SELECT CASE WHEN EXISTS (SELECT 1 FROM compilation_jobs WHERE status = 'queued')
    OR EXISTS (SELECT 1 FROM compilation_jobs WHERE status = 'running' AND lease_expires_at <= $1) THEN 1 ELSE 0 END AS busy`;

/** The oldest queued job, claimed in one statement (no BEGIN/COMMIT round trips); on PostgreSQL concurrent workers
 * skip the job another one is claiming, on SQLite the statement runs alone. */
const claimSql = (
  dialect: SqlDialect,
) => `UPDATE compilation_jobs SET status = 'running', progress = 0.1, updated_at = $1, lease_expires_at = $2
  WHERE id = (SELECT id FROM compilation_jobs WHERE status = 'queued' ORDER BY created_at, id LIMIT 1${dialect === "postgres" ? " FOR UPDATE SKIP LOCKED" : ""})
    AND status = 'queued'
  RETURNING ${JOB_COLUMNS}`;

export function compilationOperations(db: SqlExecutor): CompilationOperations {
  const active = async (domainId: string) => {
    const row = await db.get(
      `SELECT ${JOB_COLUMNS} FROM compilation_jobs WHERE domain_id = $1 AND status IN ('queued', 'running') ORDER BY created_at LIMIT 1`,
      [domainId],
    );
    return row ? toJob(row) : null;
  };
  return {
    getActiveCompilationJob: active,
    async enqueueCompilationJob(job) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const inserted = await db.run(
          `INSERT INTO compilation_jobs (id, domain_id, status, draft_revision, snapshot, progress, error,
             configuration_version, created_at, updated_at, lease_expires_at, request_id, actor_key_id, actor_scopes)
           VALUES ($1, $2, $3, $4, $5, $6, NULL, NULL, $7, $8, NULL, $9, $10, $11) ON CONFLICT DO NOTHING`,
          [
            job.id,
            job.domainId,
            job.status,
            job.draftRevision,
            jsonParam(job.snapshot),
            job.progress,
            job.createdAt,
            job.updatedAt,
            job.requestId,
            job.actorKeyId,
            job.actorScopes.join(","),
          ],
        );
        if (inserted === 1) return { inserted: true };
        const existing = await active(job.domainId);
        if (existing) return { inserted: false, active: existing };
      }
      throw new Error("compilation enqueue did not converge");
    },
    async getCompilationJob(domainId, id) {
      const row = await db.get(`SELECT ${JOB_COLUMNS} FROM compilation_jobs WHERE id = $1 AND domain_id = $2`, [id, domainId]);
      return row ? toJob(row) : null;
    },
    async claimCompilationJob(input) {
      const claimed = await db.get(claimSql(db.dialect), [input.now, input.leaseExpiresAt]);
      if (!claimed) return null;
      // Committed by the claim: read where it does not hold the thread.
      const snapshot = await db.getLarge(`SELECT snapshot FROM compilation_jobs WHERE id = $1`, [text(claimed, "id")]);
      if (!snapshot) throw new Error("claimed compilation job vanished");
      return { ...toJob(claimed), snapshot: new JsonText(text(snapshot, "snapshot")) };
    },
    async finishCompilationJob(input) {
      const changed = await db.run(
        `UPDATE compilation_jobs SET status = $2, progress = COALESCE(CAST($3 AS REAL), progress), error = $4, configuration_version = $5, updated_at = $6,
           lease_expires_at = NULL
         WHERE id = $1 AND status = 'running'`,
        [
          input.id,
          input.status,
          input.status === "succeeded" ? 1 : null,
          input.error === null ? null : JSON.stringify(input.error),
          input.configurationVersion,
          input.now,
        ],
      );
      return changed === 1;
    },
    async hasCompilationWork(now) {
      const row = await db.get(HAS_WORK_SQL, [now]);
      return row !== undefined && int(row, "busy") === 1;
    },
    async expireCompilationJobs(input) {
      const rows = await db.all(
        `UPDATE compilation_jobs SET status = 'failed', error = $2, updated_at = $1, lease_expires_at = NULL
         WHERE status = 'running' AND lease_expires_at <= $1 RETURNING ${JOB_COLUMNS}`,
        [input.now, JSON.stringify(input.error)],
      );
      return rows.map(toJob);
    },
  };
}
