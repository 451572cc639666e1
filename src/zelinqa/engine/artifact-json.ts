// The JSON form of the compiled artefact (docs/zelinqa-api.md §11.1), stored in the database and parsed back by loadArtifact.
import { z } from "zod";
import {
  ChoiceSchema,
  DimensionSchema,
  JsonSchemaObjectSchema,
  ObjectiveSchema,
  QuestionTypeSchema,
  SelectionModeSchema,
} from "../contracts/index.js";

export const ARTIFACT_FORMAT = "zelinqa.artifact.v1";

export const TargetLinkSchema = z.object({
  id: z.string(),
  kind: z.enum(["data", "exploration"]),
  link: z.enum(["primary", "secondary", "exploration"]),
});
export type TargetLink = z.infer<typeof TargetLinkSchema>;

export const CompiledQuestionJsonSchema = z.object({
  id: z.string(),
  text: z.string(),
  type: QuestionTypeSchema,
  selection_mode: SelectionModeSchema.nullable(),
  choices: z.array(ChoiceSchema),
  dimension_id: z.string(),
  active: z.boolean(),
  /** Principal first (docs/zelinqa-api.md §11.1). */
  targets: z.array(TargetLinkSchema).min(1),
  /** target id → choice id → the value that choice yields for that target. */
  choice_values: z.record(z.string(), z.record(z.string(), z.json())),
});
export type CompiledQuestionJson = z.infer<typeof CompiledQuestionJsonSchema>;

export const ExtractorKindSchema = z.enum(["enum", "array_enum", "boolean", "number", "integer", "date", "date-time", "string", "none"]);

export const CompiledSuccessInformationJsonSchema = z.object({
  id: z.string(),
  label: z.string(),
  schema: JsonSchemaObjectSchema,
  primary_question_id: z.string(),
  dimension_id: z.string(),
  extractor: ExtractorKindSchema,
  /** docs/zelinqa-api.md §10.5.2 phrase table: normalised tokens joined by spaces → value, with enum/choice order. */
  phrases: z.array(z.object({ text: z.string(), value: z.json(), order: z.number().int() })),
});
export type CompiledSuccessInformationJson = z.infer<typeof CompiledSuccessInformationJsonSchema>;

export const CompiledArtifactJsonSchema = z.object({
  format: z.literal(ARTIFACT_FORMAT),
  engine_version: z.string(),
  objective: ObjectiveSchema,
  /** Ordered by (order_position, id). */
  dimensions: z.array(DimensionSchema),
  questions: z.array(CompiledQuestionJsonSchema),
  success_informations: z.array(CompiledSuccessInformationJsonSchema),
});
export type CompiledArtifactJson = z.infer<typeof CompiledArtifactJsonSchema>;
