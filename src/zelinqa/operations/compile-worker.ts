// The in-process compilation worker of §12.5: woken after an enqueue and polling every 200 ms, it claims a
// queued job, compiles its draft snapshot, publishes the new version and finishes the job in one transaction.
import type { Logger } from "pino";
import type { CompilationJobRecord, ZelinqaStore } from "../store/index.js";
import { publishAuditEvent } from "./audit-events.js";
import { errorSummary } from "./error-summary.js";
import { ENGINE_VERSION, compileArtifact, publicationIssues } from "../engine/index.js";
import { parseStoredDraft } from "./stored-configuration.js";
import type { IdGenerator } from "./ids.js";

export const WORKER_POLL_MS = 200;
export const COMPILATION_LEASE_MS = 60_000;

export interface CompileWorker {
  start(): void;
  wake(): void;
  /** Processes every claimable job now; used by start-up and tests. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export interface CompileWorkerDeps {
  store: ZelinqaStore;
  ids: IdGenerator;
  now: () => Date;
  logger: Pick<Logger, "error" | "info">;
  pollMs?: number;
  leaseMs?: number;
}

function actorOf(job: CompilationJobRecord) {
  return { domainId: job.domainId, keyId: job.actorKeyId, scopes: job.actorScopes, requestId: job.requestId };
}

export function createCompileWorker(deps: CompileWorkerDeps): CompileWorker {
  const pollMs = deps.pollMs ?? WORKER_POLL_MS;
  const leaseMs = deps.leaseMs ?? COMPILATION_LEASE_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  let started = false;

  const fail = async (job: CompilationJobRecord, error: unknown) => {
    const at = deps.now().toISOString();
    await deps.store.transaction(async (tx) => {
      if (!(await tx.finishCompilationJob({ id: job.id, status: "failed", error, configurationVersion: null, now: at }))) return;
      await tx.insertAuditEvents([
        publishAuditEvent({ actor: actorOf(job), action: "configuration.publish.failed", compilationId: job.id, draftRevision: job.draftRevision, now: at, ids: deps.ids }),
      ]);
    });
  };

  const compile = async (job: CompilationJobRecord) => {
    const draft = parseStoredDraft(job.snapshot);
    const issues = publicationIssues(draft);
    if (issues.length > 0) {
      await fail(job, { code: "validation_failed", message: `The configuration has ${issues.length} blocking issues.`, details: issues });
      return;
    }
    const artifact = compileArtifact(draft);
    const at = deps.now().toISOString();
    await deps.store.transaction(async (tx) => {
      const version = await tx.publishConfigVersion({
        domainId: job.domainId,
        draftRevision: job.draftRevision,
        content: job.snapshot,
        artifact,
        engineVersion: ENGINE_VERSION,
        compilationId: job.id,
        publishedAt: at,
      });
      if (!(await tx.finishCompilationJob({ id: job.id, status: "succeeded", error: null, configurationVersion: version.id, now: at }))) {
        throw new Error(`compilation ${job.id} lost its lease`);
      }
      await tx.insertAuditEvents([
        publishAuditEvent({
          actor: actorOf(job),
          action: "configuration.publish.succeeded",
          compilationId: job.id,
          draftRevision: job.draftRevision,
          configVersionId: version.id,
          now: at,
          ids: deps.ids,
        }),
      ]);
    });
  };

  const tick = async () => {
    const nowMs = deps.now().getTime();
    const expired = await deps.store.expireCompilationJobs({
      now: new Date(nowMs).toISOString(),
      error: { code: "timeout", message: "The compilation did not finish within its lease." },
    });
    for (const job of expired) {
      await deps.store.insertAuditEvents([
        publishAuditEvent({ actor: actorOf(job), action: "configuration.publish.failed", compilationId: job.id, draftRevision: job.draftRevision, now: new Date(nowMs).toISOString(), ids: deps.ids }),
      ]);
    }
    for (;;) {
      const claimedAt = deps.now().getTime();
      const job = await deps.store.claimCompilationJob({
        now: new Date(claimedAt).toISOString(),
        leaseExpiresAt: new Date(claimedAt + leaseMs).toISOString(),
      });
      if (!job) return;
      try {
        await compile(job);
      } catch (error) {
        deps.logger.error({ compilation_id: job.id, err: errorSummary(error) }, "compilation failed");
        await fail(job, { code: "internal_error", message: "The compilation failed unexpectedly." }).catch(() => undefined);
      }
    }
  };

  const drain = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await tick();
        } catch (error) {
          deps.logger.error({ err: errorSummary(error) }, "compile worker tick failed");
        }
      } while (again && !closed);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => {
      void drain().finally(schedule);
    }, pollMs);
    timer.unref();
  };

  return {
    start() {
      if (started || closed) return;
      started = true;
      schedule();
    },
    wake() {
      if (!closed && started) void drain();
    },
    drain,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
