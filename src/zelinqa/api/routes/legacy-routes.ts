// Legacy routes and health of docs/zelinqa-api.md §13: stateless next-question, conversion recorded as feedback, and health.
import {
  FORBIDDEN_METADATA_KEYS,
  ConversionRequestSchema,
  ConversionResponseSchema,
  LegacyNextRequestSchema,
  LegacyNextResponseSchema,
  SessionIdParamsSchema,
} from "../../contracts/index.js";
import { ENGINE_VERSION } from "../../engine/index.js";
import { legacyNextQuestion, recordFeedback } from "../../operations/index.js";
import type { AppContext } from "../app-context.js";
import { headOf } from "../../../shared/text-cut.js";
import { defineRoute } from "../route-definition.js";
import type { RouteDefinition } from "../route-definition.js";

const CONVERSION_RESULT = { purchase: "success", lead: "success", abandon: "failure", other: "partial" } as const;

/**
 * docs/zelinqa-api.md §13: non-scalar values dropped, at most 50 keys, strings truncated to 256. [ext] What
 * /feedback refuses (docs/zelinqa-api.md §8.5) is dropped here too, so a conversion stores no more than a feedback
 * may: conversational keys (FORBIDDEN_METADATA_KEYS), and the keys that would take the metadata past 4096 bytes.
 * Truncation never splits a surrogate pair (an unpaired half cannot be stored in PostgreSQL JSON).
 */
export function conversionMetadata(metadata: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (metadata === undefined) return null;
  const entries: Array<[string, unknown]> = [];
  let bytes = 2;
  for (const [key, value] of Object.entries(metadata)) {
    if (entries.length >= 50) break;
    if ((FORBIDDEN_METADATA_KEYS as readonly string[]).includes(key.toLowerCase())) continue;
    let kept: unknown;
    if (typeof value === "string") kept = headOf(value, 256);
    else if (typeof value === "number" || typeof value === "boolean" || value === null) kept = value;
    else continue;
    const size = Buffer.byteLength(`${JSON.stringify(key)}:${JSON.stringify(kept)}`) + (entries.length > 0 ? 1 : 0);
    if (bytes + size > MAX_METADATA_BYTES) continue;
    bytes += size;
    entries.push([key, kept]);
  }
  return Object.fromEntries(entries);
}

const MAX_METADATA_BYTES = 4096;

export function legacyRoutes(ctx: AppContext): RouteDefinition[] {
  return [
    defineRoute({
      method: "POST",
      path: "/v1/next-questions",
      operationId: "nextQuestionsLegacy",
      summary: "Legacy stateless next question (persists nothing)",
      scope: "runtime",
      idempotency: "none",
      runtime: true,
      body: LegacyNextRequestSchema,
      responses: { 200: LegacyNextResponseSchema },
      async handle({ principal, body, requestId }) {
        const result = await legacyNextQuestion(ctx, { domainId: principal.domainId, request: body });
        return {
          status: 200,
          body: { next_question: result.next_question, exhausted: result.exhausted, nbq_version: ENGINE_VERSION, request_id: requestId },
        };
      },
    }),
    defineRoute({
      method: "POST",
      path: "/v1/sessions/:session_id/conversion",
      operationId: "conversionLegacy",
      summary: "Legacy conversion, recorded as session feedback",
      scope: "runtime",
      idempotency: "optional",
      runtime: true,
      body: ConversionRequestSchema,
      params: SessionIdParamsSchema,
      responses: { 202: ConversionResponseSchema },
      async handle({ principal, params, body, requestId, now }) {
        const feedback = {
          result: CONVERSION_RESULT[body.outcome],
          label: body.outcome === "purchase" || body.outcome === "lead" ? body.outcome : null,
          metadata: conversionMetadata(body.metadata),
          source: "conversion" as const,
        };
        const { value, effects } = await recordFeedback(ctx, { domainId: principal.domainId, sessionId: params.session_id, now, feedback });
        return { status: 202, body: { conversion_id: value.feedbackId, request_id: requestId }, effects };
      },
    }),
  ];
}
