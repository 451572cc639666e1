// Applying a change batch to the draft (docs/zelinqa-api.md §12.3): in order, atomically, with edit-blocking issues (§12.4)
// and one audit entry per applied change (docs/zelinqa-api.md §12.6).
import type { ConfigurationChange, ConfigurationIssue } from "../contracts/index.js";
import { auditDiff } from "./audit-diff.js";
import type { AuditDiffValue } from "./audit-diff.js";
import { applyDimensionChange, applyQuestionChange, applySuccessInformationChange } from "./entity-changes.js";
import type { ChangeOutcome } from "./entity-changes.js";
import { emptyDraft } from "./draft.js";
import type { DraftConfiguration } from "./draft.js";
import { publicationIssues } from "./publication-issues.js";
import { draftSizeIssue } from "./draft-bounds.js";

export interface AppliedChange {
  change_index: number;
  action: string;
  resource: { type: "objective" | "dimension" | "success_information" | "question"; id: string };
  diff: AuditDiffValue;
}

export type ApplyChangesResult =
  | { ok: true; draft: DraftConfiguration; applied: AppliedChange[]; warnings: ConfigurationIssue[] }
  | { ok: false; issues: ConfigurationIssue[] };

export interface ApplyChangesContext {
  domainName: string;
  /** docs/zelinqa-api.md §12.3: when given and different from the current revision (0 without draft), nothing is applied. */
  expectedDraftRevision?: number;
}

/** docs/zelinqa-api.md §12.3 stale-revision issue, shared with publication (§12.5). */
export function draftRevisionIssue(expected: number | undefined, current: number): ConfigurationIssue | null {
  if (expected === undefined || expected === current) return null;
  return {
    code: "draft_revision_mismatch",
    message: `Expected draft revision ${expected}, current revision ${current}.`,
    entity: "objective",
  };
}

function applyObjective(draft: DraftConfiguration, change: Extract<ConfigurationChange, { entity: "objective" }>): ChangeOutcome {
  const before = { ...draft.objective };
  const next = { ...draft.objective };
  for (const [key, value] of Object.entries(change.objective)) {
    if (key === "description" && value === null) delete next.description;
    else if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  }
  draft.objective = next;
  return { issues: [], audit: { action: "configuration.objective.updated", id: "objective", before, after: next } };
}

function applyOne(draft: DraftConfiguration, change: ConfigurationChange): ChangeOutcome {
  switch (change.entity) {
    case "objective":
      return applyObjective(draft, change);
    case "dimension":
      return applyDimensionChange(draft, change.operation, change.dimension);
    case "question":
      return applyQuestionChange(draft, change.operation, change.question);
    case "success_information":
      return applySuccessInformationChange(draft, change.operation, change.success_information);
  }
}

/**
 * Applies every change to a copy of the draft. Any edit-blocking issue fails the whole batch; on success the
 * revision is the previous one + 1 and `warnings` are the publication-blocking issues of the result.
 */
export function applyChanges(
  draft: DraftConfiguration | null,
  changes: readonly ConfigurationChange[],
  ctx: ApplyChangesContext,
): ApplyChangesResult {
  const current = draft?.draft_revision ?? 0;
  const stale = draftRevisionIssue(ctx.expectedDraftRevision, current);
  if (stale) return { ok: false, issues: [stale] };
  const working = structuredClone(draft ?? emptyDraft(ctx.domainName));
  const issues: ConfigurationIssue[] = [];
  const applied: AppliedChange[] = [];
  changes.forEach((change, index) => {
    const outcome = applyOne(working, change);
    if (outcome.issues.length > 0) {
      issues.push(...outcome.issues.map((issue) => ({ ...issue, change_index: index })));
      return;
    }
    if (outcome.audit) {
      applied.push({
        change_index: index,
        action: outcome.audit.action,
        resource: { type: change.entity, id: outcome.audit.id },
        diff: auditDiff(outcome.audit.before, outcome.audit.after),
      });
    }
  });
  if (issues.length > 0) return { ok: false, issues };
  const tooLarge = draftSizeIssue(working, draft);
  if (tooLarge) return { ok: false, issues: [tooLarge] };
  working.draft_revision = current + 1;
  return { ok: true, draft: working, applied, warnings: publicationIssues(working) };
}
