// The draft configuration as the engine and the store hold it (docs/zelinqa-api.md §12.1), and its public view (§12.2).
import { z } from "zod";
import { ConfiguredQuestionSchema, DimensionSchema, ObjectiveSchema, SuccessInformationSchema } from "../contracts/index.js";
import type { ConfiguredQuestion, Dimension, Objective, SuccessInformation } from "../contracts/index.js";

/** JSON-serialisable; entities are kept in creation order. */
export const DraftConfigurationSchema = z.object({
  draft_revision: z.number().int().min(0),
  objective: ObjectiveSchema,
  dimensions: z.array(DimensionSchema),
  success_informations: z.array(SuccessInformationSchema),
  questions: z.array(ConfiguredQuestionSchema),
});
export type DraftConfiguration = z.infer<typeof DraftConfigurationSchema>;

/** docs/zelinqa-api.md §12.1: the objective a new draft starts with. */
export function defaultObjective(domainName: string): Objective {
  return {
    name: domainName.length > 0 ? domainName.slice(0, 200) : "default",
    qualification_level: "balanced",
    max_turns: 10,
    candidates_per_call: 1,
    order_strength: 0.35,
  };
}

export function emptyDraft(domainName: string): DraftConfiguration {
  return { draft_revision: 0, objective: defaultObjective(domainName), dimensions: [], success_informations: [], questions: [] };
}

/** Dimensions ordered by (order_position, id), ids in UTF-16 code-unit order (docs/zelinqa-api.md §11.1, §12.2). */
export function compareDimensions(a: Dimension, b: Dimension): number {
  if (a.order_position !== b.order_position) return a.order_position - b.order_position;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export interface ConfigurationBody {
  objective: Objective;
  dimensions: Dimension[];
  success_informations: SuccessInformation[];
  questions: ConfiguredQuestion[];
}

/** The entity part of ConfigurationResponse with its field and item order (docs/zelinqa-api.md §12.2). */
export function configurationBody(config: ConfigurationBody): ConfigurationBody {
  const objective: Objective = {
    name: config.objective.name,
    ...(config.objective.description !== undefined ? { description: config.objective.description } : {}),
    qualification_level: config.objective.qualification_level,
    max_turns: config.objective.max_turns,
    candidates_per_call: config.objective.candidates_per_call,
    order_strength: config.objective.order_strength,
  };
  return {
    objective,
    dimensions: [...config.dimensions].sort(compareDimensions).map((d) => ({
      id: d.id,
      name: d.name,
      order_position: d.order_position,
      completion_role: d.completion_role,
    })),
    success_informations: config.success_informations.map((s) => ({
      id: s.id,
      label: s.label,
      schema: s.schema,
      primary_question_id: s.primary_question_id,
      ...(s.synonyms !== undefined ? { synonyms: s.synonyms } : {}),
    })),
    questions: config.questions.map((q) => ({
      id: q.id,
      text: q.text,
      type: q.type,
      selection_mode: q.selection_mode,
      source: q.source,
      choices: q.choices.map((c) => ({
        id: c.id,
        label: c.label,
        ...(c.maps_to_value !== undefined ? { maps_to_value: c.maps_to_value } : {}),
        ...(c.synonyms !== undefined ? { synonyms: c.synonyms } : {}),
      })),
      dimension_id: q.dimension_id,
      active: q.active,
    })),
  };
}
