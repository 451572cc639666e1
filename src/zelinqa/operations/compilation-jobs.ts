// Processing of compilation jobs (docs/zelinqa-api.md §12.5): a claimed job's draft snapshot is checked and compiled, and the new
// version is published and the job finished in one transaction, with its audit event; failures are audited too.
import type { Logger } from "pino";
import { ENGINE_VERSION } from "../engine/index.js";
import { JsonText } from "../store/index.js";
import type { CompilationJobRecord, QueuedCompilationJob, ZelinqaStore } from "../store/index.js";
import { publishAuditEvent } from "./audit-events.js";
import { CompileTimedOut, IN_THREAD_COMPILER } from "./draft-compiler.js";
import type { DraftCompilation, DraftCompiler } from "./draft-compiler.js";
import { errorSummary } from "./error-summary.js";
import type { IdGenerator } from "./ids.js";
import { textParts } from "../../shared/text-cut.js";

/**
 * An artefact longer than this is written in parts of this size (about 15 ms of SQLite each), other requests' statements
 * running between them, before the transaction that publishes its version (docs/zelinqa-api.md §12.5).
 */
export const ARTIFACT_PART_UNITS = 2 << 20;

/** Writes `artifactJson` in parts under the job's id when it is large: their number, else null (stored in the row). */
async function writeArtifactParts(deps: CompilationJobDeps, job: QueuedCompilationJob, artifactJson: string): Promise<number | null> {
  if (artifactJson.length <= ARTIFACT_PART_UNITS) return null;
  const parts = textParts(artifactJson, ARTIFACT_PART_UNITS);
  for (const [part, text] of parts.entries()) await deps.store.writeArtifactPart({ compilationId: job.id, part, text });
  return parts.length;
}

export interface CompilationJobDeps {
  store: ZelinqaStore;
  ids: IdGenerator;
  now: () => Date;
  logger: Pick<Logger, "error" | "info">;
  /** Where the check and the compilation run (default: this thread). */
  compiler?: DraftCompiler | undefined;
}

function actorOf(job: CompilationJobRecord) {
  return { domainId: job.domainId, keyId: job.actorKeyId, scopes: job.actorScopes, requestId: job.requestId };
}

async function failJob(deps: CompilationJobDeps, job: CompilationJobRecord, error: unknown): Promise<void> {
  const at = deps.now().toISOString();
  await deps.store.transaction(async (tx) => {
    if (!(await tx.finishCompilationJob({ id: job.id, status: "failed", error, configurationVersion: null, now: at }))) return;
    await tx.insertAuditEvents([
      publishAuditEvent({
        actor: actorOf(job),
        action: "configuration.publish.failed",
        compilationId: job.id,
        draftRevision: job.draftRevision,
        now: at,
        ids: deps.ids,
      }),
    ]);
  });
}

async function compileJob(deps: CompilationJobDeps, job: QueuedCompilationJob): Promise<void> {
  let compiled: DraftCompilation;
  try {
    // The snapshot's text goes to the thread unparsed, and is stored with the version as it is.
    compiled = await (deps.compiler ?? IN_THREAD_COMPILER).run(job.snapshot.text, { task: "compile", background: true });
  } catch (error) {
    if (!(error instanceof CompileTimedOut)) throw error;
    await failJob(deps, job, { code: "timeout", message: "The compilation did not finish within its time limit." });
    return;
  }
  const { issues, artifactJson, artifactSeal } = compiled;
  if (issues.length > 0 || artifactJson === null) {
    await failJob(deps, job, {
      code: "validation_failed",
      message: `The configuration has ${issues.length} blocking issues.`,
      details: issues,
    });
    return;
  }
  const artifactParts = await writeArtifactParts(deps, job, artifactJson);
  const artifact = new JsonText(artifactParts === null ? artifactJson : "");
  const at = deps.now().toISOString();
  await deps.store.transaction(async (tx) => {
    const version = await tx.publishConfigVersion({
      domainId: job.domainId,
      draftRevision: job.draftRevision,
      content: job.snapshot,
      artifact,
      artifactSeal,
      artifactParts,
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
}

/** Expires jobs past their lease, then claims and compiles queued jobs until none is left. An idle poll is one read. */
export async function runCompilationJobs(deps: CompilationJobDeps, leaseMs: number): Promise<void> {
  const nowMs = deps.now().getTime();
  if (!(await deps.store.hasCompilationWork(new Date(nowMs).toISOString()))) return;
  const expired = await deps.store.expireCompilationJobs({
    now: new Date(nowMs).toISOString(),
    error: { code: "timeout", message: "The compilation did not finish within its lease." },
  });
  for (const job of expired) {
    await deps.store.insertAuditEvents([
      publishAuditEvent({
        actor: actorOf(job),
        action: "configuration.publish.failed",
        compilationId: job.id,
        draftRevision: job.draftRevision,
        now: new Date(nowMs).toISOString(),
        ids: deps.ids,
      }),
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
      await compileJob(deps, job);
    } catch (error) {
      deps.logger.error({ compilation_id: job.id, err: errorSummary(error) }, "compilation failed");
      // Parts written before the failure belong to no version.
      await deps.store.deleteArtifactParts(job.id).catch(() => undefined);
      await failJob(deps, job, { code: "internal_error", message: "The compilation failed unexpectedly." }).catch(() => undefined);
    }
  }
}
