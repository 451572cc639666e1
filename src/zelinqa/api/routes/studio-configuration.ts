// [ext] `GET /v1/configuration/issues` (issue 15): the draft's publication-blocking issues, the list
// `POST /v1/configuration/changes` returns as `warnings`, so the studio's editor shows them on opening. Reading
// the draft needs configuration:read and configuration:write (docs/zelinqa-api.md §4.3). No draft yet: the empty draft's issues.
// A large draft is checked in a compile thread (operations draftIssues), off the request thread.
import { z } from "zod";
import { ConfigurationIssueSchema } from "../../contracts/index.js";
import { draftIssues } from "../../operations/index.js";
import type { AppContext } from "../app-context.js";
import { allScopes } from "../ext-scopes.js";
import { defineRoute } from "../route-definition.js";
import type { RouteDefinition } from "../route-definition.js";

const IssuesResponseSchema = z.object({
  request_id: z.string(),
  draft_revision: z.number().int(),
  issues: z.array(ConfigurationIssueSchema),
});

export function studioConfigurationRoutes(ctx: AppContext): RouteDefinition[] {
  return [
    defineRoute({
      scope: null,
      runtime: false,
      idempotency: "none",
      extScope: allScopes("configuration:read", "configuration:write"),
      method: "GET",
      path: "/v1/configuration/issues",
      operationId: "getConfigurationIssues",
      summary: "[ext] The draft's publication-blocking issues (the warnings of the last change)",
      query: z.strictObject({}),
      responses: { 200: IssuesResponseSchema },
      async handle({ principal, requestId }) {
        const { revision, issues } = await draftIssues(ctx, principal.domainId);
        return { status: 200, body: { request_id: requestId, draft_revision: revision, issues } };
      },
    }),
  ];
}
