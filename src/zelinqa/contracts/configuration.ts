// The configuration model of docs/zelinqa-api.md §12.1 and the read responses of §12.2.
import { z } from "zod";
import {
  CompletionRoleSchema,
  IdSchema,
  JsonSchemaObjectSchema,
  JsonValueSchema,
  QualificationLevelSchema,
  QuestionTypeSchema,
  SelectionModeSchema,
  TimestampSchema,
  queryInteger,
} from "./common.js";

export const ObjectiveSchema = z.object({
  name: z.string().min(1).max(200),
  description: z.string().max(4000).optional(),
  qualification_level: QualificationLevelSchema,
  max_turns: z.number().int().min(1).max(100),
  candidates_per_call: z.number().int().min(1).max(10),
  order_strength: z.number().min(0).max(1),
});
export type Objective = z.infer<typeof ObjectiveSchema>;

export const DimensionSchema = z.object({
  id: IdSchema,
  name: z.string().min(1).max(200),
  order_position: z.number().int().min(0),
  completion_role: CompletionRoleSchema,
});
export type Dimension = z.infer<typeof DimensionSchema>;

/** [ext] Other ways people name a choice or an enum value ("sofa", "couch" for "canapé"), matched like labels. */
export const SynonymListSchema = z.array(z.string().min(1).max(200)).min(1).max(50);

/**
 * [ext] Synonyms of a success information's values, keyed by the enum value (or "true"/"false" for a boolean
 * schema); a key that is not a value of the schema is an `invalid_schema` issue.
 */
export const ValueSynonymsSchema = z.record(z.string().min(1).max(200), SynonymListSchema);
export type ValueSynonyms = z.infer<typeof ValueSynonymsSchema>;

export const SuccessInformationSchema = z.object({
  id: IdSchema,
  label: z.string().min(1).max(200),
  schema: JsonSchemaObjectSchema,
  primary_question_id: IdSchema,
  synonyms: ValueSynonymsSchema.optional(),
});
export type SuccessInformation = z.infer<typeof SuccessInformationSchema>;

export const ChoiceSchema = z.strictObject({
  id: IdSchema,
  label: z.string().min(1).max(500),
  maps_to_value: JsonValueSchema.optional(),
  /** [ext] Other words for this choice, matched like its label (zelinqa-understanding.md). */
  synonyms: SynonymListSchema.optional(),
});
export type Choice = z.infer<typeof ChoiceSchema>;

export const QuestionSourceSchema = z.enum(["user", "llm_generated"]);
export type QuestionSource = z.infer<typeof QuestionSourceSchema>;

export const ConfiguredQuestionSchema = z.object({
  id: IdSchema,
  text: z.string().min(1).max(4000),
  type: QuestionTypeSchema,
  selection_mode: SelectionModeSchema.nullable(),
  source: QuestionSourceSchema,
  choices: z.array(ChoiceSchema).max(50),
  dimension_id: IdSchema,
  active: z.boolean(),
});
export type ConfiguredQuestion = z.infer<typeof ConfiguredQuestionSchema>;

export const ConfigurationStateSchema = z.enum(["published", "draft"]);
export type ConfigurationState = z.infer<typeof ConfigurationStateSchema>;

/** `GET /v1/configuration` (docs/zelinqa-api.md §12.2). Dimensions ordered by (order_position, id); the rest in creation order. */
export const ConfigurationResponseSchema = z.object({
  request_id: z.string(),
  state: ConfigurationStateSchema,
  configuration_version: z.string().nullable(),
  draft_revision: z.number().int().min(0).nullable(),
  published_at: TimestampSchema.nullable(),
  domain: z.object({ name: z.string() }),
  objective: ObjectiveSchema,
  dimensions: z.array(DimensionSchema),
  success_informations: z.array(SuccessInformationSchema),
  questions: z.array(ConfiguredQuestionSchema),
});
export type ConfigurationResponse = z.infer<typeof ConfigurationResponseSchema>;

/** Query of `GET /v1/configuration`; unknown query parameters are ignored (docs/zelinqa-api.md §3), hence z.object. */
export const ConfigurationQuerySchema = z.object({ state: ConfigurationStateSchema.default("published") });
export type ConfigurationQuery = z.infer<typeof ConfigurationQuerySchema>;

/** Query of `GET /v1/configuration/questions` (docs/zelinqa-api.md §12.2). */
export const QuestionListQuerySchema = z.object({
  state: ConfigurationStateSchema.default("published"),
  dimension_id: IdSchema.optional(),
  active: z.enum(["true", "false"]).optional(),
  type: QuestionTypeSchema.optional(),
  search: z.string().min(1).max(200).optional(),
  limit: queryInteger(1, 200, 50),
  cursor: z.string().min(1).max(512).optional(),
  format: z.enum(["json", "csv"]).default("json"),
});
export type QuestionListQuery = z.infer<typeof QuestionListQuerySchema>;

export const QuestionListResponseSchema = z.object({
  request_id: z.string(),
  state: ConfigurationStateSchema,
  questions: z.array(ConfiguredQuestionSchema),
  next_cursor: z.string().nullable(),
  total: z.number().int().min(0),
});
export type QuestionListResponse = z.infer<typeof QuestionListResponseSchema>;

/** The exact CSV header line of the question export (docs/zelinqa-api.md §12.2). */
export const QUESTION_CSV_HEADER = "id,text,type,selection_mode,choices,source,dimension_id,active";
