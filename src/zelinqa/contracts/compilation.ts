// Compilation jobs (docs/zelinqa-api.md §12.5) and the audit log (§12.6).
import { z } from "zod";
import { TimestampSchema, queryInteger } from "./common.js";
import { ConfigurationIssueSchema } from "./configuration-issue.js";

export const CompilationJobStatusSchema = z.enum(["queued", "running", "succeeded", "failed"]);
export type CompilationJobStatus = z.infer<typeof CompilationJobStatusSchema>;

export const CompilationErrorSchema = z.object({
  code: z.enum(["validation_failed", "llm_unavailable", "timeout", "internal_error"]),
  message: z.string(),
  details: z.array(ConfigurationIssueSchema).optional(),
});
export type CompilationError = z.infer<typeof CompilationErrorSchema>;

export const CompilationStatusSchema = z.object({
  request_id: z.string(),
  compilation_id: z.string(),
  status: CompilationJobStatusSchema,
  draft_revision: z.number().int().min(0),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  progress: z.number().min(0).max(1),
  error: CompilationErrorSchema.nullable(),
  configuration_version: z.string().nullable(),
});
export type CompilationStatus = z.infer<typeof CompilationStatusSchema>;

export const AuditResourceTypeSchema = z.enum([
  "objective",
  "dimension",
  "success_information",
  "question",
  "configuration",
  "api_key",
  "domain",
]);
export type AuditResourceType = z.infer<typeof AuditResourceTypeSchema>;

export const AuditQuerySchema = z.object({
  limit: queryInteger(1, 200, 50),
  cursor: z.string().min(1).optional(),
  action: z.string().min(1).max(160).optional(),
  resource_type: AuditResourceTypeSchema.optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditDiffSchema = z.object({
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditDiff = z.infer<typeof AuditDiffSchema>;

export const AuditEventSchema = z.object({
  id: z.uuid(),
  occurred_at: TimestampSchema,
  action: z.string(),
  origin: z.enum(["public_api", "studio_jwt"]),
  actor: z.object({ type: z.enum(["api_key", "cognito_user"]), id: z.string() }),
  scopes: z.array(z.string()),
  request_id: z.string(),
  resource: z.object({ type: AuditResourceTypeSchema, id: z.string() }),
  diff: AuditDiffSchema,
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditListResponseSchema = z.object({
  request_id: z.string(),
  events: z.array(AuditEventSchema),
  next_cursor: z.string().nullable(),
});
export type AuditListResponse = z.infer<typeof AuditListResponseSchema>;
