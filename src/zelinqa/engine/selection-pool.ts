// Candidate pools of docs/zelinqa-api.md §11.4: P0 (hard exclusions and open targets), P1 (strict call constraints) and Pref.
import type { SelectionOptions } from "../contracts/index.js";
import type { CompiledArtifact, LinkInfo, QuestionInfo } from "./load-artifact.js";
import type { ProgressState } from "./progress.js";
import type { SessionState } from "./session-state.js";

export interface SelectionContext {
  readonly artifact: CompiledArtifact;
  readonly state: SessionState;
  readonly progress: ProgressState;
}

/** A target is open ⇔ its dimension is neither excluded nor achieved and it is not complete. */
export function isOpenLink(ctx: SelectionContext, link: LinkInfo): boolean {
  return ctx.progress.closed[link.dimension.index] !== 1 && ctx.progress.table.complete[link.index] !== 1;
}

export function poolP0(ctx: SelectionContext): QuestionInfo[] {
  const closed = ctx.progress.closed;
  return ctx.artifact.questions.filter((q) => q.active && closed[q.dimension.index] !== 1 && q.links.some((l) => isOpenLink(ctx, l)));
}

/** The strict constraints supplied, echoed as `constraint_no_match` details (docs/zelinqa-api.md §11.4). */
export function strictConstraintDetails(selection: SelectionOptions | undefined): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  if (!selection) return details;
  if (selection.dimensions?.mode === "restrict") details.dimensions = selection.dimensions;
  if (selection.allowed_question_types) details.allowed_question_types = selection.allowed_question_types;
  if (selection.required_target_ids) details.required_target_ids = selection.required_target_ids;
  if (selection.excluded_question_ids) details.excluded_question_ids = selection.excluded_question_ids;
  return details;
}

export function poolP1(p0: readonly QuestionInfo[], selection: SelectionOptions | undefined): QuestionInfo[] {
  if (!selection) return [...p0];
  const restrict = selection.dimensions?.mode === "restrict" ? new Set(selection.dimensions.ids) : null;
  const types = selection.allowed_question_types ? new Set(selection.allowed_question_types) : null;
  const required = selection.required_target_ids ? new Set(selection.required_target_ids) : null;
  const excluded = new Set(selection.excluded_question_ids ?? []);
  return p0.filter(
    (q) =>
      (restrict === null || restrict.has(q.dimension_id)) &&
      (types === null || types.has(q.type)) &&
      (required === null || q.targets.some((t) => required.has(t.id))) &&
      !excluded.has(q.id),
  );
}

/** Pref, or null when no `prefer` dimension constraint was given. */
export function poolPref(p1: readonly QuestionInfo[], selection: SelectionOptions | undefined): QuestionInfo[] | null {
  if (selection?.dimensions?.mode !== "prefer") return null;
  const ids = new Set(selection.dimensions.ids);
  return p1.filter((q) => ids.has(q.dimension_id));
}
