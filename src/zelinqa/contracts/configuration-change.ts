// Change batches and publication requests of docs/zelinqa-api.md §12.3 and §12.5. Request shapes are closed (§3).
import { z } from "zod";
import {
  CompletionRoleSchema,
  IdSchema,
  JsonSchemaObjectSchema,
  QualificationLevelSchema,
  QuestionTypeSchema,
  SelectionModeSchema,
} from "./common.js";
import { ChoiceSchema, QuestionSourceSchema, ValueSynonymsSchema } from "./configuration.js";
import { ConfigurationIssueSchema } from "./configuration-issue.js";

export const ObjectivePatchSchema = z
  .strictObject({
    name: z.string().min(1).max(200).optional(),
    description: z.string().max(4000).nullable().optional(),
    qualification_level: QualificationLevelSchema.optional(),
    max_turns: z.number().int().min(1).max(100).optional(),
    candidates_per_call: z.number().int().min(1).max(10).optional(),
    order_strength: z.number().min(0).max(1).optional(),
  })
  .refine((patch) => Object.keys(patch).length >= 1, { message: "at least one objective field is required" });
export type ObjectivePatch = z.infer<typeof ObjectivePatchSchema>;

/** Create, update and delete share one patch shape; missing create fields are `incomplete_entity` issues (docs/zelinqa-api.md §12.4). */
export const DimensionPatchSchema = z.strictObject({
  id: IdSchema,
  name: z.string().min(1).max(200).optional(),
  order_position: z.number().int().min(0).optional(),
  completion_role: CompletionRoleSchema.optional(),
});
export type DimensionPatch = z.infer<typeof DimensionPatchSchema>;

export const SuccessInformationPatchSchema = z.strictObject({
  id: IdSchema,
  label: z.string().min(1).max(200).optional(),
  schema: JsonSchemaObjectSchema.optional(),
  primary_question_id: IdSchema.optional(),
  /** [ext] null removes every synonym. */
  synonyms: ValueSynonymsSchema.nullable().optional(),
});
export type SuccessInformationPatch = z.infer<typeof SuccessInformationPatchSchema>;

export const QuestionPatchSchema = z.strictObject({
  id: IdSchema,
  text: z.string().min(1).max(4000).optional(),
  type: QuestionTypeSchema.optional(),
  selection_mode: SelectionModeSchema.nullable().optional(),
  source: QuestionSourceSchema.optional(),
  choices: z.array(ChoiceSchema).max(50).optional(),
  dimension_id: IdSchema.optional(),
  active: z.boolean().optional(),
});
export type QuestionPatch = z.infer<typeof QuestionPatchSchema>;

export const ChangeOperationSchema = z.enum(["create", "update", "delete"]);
export type ChangeOperation = z.infer<typeof ChangeOperationSchema>;

export const ConfigurationChangeSchema = z.discriminatedUnion("entity", [
  z.strictObject({ entity: z.literal("objective"), operation: z.literal("update"), objective: ObjectivePatchSchema }),
  z.strictObject({ entity: z.literal("dimension"), operation: ChangeOperationSchema, dimension: DimensionPatchSchema }),
  z.strictObject({
    entity: z.literal("success_information"),
    operation: ChangeOperationSchema,
    success_information: SuccessInformationPatchSchema,
  }),
  z.strictObject({ entity: z.literal("question"), operation: ChangeOperationSchema, question: QuestionPatchSchema }),
]);
export type ConfigurationChange = z.infer<typeof ConfigurationChangeSchema>;

export const ConfigurationChangesRequestSchema = z.strictObject({
  expected_draft_revision: z.number().int().min(0).optional(),
  changes: z.array(ConfigurationChangeSchema).min(1).max(500),
});
export type ConfigurationChangesRequest = z.infer<typeof ConfigurationChangesRequestSchema>;

export const ConfigurationChangesResponseSchema = z.object({
  request_id: z.string(),
  draft_revision: z.number().int().min(1),
  applied: z.number().int().min(0),
  warnings: z.array(ConfigurationIssueSchema),
});
export type ConfigurationChangesResponse = z.infer<typeof ConfigurationChangesResponseSchema>;

export const PublishRequestSchema = z.strictObject({ expected_draft_revision: z.number().int().min(0).optional() });
export type PublishRequest = z.infer<typeof PublishRequestSchema>;
