// Runtime request bodies of docs/zelinqa-api.md §8 and §8.6, all closed (§3: additionalProperties false) with the spec's limits.
import { z } from "zod";
import { IdSchema, OutcomeSchema, QuestionTypeSchema, TimestampSchema, uniqueArray } from "./common.js";

export const StructuredAnswerSchema = z.strictObject({
  choice_ids: uniqueArray(IdSchema).min(1).max(50),
  free_text: z.string().min(1).max(4000).optional(),
});
export type StructuredAnswer = z.infer<typeof StructuredAnswerSchema>;

const messageShape = {
  role: z.enum(["user", "assistant"]),
  message_id: IdSchema.optional(),
  question_id: IdSchema.optional(),
  text: z.string().min(1).max(8000).optional(),
  structured_answer: StructuredAnswerSchema.optional(),
  occurred_at: TimestampSchema.optional(),
};
const hasTextOrAnswer = (m: { text?: string | undefined; structured_answer?: unknown }) =>
  m.text !== undefined || m.structured_answer !== undefined;
const textOrAnswer = { message: "at least one of text or structured_answer is required" };

/** docs/zelinqa-api.md §8.1. */
export const InitialHistoryItemSchema = z.strictObject(messageShape).refine(hasTextOrAnswer, textOrAnswer);
export type InitialHistoryItem = z.infer<typeof InitialHistoryItemSchema>;

/** docs/zelinqa-api.md §8.6: same fields and rule as InitialHistoryItem; the question_id rule is a business check (422). */
export const ConversationMessageSchema = z.strictObject(messageShape).refine(hasTextOrAnswer, textOrAnswer);
export type ConversationMessage = z.infer<typeof ConversationMessageSchema>;

export const ContextUpdateSchema = z.discriminatedUnion("mode", [
  z.strictObject({ mode: z.literal("summary"), text: z.string().min(1).max(16000) }),
  z.strictObject({ mode: z.literal("messages"), messages: z.array(ConversationMessageSchema).min(1).max(100) }),
]);
export type ContextUpdate = z.infer<typeof ContextUpdateSchema>;

const ScalarValueSchema = z.union([z.string(), z.number(), z.boolean()]);
/** docs/zelinqa-api.md §8.6: a string, number, boolean or array of those, never an object (nor null). */
export const DataValueSchema = z.union([ScalarValueSchema, z.array(ScalarValueSchema)]);
export type DataValue = z.infer<typeof DataValueSchema>;

export const DataUpdateSchema = z.union([
  z.strictObject({ id: IdSchema, operation: z.literal("set").optional(), value: DataValueSchema }),
  z.strictObject({ id: IdSchema, operation: z.literal("unset") }),
  z.strictObject({ id: IdSchema, operation: z.literal("not_applicable") }),
]);
export type DataUpdate = z.infer<typeof DataUpdateSchema>;

export const DimensionUpdateSchema = z.discriminatedUnion("operation", [
  z.strictObject({ id: IdSchema, operation: z.literal("set"), status: z.enum(["achieved", "not_achieved"]) }),
  z.strictObject({ id: IdSchema, operation: z.literal("exclude") }),
  z.strictObject({ id: IdSchema, operation: z.literal("clear") }),
]);
export type DimensionUpdate = z.infer<typeof DimensionUpdateSchema>;

export const ObjectiveUpdateSchema = z.discriminatedUnion("operation", [
  z.strictObject({ operation: z.literal("set"), status: z.enum(["achieved", "not_achieved"]) }),
  z.strictObject({ operation: z.literal("clear") }),
]);
export type ObjectiveUpdate = z.infer<typeof ObjectiveUpdateSchema>;

const atLeastOneProperty = (o: object) => Object.keys(o).length >= 1;

export const ClientUpdatesSchema = z
  .strictObject({
    data: z.array(DataUpdateSchema).max(100).optional(),
    dimensions: z.array(DimensionUpdateSchema).max(100).optional(),
    objective: ObjectiveUpdateSchema.optional(),
  })
  .refine(atLeastOneProperty, { message: "at least one property is required" });
export type ClientUpdates = z.infer<typeof ClientUpdatesSchema>;

export const SelectionOptionsSchema = z.strictObject({
  candidate_count: z.number().int().min(1).max(10).optional(),
  dimensions: z.strictObject({ ids: uniqueArray(IdSchema).min(1).max(100), mode: z.enum(["restrict", "prefer"]) }).optional(),
  allowed_question_types: uniqueArray(QuestionTypeSchema).min(1).optional(),
  required_target_ids: uniqueArray(z.string().min(1)).min(1).max(100).optional(),
  excluded_question_ids: uniqueArray(z.string().min(1)).max(500).optional(),
});
export type SelectionOptions = z.infer<typeof SelectionOptionsSchema>;

export const PreviousTurnSchema = z
  .strictObject({
    decision_id: IdSchema.optional(),
    question_id: IdSchema.optional(),
    outcome: OutcomeSchema.optional(),
    assistant_text: z.string().min(1).max(8000).optional(),
    user_text: z.string().min(1).max(8000).optional(),
    structured_answer: StructuredAnswerSchema.optional(),
    message_id: IdSchema.optional(),
    /** [ext] When the reply was written: the reference day of relative dates ("dans deux semaines"). */
    occurred_at: TimestampSchema.optional(),
  })
  .refine(atLeastOneProperty, { message: "at least one property is required" });
export type PreviousTurn = z.infer<typeof PreviousTurnSchema>;

/** docs/zelinqa-api.md §8.1: every field optional; `{}` is valid. */
export const SessionCreateRequestSchema = z.strictObject({
  client_reference: z.string().min(1).max(128).optional(),
  max_turns: z.number().int().min(1).max(100).optional(),
  initial_history: z.array(InitialHistoryItemSchema).max(100).optional(),
  /** [ext] `draft`: a try-it session on the current draft, compiled on the spot (also needs configuration:write). */
  configuration: z.enum(["published", "draft"]).optional(),
});
export type SessionCreateRequest = z.infer<typeof SessionCreateRequestSchema>;

const StateVersionSchema = z.number().int().min(0);

/** docs/zelinqa-api.md §8.2. */
export const NextRequestSchema = z.strictObject({
  state_version: StateVersionSchema,
  previous_turn: PreviousTurnSchema.optional(),
  context_update: ContextUpdateSchema.optional(),
  client_updates: ClientUpdatesSchema.optional(),
  selection: SelectionOptionsSchema.optional(),
});
export type NextRequest = z.infer<typeof NextRequestSchema>;

// The fast path of NextRequestSchema for the common /next bodies: a state_version alone or with a previous_turn of
// ids, outcome and texts. It answers what the schema outputs (keys in the schema's order) or undefined, and then the
// schema decides and words its issues. test/zelinqa/contracts/next-request-fast-path.property.test.ts proves the two equal.

/** The previous_turn fields the fast path reads, in the schema's order; any other field goes to the schema. */
const FAST_TURN_FIELDS = ["decision_id", "question_id", "outcome", "assistant_text", "user_text", "message_id"] as const;
type FastTurnField = (typeof FAST_TURN_FIELDS)[number];
const FAST_TURN_FIELD_SET: ReadonlySet<string> = new Set(FAST_TURN_FIELDS);
const OUTCOMES: ReadonlySet<unknown> = new Set(OutcomeSchema.options);

/** A plain object as JSON.parse makes it. */
function plainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

const isText = (value: unknown, max: number) => typeof value === "string" && value.length >= 1 && value.length <= max;

/** IdSchema (1–128), the outcome enum, or a text of 1–8000 characters. */
function fastTurnValueOk(field: FastTurnField, value: unknown): boolean {
  if (field === "outcome") return OUTCOMES.has(value);
  return isText(value, field === "assistant_text" || field === "user_text" ? 8000 : 128);
}

function plainPreviousTurn(value: unknown): PreviousTurn | undefined {
  if (!plainObject(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length === 0 || !keys.every((key) => FAST_TURN_FIELD_SET.has(key))) return undefined;
  const out: Record<string, unknown> = {};
  for (const field of FAST_TURN_FIELDS) {
    if (!(field in value)) continue;
    const v = value[field];
    if (!fastTurnValueOk(field, v)) return undefined;
    out[field] = v;
  }
  return out;
}

/** NextRequestSchema's output for `value`, or undefined when the schema must decide. */
export function plainNextRequest(value: unknown): NextRequest | undefined {
  if (!plainObject(value)) return undefined;
  const keys = Object.keys(value);
  const version = value.state_version;
  if (!Number.isSafeInteger(version) || (version as number) < 0) return undefined;
  if (keys.length === 1) return keys[0] === "state_version" ? { state_version: version as number } : undefined;
  if (keys.length !== 2 || !("previous_turn" in value)) return undefined;
  const turn = plainPreviousTurn(value.previous_turn);
  return turn === undefined ? undefined : { state_version: version as number, previous_turn: turn };
}

/** docs/zelinqa-api.md §8.3: at least one of context_update or client_updates. */
export const SessionEventsRequestSchema = z
  .strictObject({
    state_version: StateVersionSchema,
    context_update: ContextUpdateSchema.optional(),
    client_updates: ClientUpdatesSchema.optional(),
  })
  .refine((r) => r.context_update !== undefined || r.client_updates !== undefined, {
    message: "at least one of context_update or client_updates is required",
  });
export type SessionEventsRequest = z.infer<typeof SessionEventsRequestSchema>;

/** [ext] docs/zelinqa-api.md §8.5: conversational content is refused in feedback metadata. */
export const FORBIDDEN_METADATA_KEYS = [
  "text",
  "user_text",
  "assistant_text",
  "transcript",
  "messages",
  "conversation",
  "prompt",
  "history",
  "verbatim",
] as const;

export const FeedbackMetadataSchema = z
  .record(z.string(), z.union([z.string().max(256), z.number(), z.boolean(), z.null()]))
  .superRefine((metadata, ctx) => {
    const keys = Object.keys(metadata);
    if (keys.length > 50) ctx.addIssue({ code: "custom", message: "metadata has more than 50 properties" });
    if (new TextEncoder().encode(JSON.stringify(metadata)).length > 4096) {
      ctx.addIssue({ code: "custom", message: "metadata exceeds 4096 bytes once serialised" });
    }
    for (const key of keys) {
      if ((FORBIDDEN_METADATA_KEYS as readonly string[]).includes(key.toLowerCase())) {
        ctx.addIssue({ code: "custom", path: [key], message: "conversational content is not accepted in metadata" });
      }
    }
  });
export type FeedbackMetadata = z.infer<typeof FeedbackMetadataSchema>;

export const FeedbackRequestSchema = z.strictObject({
  result: z.enum(["success", "partial", "failure"]),
  label: z.string().min(1).max(128).optional(),
  metadata: FeedbackMetadataSchema.optional(),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequestSchema>;
