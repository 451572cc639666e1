// Small builders for the configurations of the corpus domains: dimensions, questions with choices, success
// informations.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";

export type ChoiceSpec = [id: string, label: string, value: string | boolean, synonyms?: string[]];

export const objective = (name: string): ConfigurationChange => ({
  entity: "objective",
  operation: "update",
  objective: { name, qualification_level: "balanced", max_turns: 14, candidates_per_call: 2, order_strength: 0.3 },
});

export const dimension = (id: string, name: string): ConfigurationChange => ({
  entity: "dimension",
  operation: "create",
  dimension: { id, name, order_position: 0, completion_role: "blocking" },
});

export type QuestionType = "open" | "single_choice" | "multiple_choice";

export const question = (
  id: string,
  text: string,
  type: QuestionType,
  dimensionId: string,
  choices: ChoiceSpec[] = [],
): ConfigurationChange => ({
  entity: "question",
  operation: "create",
  question: {
    id,
    text,
    type,
    dimension_id: dimensionId,
    ...(choices.length > 0
      ? {
          choices: choices.map(([cid, label, maps_to_value, synonyms]) => ({
            id: cid,
            label,
            maps_to_value,
            ...(synonyms ? { synonyms } : {}),
          })),
        }
      : {}),
  },
});

export const info = (
  id: string,
  label: string,
  schema: Record<string, unknown>,
  primary: string,
  synonyms?: Record<string, string[]>,
): ConfigurationChange => ({
  entity: "success_information",
  operation: "create",
  success_information: { id, label, schema, primary_question_id: primary, ...(synonyms ? { synonyms } : {}) },
});

export const enumArray = (values: string[]) => ({ type: "array", items: { type: "string", enum: values }, uniqueItems: true });
