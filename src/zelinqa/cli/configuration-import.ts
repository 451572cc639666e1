// `zelinqa config import`: applies a configuration file to the draft as one change batch (audited with the
// actor `cli`), and with --publish compiles it in-process so the command ends with a published version.
import { changeAuditEvents } from "../api/audit-events.js";
import { createCompileWorker } from "../api/compile-worker.js";
import type { EnginePort } from "../api/engine-port.js";
import { createIdGenerator } from "../api/ids.js";
import { createLogger } from "../api/server.js";
import type { DomainRecord, Scope, ZelinqaStore } from "../store/index.js";
import { changeBatch } from "./configuration-file.js";
import type { ConfigurationFile } from "./configuration-file.js";

export async function importConfiguration(input: {
  store: ZelinqaStore;
  engine: EnginePort;
  domain: DomainRecord;
  file: ConfigurationFile;
  publish: boolean;
  requestId: string;
}) {
  const { store, engine, domain } = input;
  const ids = createIdGenerator();
  const stored = await store.getDraft(domain.id);
  const draft = stored ? engine.parseDraft(stored.content) : null;
  const entities = draft ? engine.configurationEntities(draft) : { dimensions: [], questions: [], success_informations: [] };
  const changes = changeBatch(input.file, {
    dimensions: new Set(entities.dimensions.map((d) => d.id)),
    questions: new Set(entities.questions.map((q) => q.id)),
    successInformations: new Set(entities.success_informations.map((s) => s.id)),
  });
  const result = engine.applyChanges(draft, changes, { domainName: domain.name });
  if (!result.ok) throw new Error(`the configuration has blocking issues: ${JSON.stringify(result.issues)}`);
  const at = new Date().toISOString();
  const actor = { domainId: domain.id, keyId: "cli", scopes: [] as Scope[], requestId: input.requestId };
  await store.transaction(async (tx) => {
    const saved = await tx.saveDraft({ domainId: domain.id, expectedRevision: stored?.revision ?? 0, revision: result.draft.draft_revision, content: result.draft, now: at });
    if (!saved) throw new Error("the draft changed concurrently; retry");
    await tx.insertAuditEvents(changeAuditEvents({ actor, applied: result.applied, draftRevision: result.draft.draft_revision, now: at, ids }));
  });
  const summary: Record<string, unknown> = { domain_id: domain.id, draft_revision: result.draft.draft_revision, applied: changes.length, warnings: result.warnings };
  if (!input.publish) return summary;
  if (result.warnings.length > 0) throw new Error(`the configuration cannot be published: ${JSON.stringify(result.warnings)}`);
  const jobId = ids.newId("cmp");
  const enqueued = await store.enqueueCompilationJob({
    id: jobId, domainId: domain.id, status: "queued", draftRevision: result.draft.draft_revision, snapshot: result.draft, progress: 0,
    error: null, configurationVersion: null, createdAt: at, updatedAt: at, leaseExpiresAt: null, requestId: input.requestId, actorKeyId: "cli", actorScopes: [],
  });
  if (!enqueued.inserted) throw new Error(`compilation ${enqueued.active.id} is already ${enqueued.active.status}`);
  const worker = createCompileWorker({ store, engine, ids, now: () => new Date(), logger: createLogger("error") });
  await worker.drain();
  await worker.close();
  const job = await store.getCompilationJob(domain.id, jobId);
  if (job?.status !== "succeeded") throw new Error(`compilation ${jobId} ended ${job?.status ?? "unknown"}: ${JSON.stringify(job?.error ?? null)}`);
  return { ...summary, compilation_id: jobId, configuration_version: job.configurationVersion };
}
