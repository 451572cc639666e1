// Applying a change batch to the draft (docs/zelinqa-api.md §12.3): the engine applies it atomically, the draft is saved with a
// compare-and-swap on its revision, and every applied change is audited (docs/zelinqa-api.md §12.6). The API and the CLI share it.
import type { ConfigurationChange, ConfigurationIssue } from "../contracts/index.js";
import { applyChanges } from "../engine/index.js";
import type { ApplyChangesContext, DraftConfiguration } from "../engine/index.js";
import { changeAuditEvents } from "./audit-events.js";
import type { Actor, OperationDeps, Prepared } from "./operation-deps.js";
import { RetryableConflict, validationFailed } from "./operation-error.js";
import { parseStoredDraft } from "./stored-configuration.js";

export interface AppliedChanges {
  draft: DraftConfiguration;
  draftRevision: number;
  applied: number;
  warnings: ConfigurationIssue[];
}

/** The stored draft, parsed (null before the first change). */
export async function currentDraft(deps: OperationDeps, domainId: string): Promise<{ revision: number; draft: DraftConfiguration } | null> {
  const stored = await deps.store.getDraft(domainId);
  return stored ? { revision: stored.revision, draft: parseStoredDraft(stored.content) } : null;
}

export async function applyConfigurationChanges(
  deps: OperationDeps,
  call: { actor: Actor; now: Date; changes: ConfigurationChange[]; expectedDraftRevision?: number | undefined },
): Promise<Prepared<AppliedChanges>> {
  const domainId = call.actor.domainId;
  const domain = await deps.store.getDomain(domainId);
  const stored = await currentDraft(deps, domainId);
  const context: ApplyChangesContext = { domainName: domain?.name ?? "default" };
  if (call.expectedDraftRevision !== undefined) context.expectedDraftRevision = call.expectedDraftRevision;
  const result = applyChanges(stored?.draft ?? null, call.changes, context);
  if (!result.ok) throw validationFailed(result.issues);
  const revision = result.draft.draft_revision;
  const at = call.now.toISOString();
  return {
    value: { draft: result.draft, draftRevision: revision, applied: call.changes.length, warnings: result.warnings },
    effects: async (tx) => {
      const saved = await tx.saveDraft({ domainId, expectedRevision: stored?.revision ?? 0, revision, content: result.draft, now: at });
      if (!saved) throw new RetryableConflict("draft");
      await tx.insertAuditEvents(
        changeAuditEvents({ actor: call.actor, applied: result.applied, draftRevision: revision, now: at, ids: deps.ids }),
      );
    },
  };
}
