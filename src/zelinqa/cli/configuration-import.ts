// `zelinqa config import`: applies a configuration file to the draft as one change batch (audited with the
// actor `cli`), and with --publish compiles it in-process so the command ends with a published version. The
// same operations as the API's change and publish routes do the work.
import { z } from "zod";
import { createLogger } from "../api/server.js";
import { ConfigurationIssueSchema } from "../contracts/index.js";
import { usageError } from "../../shared/cli.js";
import {
  OperationError,
  RetryableConflict,
  applyConfigurationChanges,
  commit,
  createArtifactCache,
  createCompileWorker,
  createIdGenerator,
  requestPublication,
  storedConfigurationEntities,
} from "../operations/index.js";
import type { Actor, OperationDeps } from "../operations/index.js";
import type { DomainRecord, ZelinqaStore } from "../store/index.js";
import { changeBatch } from "./configuration-file.js";
import type { ConfigurationFile } from "./configuration-file.js";

/** One line per issue: `changes.3 question q1: unknown_reference: …` (the change index and entity when known). */
function issueLines(issues: unknown): string {
  const parsed = z.array(ConfigurationIssueSchema).safeParse(issues);
  if (!parsed.success) return JSON.stringify(issues);
  return parsed.data
    .map((issue) => {
      const where = [
        issue.change_index === undefined ? undefined : `changes.${issue.change_index}`,
        issue.entity === undefined ? undefined : `${issue.entity}${issue.entity_id === undefined ? "" : ` ${issue.entity_id}`}`,
      ].filter((part) => part !== undefined);
      return `\n  ${where.length > 0 ? `${where.join(" ")}: ` : ""}${issue.code}: ${issue.message}`;
    })
    .join("");
}

/** Operation refusals in the CLI's words; a configuration the file describes wrongly is a usage error (exit 2). */
function cliMessage(error: unknown): unknown {
  if (error instanceof RetryableConflict) return new Error("the draft changed concurrently; retry");
  if (!(error instanceof OperationError)) return error;
  if (error.code === "configuration_validation_failed")
    return usageError(`the configuration has blocking issues, nothing was imported:${issueLines(error.details.issues)}`);
  if (error.code === "compilation_in_progress")
    return new Error(`compilation ${String(error.details.compilation_id)} is already ${String(error.details.status)}`);
  return error;
}

async function existingIds(deps: OperationDeps, domainId: string) {
  const stored = await deps.store.getDraft(domainId);
  const entities = stored ? storedConfigurationEntities(stored.content) : { dimensions: [], questions: [], success_informations: [] };
  return {
    dimensions: new Set(entities.dimensions.map((d) => d.id)),
    questions: new Set(entities.questions.map((q) => q.id)),
    successInformations: new Set(entities.success_informations.map((s) => s.id)),
  };
}

async function publishAndCompile(
  deps: OperationDeps,
  actor: Actor,
): Promise<{ compilation_id: string; configuration_version: string | null }> {
  const job = await commit(deps.store, await requestPublication(deps, { actor, now: deps.clock.now() }));
  const worker = createCompileWorker({ store: deps.store, ids: deps.ids, now: () => deps.clock.now(), logger: createLogger("error") });
  // On a shared database, a running `zelinqa serve` may claim the job before this process does.
  const done = await worker.untilEnded(actor.domainId, job.id);
  await worker.close();
  if (done?.status === "queued" || done?.status === "running")
    throw new Error(`compilation ${job.id} is still ${done.status} in another process; the version is published when it ends`);
  if (done?.status !== "succeeded")
    throw new Error(`compilation ${job.id} ended ${done?.status ?? "unknown"}: ${JSON.stringify(done?.error ?? null)}`);
  return { compilation_id: job.id, configuration_version: done.configurationVersion };
}

export async function importConfiguration(input: {
  store: ZelinqaStore;
  domain: DomainRecord;
  file: ConfigurationFile;
  publish: boolean;
  requestId: string;
}) {
  const { store, domain } = input;
  const deps: OperationDeps = {
    store,
    clock: { now: () => new Date() },
    ids: createIdGenerator(),
    artifacts: createArtifactCache({ store }),
  };
  const actor: Actor = { domainId: domain.id, keyId: "cli", scopes: [], requestId: input.requestId };
  try {
    const changes = changeBatch(input.file, await existingIds(deps, domain.id));
    const applied = await commit(store, await applyConfigurationChanges(deps, { actor, now: deps.clock.now(), changes }));
    const summary: Record<string, unknown> = {
      domain_id: domain.id,
      draft_revision: applied.draftRevision,
      applied: applied.applied,
      warnings: applied.warnings,
    };
    if (!input.publish) return summary;
    if (applied.warnings.length > 0)
      throw usageError(`the configuration was imported into the draft but cannot be published:${issueLines(applied.warnings)}`);
    return { ...summary, ...(await publishAndCompile(deps, actor)) };
  } catch (error) {
    throw cliMessage(error);
  }
}
