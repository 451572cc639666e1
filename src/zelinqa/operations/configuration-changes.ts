// Applying a change batch to the draft (docs/zelinqa-api.md §12.3): the engine applies it atomically (in a compile thread for
// a large draft, change-batch.ts), the draft is saved with a compare-and-swap on its revision, and every applied change is
// audited (docs/zelinqa-api.md §12.6). The API and the CLI share it.
import type { ConfigurationChange, ConfigurationIssue } from "../contracts/index.js";
import { emptyDraft, publicationIssues } from "../engine/index.js";
import type { ApplyChangesContext } from "../engine/index.js";
import { JsonText } from "../store/index.js";
import { applyChangeBatch } from "./change-batch.js";
import type { ChangeBatchInput } from "./change-batch.js";
import { compileStoredDraft, forRequest, threadFor } from "./draft-compiler.js";
import { changeAuditEvents } from "./audit-events.js";
import type { Actor, OperationDeps, Prepared } from "./operation-deps.js";
import { RetryableConflict, validationFailed } from "./operation-error.js";

export interface AppliedChanges {
  draftRevision: number;
  applied: number;
  warnings: ConfigurationIssue[];
}

/**
 * The draft's publication-blocking issues and its revision (`GET /v1/configuration/issues`; before the first change, the
 * empty draft's). A large draft is read and checked in a compile thread, as a change batch is: its text goes there
 * unparsed.
 */
export async function draftIssues(deps: OperationDeps, domainId: string): Promise<{ revision: number; issues: ConfigurationIssue[] }> {
  const stored = await deps.store.getDraftText(domainId);
  if (stored === null) {
    const domain = await deps.store.getDomain(domainId);
    return { revision: 0, issues: publicationIssues(emptyDraft(domain?.name ?? "")) };
  }
  const compiler = threadFor(deps, stored.text);
  const checked = compiler ? await forRequest(compiler.run(stored.text, { task: "check" })) : compileStoredDraft(stored.text, "check");
  return { revision: stored.revision, issues: checked.issues };
}

export async function applyConfigurationChanges(
  deps: OperationDeps,
  call: { actor: Actor; now: Date; changes: ConfigurationChange[]; expectedDraftRevision?: number | undefined },
): Promise<Prepared<AppliedChanges>> {
  const domainId = call.actor.domainId;
  const domain = await deps.store.getDomain(domainId);
  const stored = await deps.store.getDraftText(domainId);
  const context: ApplyChangesContext = { domainName: domain?.name ?? "default" };
  if (call.expectedDraftRevision !== undefined) context.expectedDraftRevision = call.expectedDraftRevision;
  const batch: ChangeBatchInput = { draftText: stored?.text ?? null, changes: call.changes, context };
  // A large draft's batch (seconds of CPU) runs in a compile thread when the server has them.
  const compiler = threadFor(deps, batch.draftText);
  const result = compiler ? await forRequest(compiler.applyChanges(batch)) : applyChangeBatch(batch);
  if (!result.ok) throw validationFailed(result.issues);
  const { revision, draftText } = result;
  const at = call.now.toISOString();
  return {
    value: { draftRevision: revision, applied: call.changes.length, warnings: result.warnings },
    effects: async (tx) => {
      const content = new JsonText(draftText);
      const saved = await tx.saveDraft({ domainId, expectedRevision: stored?.revision ?? 0, revision, content, now: at });
      if (!saved) throw new RetryableConflict("draft");
      await tx.insertAuditEvents(
        changeAuditEvents({ actor: call.actor, applied: result.applied, draftRevision: revision, now: at, ids: deps.ids }),
      );
    },
  };
}
