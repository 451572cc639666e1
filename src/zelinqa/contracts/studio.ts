// [ext] Wire shapes of the studio's API extensions (issue 15, docs/zelinqa-api-extensions.md): identity, domains
// and short-lived keys under the `admin` scope, the one-time sign-in, the conversation list and transcript, and
// the analytics charts. Request schemas are closed, like every v1 body.
import { z } from "zod";
import { IdSchema, OutcomeSchema, TimestampSchema, queryInteger } from "./common.js";
import { SessionStatusSchema, StopReasonSchema, TargetStatusSchema } from "./runtime-responses.js";

export const ScopeNameSchema = z.enum(["runtime", "configuration:read", "configuration:write", "configuration:publish", "admin"]);

export const WhoamiResponseSchema = z.object({
  request_id: z.string(),
  key_id: z.string(),
  domain_id: z.string(),
  domain: z.object({ name: z.string() }),
  organization: z.string(),
  scopes: z.array(ScopeNameSchema),
  locale: z.enum(["fr", "en"]),
  expires_at: z.string().nullable(),
});

const DomainShape = {
  domain_id: z.string(),
  name: z.string(),
  created_at: z.string(),
  published_version: z.string().nullable(),
};
export const DomainListResponseSchema = z.object({ request_id: z.string(), domains: z.array(z.object(DomainShape)) });
export const DomainResponseSchema = z.object({ request_id: z.string(), ...DomainShape });

const notBlank = (s: string) => s.trim().length > 0;
export const DomainCreateRequestSchema = z.strictObject({
  name: z.string().min(1).max(200).refine(notBlank, { message: "must not be blank" }),
});
export type DomainCreateRequest = z.infer<typeof DomainCreateRequestSchema>;

export const DomainIdParamsSchema = z.object({ domain_id: z.string() });

export const SESSION_KEY_DEFAULT_TTL_SECONDS = 43_200;
export const SessionKeyRequestSchema = z.strictObject({
  scopes: z.array(ScopeNameSchema).min(1).max(5).optional(),
  ttl_seconds: z.number().int().min(60).max(86_400).optional(),
});
export type SessionKeyRequest = z.infer<typeof SessionKeyRequestSchema>;

export const IssuedKeyResponseSchema = z.object({
  request_id: z.string(),
  key_id: z.string(),
  api_key: z.string(),
  domain_id: z.string(),
  scopes: z.array(ScopeNameSchema),
  expires_at: z.string().nullable(),
});

export const SignInRequestSchema = z.strictObject({ code: z.string().min(1).max(128) });

export const SessionListQuerySchema = z.strictObject({
  status: SessionStatusSchema.optional(),
  stop_reason: StopReasonSchema.optional(),
  objective_reached: z.enum(["true", "false"]).optional(),
  from: TimestampSchema.optional(),
  to: TimestampSchema.optional(),
  configuration_version: IdSchema.optional(),
  limit: queryInteger(1, 200, 50),
  cursor: z.string().min(1).max(512).optional(),
});
export type SessionListQuery = z.infer<typeof SessionListQuerySchema>;

/** The decoded `cursor` of the session list: the last row's creation time and id (keyset pagination). */
export const SessionCursorSchema = z.strictObject({ c: z.string().min(1).max(64), s: z.string().min(1).max(128) });

export const SessionSummarySchema = z.object({
  session_id: z.string(),
  status: SessionStatusSchema,
  stop_reason: StopReasonSchema.nullable(),
  objective_reached: z.boolean(),
  turns: z.number().int(),
  configuration_version: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const SessionListResponseSchema = z.object({
  request_id: z.string(),
  sessions: z.array(SessionSummarySchema),
  next_cursor: z.string().nullable(),
});

const ProgressPointSchema = z.object({
  overall: z.number(),
  dimensions: z.array(z.object({ dimension_id: z.string(), label: z.string(), coverage: z.number() })),
});
export const TranscriptTurnSchema = z.object({
  turn: z.number().int(),
  kind: z.enum(["create", "next", "events"]),
  question_ids: z.array(z.string()),
  question_texts: z.array(z.string()),
  /** Always null: the server never stores conversational text (docs/zelinqa-api.md §2.3 of the API). */
  answer_text: z.null(),
  outcome: OutcomeSchema.nullable(),
  extracted: z.array(z.object({ success_information_id: z.string(), value: z.unknown(), status: TargetStatusSchema })),
  progress: ProgressPointSchema.nullable(),
  occurred_at: z.string(),
});
export const TranscriptResponseSchema = z.object({
  request_id: z.string(),
  session_id: z.string(),
  status: SessionStatusSchema,
  stop_reason: StopReasonSchema.nullable(),
  configuration_version: z.string(),
  /** `complete` when every turn was recorded with its facts; `partial` for sessions older than the studio. */
  history: z.enum(["complete", "partial"]),
  turns: z.array(TranscriptTurnSchema),
  collected: z.record(z.string(), z.unknown()),
});

export const ANALYTICS_CHARTS = ["objective-rate", "turns-to-objective", "question-dropoff", "dimension-coverage", "stop-reasons"] as const;
export const AnalyticsParamsSchema = z.object({ chart: z.string() });
/** At most this many days between `from` and `to`. */
export const ANALYTICS_MAX_RANGE_DAYS = 366;
export const AnalyticsQuerySchema = z.strictObject({
  configuration_version: IdSchema.optional(),
  from: TimestampSchema.optional(),
  to: TimestampSchema.optional(),
  format: z.enum(["json", "csv"]).optional(),
});
export type AnalyticsQueryParams = z.infer<typeof AnalyticsQuerySchema>;
export const AnalyticsResponseSchema = z.object({
  request_id: z.string(),
  chart: z.enum(ANALYTICS_CHARTS),
  configuration_version: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});
