// Output schemas of the zelinqa-mcp tools (docs/zelinqa-mcp.md §4, §5.1, §5.4, §6.3): what each tool's
// structuredContent holds. One definition serves as the MCP outputSchema and validates every result.
// The API's answers are passed on as received (docs/zelinqa-mcp.md §3.2: responses are not validated), so fields copied from the
// API are optional, objects accept extra keys and enums accept future strings; only what the server itself
// writes (the business allow-list, the added state_version, the fixed receipts) is closed or required.
import { z } from "zod";
import { OutcomeSchema, QuestionTypeSchema, SelectionModeSchema } from "./common.js";
import {
  DegradedReasonSchema,
  ProgressStatusSchema,
  SessionStatusSchema,
  StopReasonSchema,
  TargetStatusSchema,
  WarningSchema,
} from "./runtime-responses.js";

/** A known value, or a future string passed through unchanged. */
const openEnum = <T extends z.ZodEnum>(known: T) => z.union([known, z.string()]);

const ActionSchema = openEnum(z.enum(["ask", "stop"]));
const ClientOverrideOutputSchema = z
  .looseObject({ status: z.string().optional(), updated_at: z.string().nullable().optional() })
  .nullable();

// ---- Business mode (docs/zelinqa-mcp.md §5.1, §5.4): built by allow-list, so closed objects.

export const BusinessQuestionOutputSchema = z.object({
  rank: z.number().int().optional(),
  text: z.string().optional(),
  type: openEnum(QuestionTypeSchema).optional(),
  selection_mode: openEnum(SelectionModeSchema).nullable(),
  choices: z.array(z.string()).describe("The displayed choice labels, without ids."),
});
export type BusinessQuestionOutput = z.infer<typeof BusinessQuestionOutputSchema>;

export const BusinessProgressOutputSchema = z
  .object({
    computed_status: openEnum(ProgressStatusSchema).nullable(),
    progress: z.number().nullable(),
    client_override: ClientOverrideOutputSchema,
    effective_status: openEnum(ProgressStatusSchema).nullable(),
  })
  .describe("The objective's progress only.");

/** The business view: from a /next response (action … degraded_reasons) or from a session state (status). */
export const BusinessViewOutputSchema = z.object({
  questions: z.array(BusinessQuestionOutputSchema).describe("The questions worth asking now, best first; [] when none is pending."),
  progress: BusinessProgressOutputSchema,
  // Copied from the API's response as received (not validated: a field may be missing or null).
  turn_count: z.number().int().nullable().optional(),
  turns_remaining: z.number().int().nullable().optional(),
  degraded: z.boolean().nullable().optional(),
  action: ActionSchema.nullable().optional(),
  stop_reason: openEnum(StopReasonSchema).nullable().optional(),
  warnings: z.array(openEnum(WarningSchema)).nullable().optional(),
  degraded_reasons: z.array(openEnum(DegradedReasonSchema)).nullable().optional(),
  status: openEnum(SessionStatusSchema).nullable().optional(),
});
export type BusinessViewOutput = z.infer<typeof BusinessViewOutputSchema>;

export const BusinessFeedbackOutputSchema = z.object({
  recorded: z.literal(true),
  recorded_at: z.string().optional(),
});

export const BusinessForgetOutputSchema = z.object({
  forgotten_locally: z.literal(true),
  server_data_deleted: z.literal(false),
});

// ---- Advanced mode (docs/zelinqa-mcp.md §6.3): the API object as received, omitted contract fields as null, plus state_version.

const CandidateOutputSchema = z.looseObject({
  rank: z.number().int().optional(),
  question_id: z.string().optional(),
  text: z.string().optional(),
  type: openEnum(QuestionTypeSchema).optional(),
  choices: z.array(z.looseObject({ choice_id: z.string().optional(), label: z.string().optional() })).optional(),
  target_ids: z.array(z.string()).optional(),
  selection_mode: openEnum(SelectionModeSchema).nullable(),
});

const ProgressOutputSchema = z.looseObject({
  objective: z
    .looseObject({
      computed_status: openEnum(ProgressStatusSchema).optional(),
      progress: z.number().optional(),
      client_override: ClientOverrideOutputSchema.optional(),
      effective_status: openEnum(ProgressStatusSchema).optional(),
    })
    .optional(),
  dimensions: z
    .array(
      z.looseObject({
        id: z.string().optional(),
        order_position: z.number().int().optional(),
        completion_role: z.string().optional(),
        computed_status: openEnum(ProgressStatusSchema).optional(),
        progress: z.number().optional(),
        client_override: ClientOverrideOutputSchema.optional(),
        effective_status: z.string().optional(),
      }),
    )
    .optional(),
});

const VersionsOutputSchema = z.looseObject({
  state_version: z.number().int().optional(),
  engine_version: z.string().optional(),
  api_version: z.string().optional(),
});

const StateVersionOutputSchema = z.number().int().nullable().describe("Mirrors versions.state_version; null when the API sent none.");

export const AdvancedNextOutputSchema = z.looseObject({
  request_id: z.string().optional(),
  session_id: z.string().optional(),
  decision_id: z.string().nullable().optional(),
  action: ActionSchema.optional(),
  stop_reason: openEnum(StopReasonSchema).nullable().optional(),
  candidates: z.array(CandidateOutputSchema).optional(),
  progress: ProgressOutputSchema.optional(),
  turn_count: z.number().int().optional(),
  turns_remaining: z.number().int().optional(),
  warnings: z.array(openEnum(WarningSchema)).optional(),
  degraded: z.boolean().optional(),
  degraded_reasons: z.array(openEnum(DegradedReasonSchema)).optional(),
  versions: VersionsOutputSchema.optional(),
  state_version: StateVersionOutputSchema,
});
export type AdvancedNextOutput = z.infer<typeof AdvancedNextOutputSchema>;

export const AdvancedSessionStateOutputSchema = z.looseObject({
  request_id: z.string().optional(),
  session_id: z.string().optional(),
  client_reference: z.string().nullable().optional(),
  status: openEnum(SessionStatusSchema).optional(),
  turn_count: z.number().int().optional(),
  max_turns: z.number().int().optional(),
  turns_remaining: z.number().int().optional(),
  question_state: z
    .looseObject({
      outcomes: z
        .array(
          z.looseObject({
            question_id: z.string().optional(),
            decision_id: z.string().nullable().optional(),
            outcome: openEnum(OutcomeSchema).optional(),
            source: z.string().optional(),
            message_id: z.string().nullable(),
            occurred_at: z.string().nullable(),
          }),
        )
        .optional(),
    })
    .optional(),
  targets: z
    .record(
      z.string(),
      z.looseObject({
        kind: z.string().optional(),
        status: openEnum(TargetStatusSchema).nullable(),
        value: z.unknown(),
        coverage: z.number().optional(),
      }),
    )
    .optional(),
  progress: ProgressOutputSchema.optional(),
  pending_decision: z
    .looseObject({ decision_id: z.string().optional(), candidates: z.array(CandidateOutputSchema).optional() })
    .nullable()
    .optional(),
  degraded: z.boolean().optional(),
  versions: VersionsOutputSchema.optional(),
  state_version: StateVersionOutputSchema,
});
export type AdvancedSessionStateOutput = z.infer<typeof AdvancedSessionStateOutputSchema>;

export const AdvancedFeedbackOutputSchema = z.looseObject({
  request_id: z.string().optional(),
  session_id: z.string().optional(),
  feedback_id: z.string().optional(),
  recorded_at: z.string().optional(),
});
export type AdvancedFeedbackOutput = z.infer<typeof AdvancedFeedbackOutputSchema>;
