// [ext] `POST /v1/sessions/{session_id}/understand` (docs/zelinqa-api-extensions.md): the answer preview. It
// runs the engine's turn step on a copy of the stored session: no effect, no idempotency record, no
// state_version change, so the route needs no Idempotency-Key and is safe to retry.
import { SessionIdParamsSchema, TurnPreviewRequestSchema, TurnPreviewResponseSchema } from "../../contracts/index.js";
import { previewTurn } from "../../operations/index.js";
import type { AppContext } from "../app-context.js";
import { defineRoute } from "../route-definition.js";
import type { RouteDefinition } from "../route-definition.js";

export function turnPreviewRoutes(ctx: AppContext): RouteDefinition[] {
  return [
    defineRoute({
      method: "POST",
      path: "/v1/sessions/:session_id/understand",
      operationId: "previewSessionTurn",
      summary: "[ext] Preview what a turn with this answer would record, without recording anything",
      scope: "runtime",
      idempotency: "none",
      runtime: true,
      body: TurnPreviewRequestSchema,
      params: SessionIdParamsSchema,
      responses: { 200: TurnPreviewResponseSchema },
      async handle({ principal, params, body, requestId }) {
        const preview = await previewTurn(ctx, { domainId: principal.domainId, sessionId: params.session_id, request: body });
        return { status: 200, body: { request_id: requestId, ...preview } };
      },
    }),
  ];
}
