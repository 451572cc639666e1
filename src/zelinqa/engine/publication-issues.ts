// Publication-blocking issues of a draft (docs/zelinqa-api.md §12.4 "Blocks: publish"); also the `warnings` of a change batch.
import type { ConfigurationIssue, ConfiguredQuestion, SuccessInformation } from "../contracts/index.js";
import type { DraftConfiguration } from "./draft.js";
import { choiceValue, isArraySchema, runsNoValue, schemaProblem, validatorFor } from "./schema-rules.js";

function shapeProblem(q: ConfiguredQuestion): string | null {
  if (q.type === "open" && q.choices.length > 0) return "An open question has no choices.";
  if (q.type !== "open" && q.choices.length < 2) return "A choice question needs at least 2 choices.";
  const expected: (string | null)[] =
    q.type === "open"
      ? [null]
      : q.type === "single_choice"
        ? ["single"]
        : q.type === "multiple_choice"
          ? ["multiple"]
          : ["single", "multiple"];
  if (!expected.includes(q.selection_mode)) return `selection_mode ${String(q.selection_mode)} does not fit type ${q.type}.`;
  return null;
}

function mappingIssues(q: ConfiguredQuestion, primaries: SuccessInformation[]): ConfigurationIssue[] {
  const issues: ConfigurationIssue[] = [];
  const validators = primaries.map((s) => ({ s, validate: validatorFor(s.schema) }));
  for (const choice of q.choices) {
    if (choice.maps_to_value === undefined) continue;
    const fits = validators.some(({ s, validate }) => validate(isArraySchema(s.schema) ? [choice.maps_to_value] : choice.maps_to_value));
    if (!fits) {
      issues.push({
        code: "invalid_choice_mapping",
        message: `Choice "${choice.id}" maps to a value that fails the schema of every success information of question "${q.id}".`,
        entity: "question",
        entity_id: q.id,
      });
    }
  }
  if (q.type !== "open" && !q.choices.some((c) => validators.some(({ s, validate }) => choiceValue(c, s.schema, validate) !== null))) {
    issues.push({
      code: "question_without_target",
      message: `No choice of question "${q.id}" yields a value for its success informations.`,
      entity: "question",
      entity_id: q.id,
    });
  }
  return issues;
}

export function publicationIssues(draft: DraftConfiguration): ConfigurationIssue[] {
  const issues: ConfigurationIssue[] = [];
  const questions = new Map(draft.questions.map((q) => [q.id, q]));
  const dimensions = new Map(draft.dimensions.map((d) => [d.id, d]));
  const primariesOf = new Map<string, SuccessInformation[]>();
  for (const s of draft.success_informations) {
    primariesOf.set(s.primary_question_id, [...(primariesOf.get(s.primary_question_id) ?? []), s]);
  }
  for (const q of draft.questions) {
    const problem = shapeProblem(q);
    if (problem) issues.push({ code: "invalid_question_shape", message: problem, entity: "question", entity_id: q.id });
    const primaries = primariesOf.get(q.id) ?? [];
    if (!q.active && primaries.length > 0) {
      issues.push({
        code: "inactive_primary_question",
        message: `Question "${q.id}" is inactive but is the primary question of ${primaries.map((s) => `"${s.id}"`).join(", ")}.`,
        entity: "question",
        entity_id: q.id,
      });
    }
    if (primaries.length > 0) issues.push(...mappingIssues(q, primaries));
  }
  for (const s of draft.success_informations) {
    if (runsNoValue(s.schema)) {
      issues.push({ code: "invalid_schema", message: schemaProblem(s.schema) ?? "", entity: "success_information", entity_id: s.id });
    }
    const q = questions.get(s.primary_question_id);
    if (q && !q.active) {
      issues.push({
        code: "success_information_without_active_question",
        message: `The primary question of "${s.id}" is inactive.`,
        entity: "success_information",
        entity_id: s.id,
      });
    }
    if (q && dimensions.get(q.dimension_id)?.completion_role === "optional") {
      issues.push({
        code: "success_information_only_in_optional_dimension",
        message: `Success information "${s.id}" lives in an optional dimension.`,
        entity: "success_information",
        entity_id: s.id,
      });
    }
  }
  if (!draft.questions.some((q) => q.active)) {
    issues.push({ code: "no_active_question", message: "The configuration has no active question.", entity: "objective" });
  }
  return issues;
}
