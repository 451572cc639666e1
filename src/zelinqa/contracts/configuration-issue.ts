// ConfigurationIssue of docs/zelinqa-api.md §12.4. The code catalogue is open for clients; the server emits only the known codes.
import { z } from "zod";

export const CONFIGURATION_ISSUE_CODES = [
  "draft_revision_mismatch",
  "duplicate_id",
  "unknown_entity",
  "unknown_reference",
  "reference_in_use",
  "question_without_dimension",
  "incomplete_entity",
  "success_information_without_schema",
  "invalid_schema",
  "reserved_id",
  "invalid_question_shape",
  "inactive_primary_question",
  "success_information_without_active_question",
  "success_information_only_in_optional_dimension",
  "invalid_choice_mapping",
  "question_without_target",
  "no_active_question",
  "configuration_too_large",
] as const;
export type ConfigurationIssueCode = (typeof CONFIGURATION_ISSUE_CODES)[number];

/** Issues that make a change batch fail entirely (docs/zelinqa-api.md §12.3, §12.4 "Blocks: edit"). */
export const EDIT_BLOCKING_ISSUE_CODES: readonly ConfigurationIssueCode[] = [
  "draft_revision_mismatch",
  "duplicate_id",
  "unknown_entity",
  "unknown_reference",
  "reference_in_use",
  "question_without_dimension",
  "incomplete_entity",
  "success_information_without_schema",
  "invalid_schema",
  "reserved_id",
  "configuration_too_large",
];

export const ConfigurationEntitySchema = z.enum(["objective", "dimension", "success_information", "question"]);
export type ConfigurationEntity = z.infer<typeof ConfigurationEntitySchema>;

export const ConfigurationIssueSchema = z.object({
  code: z.string(),
  message: z.string(),
  entity: ConfigurationEntitySchema.optional(),
  entity_id: z.string().optional(),
  change_index: z.number().int().min(0).optional(),
});
export type ConfigurationIssue = z.infer<typeof ConfigurationIssueSchema>;
