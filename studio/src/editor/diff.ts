// The draft against the published version, entity by entity and field by field.
import type { Draft } from "../types.js";

export interface FieldDiff {
  field: string;
  before: unknown;
  after: unknown;
}

export interface EntityDiff {
  entity: "objective" | "dimension" | "question" | "success_information";
  id: string;
  kind: "added" | "removed" | "changed";
  fields: FieldDiff[];
}

function fieldDiffs(before: Record<string, unknown>, after: Record<string, unknown>): FieldDiff[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}

function listDiff<T extends { id: string }>(entity: EntityDiff["entity"], before: T[], after: T[]): EntityDiff[] {
  const old = new Map(before.map((item) => [item.id, item]));
  const diffs: EntityDiff[] = [];
  for (const item of after) {
    const previous = old.get(item.id);
    old.delete(item.id);
    if (!previous) diffs.push({ entity, id: item.id, kind: "added", fields: fieldDiffs({}, { ...item }) });
    else {
      const fields = fieldDiffs({ ...previous }, { ...item });
      if (fields.length > 0) diffs.push({ entity, id: item.id, kind: "changed", fields });
    }
  }
  for (const item of old.values()) diffs.push({ entity, id: item.id, kind: "removed", fields: [] });
  return diffs;
}

export function diffConfigurations(published: Draft | null, draft: Draft): EntityDiff[] {
  const objective = fieldDiffs({ ...(published?.objective ?? {}) }, { ...draft.objective });
  return [
    ...(objective.length > 0
      ? [{ entity: "objective" as const, id: "objective", kind: published ? ("changed" as const) : ("added" as const), fields: objective }]
      : []),
    ...listDiff("dimension", published?.dimensions ?? [], draft.dimensions),
    ...listDiff("question", published?.questions ?? [], draft.questions),
    ...listDiff("success_information", published?.success_informations ?? [], draft.success_informations),
  ];
}

/** The draft as a change batch that rebuilds it on an empty domain (the order the API resolves references in). */
export function exportBatch(draft: Draft): { changes: unknown[] } {
  const { description, ...objective } = draft.objective;
  return {
    changes: [
      { entity: "objective", operation: "update", objective: description ? { ...objective, description } : objective },
      ...draft.dimensions.map((dimension) => ({ entity: "dimension", operation: "create", dimension })),
      ...draft.questions.map((question) => ({ entity: "question", operation: "create", question })),
      ...draft.success_informations.map((success_information) => ({
        entity: "success_information",
        operation: "create",
        success_information,
      })),
    ],
  };
}
