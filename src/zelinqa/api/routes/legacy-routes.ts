// Legacy routes and health of §13: stateless next-question, conversion recorded as feedback, and health.
import {
  ConversionRequestSchema,
  ConversionResponseSchema,
  LegacyNextRequestSchema,
  LegacyNextResponseSchema,
  SessionIdParamsSchema,
} from "../../contracts/index.js";
import { ApiError } from "../api-error.js";
import type { AppContext } from "../app-context.js";
import { timestamp } from "../app-context.js";
import { defineRoute } from "../route-definition.js";
import type { RouteDefinition } from "../route-definition.js";
import { loadSession } from "./session-routes.js";

const CONVERSION_RESULT = { purchase: "success", lead: "success", abandon: "failure", other: "partial" } as const;

/** §13: non-scalar values dropped, at most 50 keys, strings truncated to 256. */
export function conversionMetadata(metadata: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (metadata === undefined) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(metadata)) {
    if (Object.keys(out).length >= 50) break;
    if (typeof value === "string") out[key] = value.slice(0, 256);
    else if (typeof value === "number" || typeof value === "boolean" || value === null) out[key] = value;
  }
  return out;
}

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
        const domain = await ctx.store.getDomain(principal.domainId);
        const versionId = domain?.publishedVersionId ?? null;
        if (versionId === null) throw new ApiError("unknown_configuration", { state: "published" });
        const loaded = await ctx.artifacts.get(principal.domainId, versionId);
        if (loaded === null) throw new ApiError("compiled_artifact_unavailable", { session_id: null });
        const artifact = loaded.artifact;
        const result = ctx.engine.legacyNextQuestion(artifact, body, ctx.now());
        return {
          status: 200,
          body: { next_question: result.next_question, exhausted: result.exhausted, nbq_version: ctx.engine.engineVersion, request_id: requestId },
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
        const session = await loadSession(ctx, principal.domainId, params.session_id ?? "");
        const feedbackId = ctx.ids.newId("fbk");
        return {
          status: 202,
          body: { conversion_id: feedbackId, request_id: requestId },
          effects: (tx) =>
            tx.insertFeedback({
              id: feedbackId,
              sessionId: session.id,
              result: CONVERSION_RESULT[body.outcome],
              label: body.outcome === "purchase" || body.outcome === "lead" ? body.outcome : null,
              metadata: conversionMetadata(body.metadata),
              source: "conversion",
              recordedAt: timestamp(now),
            }),
        };
      },
    }),
  ];
}

