// Create/update/delete of dimensions, questions and success informations with their edit-blocking
// issues (docs/zelinqa-api.md §12.3, §12.4). Each handler mutates the working draft only when it reports no issue.
import type {
  ChangeOperation,
  ConfigurationIssue,
  ConfiguredQuestion,
  DimensionPatch,
  QuestionPatch,
  QuestionType,
  SelectionMode,
  SuccessInformationPatch,
} from "../contracts/index.js";
import type { DraftConfiguration } from "./draft.js";
import { schemaProblem, synonymKeysProblem } from "./schema-rules.js";

export interface ChangeOutcome {
  issues: ConfigurationIssue[];
  audit?: { action: string; id: string; before: object | null; after: object | null };
}

type Entity = "dimension" | "question" | "success_information";

const issue = (code: string, message: string, entity: Entity, entityId: string): ConfigurationIssue => ({
  code,
  message,
  entity,
  entity_id: entityId,
});
const fail = (...issues: ConfigurationIssue[]): ChangeOutcome => ({ issues });

/** docs/zelinqa-api.md §12.3 defaults of selection_mode per type. */
export function defaultSelectionMode(type: QuestionType): SelectionMode | null {
  return type === "open" ? null : type === "multiple_choice" ? "multiple" : "single";
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function existence<T extends { id: string }>(list: T[], id: string, op: ChangeOperation, entity: Entity): ConfigurationIssue | null {
  const exists = list.some((e) => e.id === id);
  if (op === "create" && exists) return issue("duplicate_id", `A ${entity} with id "${id}" already exists.`, entity, id);
  if (op !== "create" && !exists) return issue("unknown_entity", `No ${entity} has id "${id}".`, entity, id);
  return null;
}

export function applyDimensionChange(draft: DraftConfiguration, op: ChangeOperation, patch: DimensionPatch): ChangeOutcome {
  const exist = existence(draft.dimensions, patch.id, op, "dimension");
  if (exist) return fail(exist);
  const index = draft.dimensions.findIndex((d) => d.id === patch.id);
  const before = index >= 0 ? { ...draft.dimensions[index] } : null;
  if (op === "delete") {
    if (draft.questions.some((q) => q.dimension_id === patch.id)) {
      return fail(issue("reference_in_use", `Dimension "${patch.id}" still has questions.`, "dimension", patch.id));
    }
    draft.dimensions.splice(index, 1);
    return { issues: [], audit: { action: "configuration.dimension.deleted", id: patch.id, before, after: null } };
  }
  if (op === "create") {
    const { name, order_position, completion_role } = patch;
    if (name === undefined || order_position === undefined || completion_role === undefined) {
      return fail(issue("incomplete_entity", "A dimension needs name, order_position and completion_role.", "dimension", patch.id));
    }
    const created = { id: patch.id, name, order_position, completion_role };
    draft.dimensions.push(created);
    return { issues: [], audit: { action: "configuration.dimension.created", id: patch.id, before: null, after: created } };
  }
  const updated = { ...draft.dimensions[index], ...withoutUndefined(patch) } as DraftConfiguration["dimensions"][number];
  draft.dimensions[index] = updated;
  return { issues: [], audit: { action: "configuration.dimension.updated", id: patch.id, before, after: updated } };
}

function questionIssues(draft: DraftConfiguration, q: Partial<ConfiguredQuestion> & { id: string }): ConfigurationIssue[] {
  const issues: ConfigurationIssue[] = [];
  if (q.dimension_id !== undefined && !draft.dimensions.some((d) => d.id === q.dimension_id)) {
    issues.push(issue("unknown_reference", `Dimension "${q.dimension_id}" does not exist.`, "question", q.id));
  }
  const ids = (q.choices ?? []).map((c) => c.id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate !== undefined) issues.push(issue("duplicate_id", `Choice id "${duplicate}" appears twice.`, "question", q.id));
  return issues;
}

export function applyQuestionChange(draft: DraftConfiguration, op: ChangeOperation, patch: QuestionPatch): ChangeOutcome {
  const exist = existence(draft.questions, patch.id, op, "question");
  if (exist) return fail(exist);
  const index = draft.questions.findIndex((q) => q.id === patch.id);
  const before = index >= 0 ? structuredClone(draft.questions[index] as ConfiguredQuestion) : null;
  if (op === "delete") {
    if (draft.success_informations.some((s) => s.primary_question_id === patch.id)) {
      return fail(issue("reference_in_use", `Question "${patch.id}" is a primary question.`, "question", patch.id));
    }
    draft.questions.splice(index, 1);
    return { issues: [], audit: { action: "configuration.question.deleted", id: patch.id, before, after: null } };
  }
  if (op === "create") {
    const issues: ConfigurationIssue[] = [];
    if (patch.dimension_id === undefined) {
      issues.push(issue("question_without_dimension", "A question needs a dimension_id.", "question", patch.id));
    }
    if (patch.text === undefined || patch.type === undefined) {
      issues.push(issue("incomplete_entity", "A question needs text and type.", "question", patch.id));
    }
    issues.push(...questionIssues(draft, patch));
    if (issues.length > 0 || patch.text === undefined || patch.type === undefined || patch.dimension_id === undefined)
      return fail(...issues);
    const created: ConfiguredQuestion = {
      id: patch.id,
      text: patch.text,
      type: patch.type,
      selection_mode: patch.selection_mode !== undefined ? patch.selection_mode : defaultSelectionMode(patch.type),
      source: patch.source ?? "user",
      choices: patch.choices ?? [],
      dimension_id: patch.dimension_id,
      active: patch.active ?? true,
    };
    draft.questions.push(created);
    return { issues: [], audit: { action: "configuration.question.created", id: patch.id, before: null, after: created } };
  }
  const issues = questionIssues(draft, patch);
  if (issues.length > 0) return fail(...issues);
  const current = draft.questions[index] as ConfiguredQuestion;
  const updated: ConfiguredQuestion = { ...current, ...withoutUndefined(patch) };
  // docs/zelinqa-api.md §12.3: changing the type without a selection_mode re-applies the default.
  if (patch.type !== undefined && patch.selection_mode === undefined) updated.selection_mode = defaultSelectionMode(patch.type);
  draft.questions[index] = updated;
  const changed = Object.keys(updated).filter(
    (k) => JSON.stringify(updated[k as keyof ConfiguredQuestion]) !== JSON.stringify(current[k as keyof ConfiguredQuestion]),
  );
  const toggled = changed.length === 1 && changed[0] === "active";
  const action = toggled
    ? updated.active
      ? "configuration.question.activated"
      : "configuration.question.deactivated"
    : "configuration.question.updated";
  return { issues: [], audit: { action, id: patch.id, before, after: updated } };
}

export function applySuccessInformationChange(
  draft: DraftConfiguration,
  op: ChangeOperation,
  patch: SuccessInformationPatch,
): ChangeOutcome {
  const entity = "success_information";
  if (op === "create" && patch.id.startsWith("exploration:")) {
    return fail(issue("reserved_id", `Success information ids may not start with "exploration:".`, entity, patch.id));
  }
  const exist = existence(draft.success_informations, patch.id, op, entity);
  if (exist) return fail(exist);
  const index = draft.success_informations.findIndex((s) => s.id === patch.id);
  const before = index >= 0 ? structuredClone(draft.success_informations[index] ?? null) : null;
  if (op === "delete") {
    draft.success_informations.splice(index, 1);
    return { issues: [], audit: { action: "configuration.success_information.deleted", id: patch.id, before, after: null } };
  }
  const issues: ConfigurationIssue[] = [];
  if (op === "create" && (patch.label === undefined || patch.primary_question_id === undefined)) {
    issues.push(issue("incomplete_entity", "A success information needs label and primary_question_id.", entity, patch.id));
  }
  if (op === "create" && patch.schema === undefined) {
    issues.push(issue("success_information_without_schema", "A success information needs a schema.", entity, patch.id));
  }
  const problem = patch.schema === undefined ? null : schemaProblem(patch.schema);
  if (problem !== null) issues.push(issue("invalid_schema", problem, entity, patch.id));
  if (patch.primary_question_id !== undefined && !draft.questions.some((q) => q.id === patch.primary_question_id)) {
    issues.push(issue("unknown_reference", `Question "${patch.primary_question_id}" does not exist.`, entity, patch.id));
  }
  const current = index >= 0 ? draft.success_informations[index] : undefined;
  const synonymProblem = synonymKeysProblem(
    patch.schema ?? current?.schema ?? {},
    patch.synonyms === undefined ? current?.synonyms : patch.synonyms,
  );
  if (synonymProblem !== null) issues.push(issue("invalid_schema", synonymProblem, entity, patch.id));
  if (issues.length > 0) return fail(...issues);
  if (op === "create") {
    const created = {
      id: patch.id,
      label: patch.label as string,
      schema: patch.schema ?? {},
      primary_question_id: patch.primary_question_id as string,
      ...(patch.synonyms ? { synonyms: patch.synonyms } : {}),
    };
    draft.success_informations.push(created);
    return { issues: [], audit: { action: "configuration.success_information.created", id: patch.id, before: null, after: created } };
  }
  const updated = {
    ...draft.success_informations[index],
    ...withoutUndefined(patch),
  } as DraftConfiguration["success_informations"][number] & { synonyms?: unknown };
  if (updated.synonyms === null) delete updated.synonyms;
  draft.success_informations[index] = updated;
  return { issues: [], audit: { action: "configuration.success_information.updated", id: patch.id, before, after: updated } };
}
