// Publishing (docs/zelinqa-api.md §12.5): the draft is checked, snapshotted and queued as a compilation job, audited as requested;
// the compilation worker compiles it and publishes the version. The API and the CLI share it.
import { draftRevisionIssue } from "../engine/index.js";
import { JsonText } from "../store/index.js";
import type { CompilationJobRecord, QueuedCompilationJob } from "../store/index.js";
import { publishAuditEvent } from "./audit-events.js";
import type { Actor, OperationDeps, Prepared } from "./operation-deps.js";
import { OperationError, RetryableConflict, validationFailed } from "./operation-error.js";
import { IN_THREAD_COMPILER, compileForRequest } from "./draft-compiler.js";

function compilationInProgress(job: Pick<CompilationJobRecord, "id" | "status">): OperationError {
  return new OperationError("compilation_in_progress", { compilation_id: job.id, status: job.status });
}

export async function requestPublication(
  deps: OperationDeps,
  call: { actor: Actor; now: Date; expectedDraftRevision?: number | undefined },
): Promise<Prepared<CompilationJobRecord>> {
  const { actor } = call;
  // The draft's text is checked in a compile thread and queued as it is: parsing a largest draft (15 MB) held the thread.
  const stored = await deps.store.getDraftText(actor.domainId);
  if (!stored) throw new OperationError("unknown_configuration", { state: "draft" }, { variant: "draft" });
  const stale = draftRevisionIssue(call.expectedDraftRevision, stored.revision);
  if (stale) throw validationFailed([stale]);
  const { issues } = await compileForRequest(deps.compiler ?? IN_THREAD_COMPILER, stored.text, "check");
  if (issues.length > 0) throw validationFailed(issues);
  const active = await deps.store.getActiveCompilationJob(actor.domainId);
  if (active) throw compilationInProgress(active);
  const at = call.now.toISOString();
  const job: QueuedCompilationJob = {
    id: deps.ids.newId("cmp"),
    domainId: actor.domainId,
    status: "queued",
    draftRevision: stored.revision,
    snapshot: new JsonText(stored.text),
    progress: 0,
    error: null,
    configurationVersion: null,
    createdAt: at,
    updatedAt: at,
    leaseExpiresAt: null,
    requestId: actor.requestId,
    actorKeyId: actor.keyId,
    actorScopes: [...actor.scopes],
  };
  return {
    value: job,
    effects: async (tx) => {
      if ((await tx.getDraftRevision(actor.domainId)) !== stored.revision) throw new RetryableConflict("draft");
      const enqueued = await tx.enqueueCompilationJob(job);
      if (!enqueued.inserted) throw compilationInProgress(enqueued.active);
      const requested = publishAuditEvent({
        actor,
        action: "configuration.publish.requested",
        compilationId: job.id,
        draftRevision: job.draftRevision,
        now: at,
        ids: deps.ids,
      });
      await tx.insertAuditEvents([requested]);
    },
  };
}
