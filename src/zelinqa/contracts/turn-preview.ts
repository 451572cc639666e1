// [ext] The answer preview `POST /v1/sessions/{session_id}/understand` (docs/zelinqa-api-extensions.md): what a
// turn with this text would record, computed by the same engine path as /next, without storing anything.
import { z } from "zod";
import { IdSchema, OutcomeSchema } from "./common.js";
import { DegradedReasonSchema, PublicTargetStateSchema, VersionInfoSchema } from "./runtime-responses.js";

/** Closed like every v1 body; `user_text` has the limits of `previous_turn.user_text` and must not be blank. */
export const TurnPreviewRequestSchema = z.strictObject({
  question_id: IdSchema.optional(),
  user_text: z.string().min(1).max(8000).regex(/\S/, { message: "must not be blank" }),
});
export type TurnPreviewRequest = z.infer<typeof TurnPreviewRequestSchema>;

export const TurnPreviewResponseSchema = z.object({
  request_id: z.string(),
  session_id: z.string(),
  /** The question the turn would resolve to (docs/zelinqa-api.md §10.1); null when it would be unresolved. */
  question_id: z.string().nullable(),
  /** The pending decision the turn would resolve, as in the outcome record (docs/zelinqa-api.md §9.2). */
  decision_id: z.string().nullable(),
  /** The inferred outcome (docs/zelinqa-api.md §10.3); null when the turn would be unresolved. */
  outcome: OutcomeSchema.nullable(),
  /** Every target the turn would touch (evidence read, or a public state that changes), as the session would show it after the turn, sorted by id. */
  targets: z.record(z.string(), PublicTargetStateSchema),
  degraded: z.boolean(),
  degraded_reasons: z.array(DegradedReasonSchema),
  /** The stored versions: a preview never changes state_version. */
  versions: VersionInfoSchema,
});
export type TurnPreviewResponse = z.infer<typeof TurnPreviewResponseSchema>;
export const TurnPreviewBodySchema = TurnPreviewResponseSchema.omit({ request_id: true });
export type TurnPreviewBody = z.infer<typeof TurnPreviewBodySchema>;
