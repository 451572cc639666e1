// Runtime response shapes of docs/zelinqa-api.md §8 and §8.6. Field order follows the spec tables; the `…BodySchema` variants
// are what the engine builds (without request_id, which the API adds).
import { z } from "zod";
import { OutcomeSchema, QuestionTypeSchema, SelectionModeSchema, TimestampSchema } from "./common.js";

export const API_VERSION = "1.0";

export const CandidateSchema = z.object({
  rank: z.number().int().min(1).max(10),
  question_id: z.string(),
  text: z.string(),
  type: QuestionTypeSchema,
  choices: z.array(z.object({ choice_id: z.string(), label: z.string() })),
  target_ids: z.array(z.string()).min(1),
  selection_mode: SelectionModeSchema.optional(),
});
export type Candidate = z.infer<typeof CandidateSchema>;

export const ProgressStatusSchema = z.enum(["not_started", "in_progress", "covered", "blocked"]);
export type ProgressStatus = z.infer<typeof ProgressStatusSchema>;

export const ObjectiveProgressSchema = z.object({
  computed_status: ProgressStatusSchema,
  progress: z.number().min(0).max(1),
  client_override: z.object({ status: z.enum(["achieved", "not_achieved"]), updated_at: TimestampSchema }).nullable(),
  effective_status: ProgressStatusSchema,
});
export type ObjectiveProgress = z.infer<typeof ObjectiveProgressSchema>;

export const DimensionProgressSchema = z.object({
  id: z.string(),
  order_position: z.number().int().min(0),
  completion_role: z.enum(["blocking", "contributing", "optional"]),
  computed_status: ProgressStatusSchema,
  progress: z.number().min(0).max(1),
  client_override: z.object({ status: z.enum(["achieved", "not_achieved", "excluded"]), updated_at: TimestampSchema }).nullable(),
  effective_status: z.enum(["not_started", "in_progress", "covered", "blocked", "excluded"]),
});
export type DimensionProgress = z.infer<typeof DimensionProgressSchema>;

export const ProgressViewSchema = z.object({
  objective: ObjectiveProgressSchema,
  dimensions: z.array(DimensionProgressSchema),
});
export type ProgressView = z.infer<typeof ProgressViewSchema>;

export const TargetStatusSchema = z.enum(["tentative", "confirmed", "conflicted", "not_applicable"]);
export type TargetStatus = z.infer<typeof TargetStatusSchema>;

export const PublicTargetStateSchema = z.object({
  kind: z.enum(["data", "exploration"]),
  status: TargetStatusSchema.optional(),
  value: z.unknown().optional(),
  coverage: z.number().min(0).max(1),
});
export type PublicTargetState = z.infer<typeof PublicTargetStateSchema>;

export const QuestionOutcomeRecordSchema = z.object({
  question_id: z.string(),
  decision_id: z.string().nullable(),
  outcome: OutcomeSchema,
  source: z.enum(["client", "inferred"]),
  message_id: z.string().optional(),
  occurred_at: TimestampSchema.optional(),
});
export type QuestionOutcomeRecord = z.infer<typeof QuestionOutcomeRecordSchema>;

export const VersionInfoSchema = z.object({
  state_version: z.number().int().min(0),
  engine_version: z.string(),
  api_version: z.literal(API_VERSION),
});
export type VersionInfo = z.infer<typeof VersionInfoSchema>;

export const WARNINGS = ["objective_achieved", "eligibility_exhausted_fallback", "constraints_relaxed"] as const;
export const WarningSchema = z.enum(WARNINGS);
export type Warning = z.infer<typeof WarningSchema>;

export const DEGRADED_REASONS = [
  "missing_user_text",
  "summary_only_context",
  "semantic_service_unavailable",
  "unresolved_previous_turn",
] as const;
export const DegradedReasonSchema = z.enum(DEGRADED_REASONS);
export type DegradedReason = z.infer<typeof DegradedReasonSchema>;

export const StopReasonSchema = z.enum(["no_question_available", "max_turns_reached"]);
export type StopReason = z.infer<typeof StopReasonSchema>;

/** docs/zelinqa-api.md §8.2. */
export const NextResponseSchema = z.object({
  request_id: z.string(),
  session_id: z.string(),
  decision_id: z.string().nullable(),
  action: z.enum(["ask", "stop"]),
  stop_reason: StopReasonSchema.nullable(),
  candidates: z.array(CandidateSchema).max(10),
  progress: ProgressViewSchema,
  turn_count: z.number().int().min(0),
  turns_remaining: z.number().int().min(0),
  warnings: z.array(WarningSchema),
  degraded: z.boolean(),
  degraded_reasons: z.array(DegradedReasonSchema),
  versions: VersionInfoSchema,
});
export type NextResponse = z.infer<typeof NextResponseSchema>;
export const NextResponseBodySchema = NextResponseSchema.omit({ request_id: true });
export type NextResponseBody = z.infer<typeof NextResponseBodySchema>;

export const SessionStatusSchema = z.enum(["active", "completed", "stopped"]);
export type SessionStatus = z.infer<typeof SessionStatusSchema>;

export const PendingDecisionViewSchema = z.object({
  decision_id: z.string(),
  candidates: z.array(CandidateSchema).min(1).max(10),
});
export type PendingDecisionView = z.infer<typeof PendingDecisionViewSchema>;

/** docs/zelinqa-api.md §8.6 SessionStateResponse: no warnings, no degraded_reasons. */
export const SessionStateResponseSchema = z.object({
  request_id: z.string(),
  session_id: z.string(),
  client_reference: z.string().nullable(),
  status: SessionStatusSchema,
  turn_count: z.number().int().min(0),
  max_turns: z.number().int().min(1),
  turns_remaining: z.number().int().min(0),
  question_state: z.object({ outcomes: z.array(QuestionOutcomeRecordSchema) }),
  targets: z.record(z.string(), PublicTargetStateSchema),
  progress: ProgressViewSchema,
  pending_decision: PendingDecisionViewSchema.nullable(),
  degraded: z.boolean(),
  versions: VersionInfoSchema,
});
export type SessionStateResponse = z.infer<typeof SessionStateResponseSchema>;
export const SessionStateBodySchema = SessionStateResponseSchema.omit({ request_id: true });
export type SessionStateBody = z.infer<typeof SessionStateBodySchema>;

/** docs/zelinqa-api.md §8.5. */
export const FeedbackResponseSchema = z.object({
  request_id: z.string(),
  session_id: z.string(),
  feedback_id: z.string(),
  recorded_at: TimestampSchema,
});
export type FeedbackResponse = z.infer<typeof FeedbackResponseSchema>;

/** Any length is accepted: an id that does not exist answers the resource's 404, never a 400 (docs/zelinqa-api.md §3). */
export const SessionIdParamsSchema = z.object({ session_id: z.string() });
export type SessionIdParams = z.infer<typeof SessionIdParamsSchema>;
