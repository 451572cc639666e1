// [ext] The studio's conversations (issue 15): `GET /v1/sessions` with filters and a keyset cursor, and
// `GET /v1/sessions/{session_id}/transcript`, for keys with `runtime` or `configuration:read`.
import {
  SessionIdParamsSchema,
  SessionListQuerySchema,
  SessionListResponseSchema,
  TranscriptResponseSchema,
} from "../../contracts/index.js";
import { listConversations, sessionTranscript } from "../../operations/index.js";
import type { AppContext } from "../app-context.js";
import { anyScope } from "../ext-scopes.js";
import { defineRoute } from "../route-definition.js";
import type { RouteDefinition } from "../route-definition.js";

const ext = { scope: null, runtime: false, idempotency: "none", extScope: anyScope("runtime", "configuration:read") } as const;

export function studioConversationRoutes(ctx: AppContext): RouteDefinition[] {
  return [
    defineRoute({
      ...ext,
      method: "GET",
      path: "/v1/sessions",
      operationId: "listSessions",
      summary: "[ext] The domain's sessions, newest first, filtered by status, stop reason, objective, date range or version",
      query: SessionListQuerySchema,
      responses: { 200: SessionListResponseSchema },
      async handle({ principal, query, requestId }) {
        const page = await listConversations(ctx, { domainId: principal.domainId, query });
        return { status: 200, body: { request_id: requestId, ...page } };
      },
    }),
    defineRoute({
      ...ext,
      method: "GET",
      path: "/v1/sessions/:session_id/transcript",
      operationId: "getSessionTranscript",
      summary: "[ext] One session turn by turn: questions, outcome, values extracted with their status, progress over time",
      params: SessionIdParamsSchema,
      responses: { 200: TranscriptResponseSchema },
      async handle({ principal, params, requestId }) {
        const transcript = await sessionTranscript(ctx, { domainId: principal.domainId, sessionId: params.session_id });
        return { status: 200, body: { request_id: requestId, ...transcript } };
      },
    }),
  ];
}
