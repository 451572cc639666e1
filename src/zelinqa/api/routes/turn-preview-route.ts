// [ext] `POST /v1/sessions/{session_id}/understand` (docs/zelinqa-api-extensions.md): the answer preview. It
// reads the stored session and runs the engine's turn step on a copy: no effect, no idempotency record, no
// state_version change, so the route needs no Idempotency-Key and is safe to retry.
import { SessionIdParamsSchema, TurnPreviewRequestSchema, TurnPreviewResponseSchema } from "../../contracts/index.js";
import type { AppContext } from "../app-context.js";
import { engineDeps } from "../app-context.js";
import { engineApiError } from "../engine-errors.js";
import { defineRoute } from "../route-definition.js";
import type { RouteDefinition } from "../route-definition.js";
import { loadSession, pinnedArtifact } from "./session-routes.js";

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
        const session = await loadSession(ctx, principal.domainId, params.session_id ?? "");
        const artifact = await pinnedArtifact(ctx, session);
        const parsed = ctx.engine.parseSessionState(session.state);
        // The stored column is authoritative for state_version (§7), as on every session route.
        const state = parsed.state_version === session.stateVersion ? parsed : { ...parsed, state_version: session.stateVersion };
        const result = await ctx.engine.previewTurn(artifact, state, body, engineDeps(ctx));
        if (!result.ok) throw engineApiError(result.error);
        return { status: 200, body: { request_id: requestId, ...result.value } };
      },
    }),
  ];
}
