// Legacy routes and health of docs/zelinqa-api.md §13.
import { z } from "zod";

export const LegacyNextRequestSchema = z.strictObject({
  session_id: z.string().min(1).max(128),
  conversation_history: z
    .array(z.strictObject({ role: z.enum(["user", "assistant"]), content: z.string().min(1).max(2000) }))
    .max(50)
    .optional(),
  context: z.string().max(8000).nullable().optional(),
  answered_question_ids: z.array(z.string()).max(200).optional(),
});
export type LegacyNextRequest = z.infer<typeof LegacyNextRequestSchema>;

export const LegacyNextResponseSchema = z.object({
  next_question: z.object({ external_id: z.string(), text: z.string() }).nullable(),
  exhausted: z.boolean(),
  nbq_version: z.string(),
  request_id: z.string(),
});
export type LegacyNextResponse = z.infer<typeof LegacyNextResponseSchema>;

export const ConversionRequestSchema = z.strictObject({
  outcome: z.enum(["purchase", "lead", "abandon", "other"]),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type ConversionRequest = z.infer<typeof ConversionRequestSchema>;

export const ConversionResponseSchema = z.object({ conversion_id: z.string(), request_id: z.string() });
export type ConversionResponse = z.infer<typeof ConversionResponseSchema>;

export const HealthResponseSchema = z.object({ status: z.enum(["ok", "unavailable"]), nbq_version: z.string() });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
