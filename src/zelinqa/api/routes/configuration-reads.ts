// Configuration reads of docs/zelinqa-api.md §12.2: the published or draft configuration, and the question list (JSON or CSV).
import {
  ConfigurationQuerySchema,
  ConfigurationResponseSchema,
  QuestionListQuerySchema,
  QuestionListResponseSchema,
} from "../../contracts/index.js";
import type { ConfigurationState } from "../../contracts/index.js";
import { jsonWithMembers, readConfiguration, readConfigurationText } from "../../operations/index.js";
import type { Principal } from "../api-keys.js";
import type { AppContext } from "../app-context.js";
import { filterQuestions, pageQuestions, questionsCsv } from "../question-list.js";
import { defineRoute } from "../route-definition.js";
import type { RouteDefinition } from "../route-definition.js";
import { JSON_TYPE } from "../responses.js";

/** docs/zelinqa-api.md §4.3: draft reads also need configuration:write, checked after validation. */
function draftScope(principal: Principal, query: unknown): ["configuration:read", "configuration:write"] | null {
  const state = (query as { state?: ConfigurationState }).state;
  return state === "draft" && !principal.scopes.includes("configuration:write") ? ["configuration:read", "configuration:write"] : null;
}

export function configurationReadRoutes(ctx: AppContext): RouteDefinition[] {
  return [
    defineRoute({
      method: "GET",
      path: "/v1/configuration",
      operationId: "getConfiguration",
      summary: "Read the published configuration or the draft",
      scope: "configuration:read",
      idempotency: "none",
      runtime: false,
      query: ConfigurationQuerySchema,
      responses: { 200: ConfigurationResponseSchema },
      dynamicScope: draftScope,
      async handle({ principal, query, requestId }) {
        // Serialised by parts: a large draft's entities come back from a compile thread as text.
        const loaded = await readConfigurationText(ctx, principal.domainId, query.state);
        const domain = await ctx.store.getDomain(principal.domainId);
        const head = {
          request_id: requestId,
          state: query.state,
          configuration_version: loaded.configurationVersion,
          draft_revision: loaded.draftRevision,
          published_at: loaded.publishedAt,
          domain: { name: domain?.name ?? "" },
        };
        return { status: 200, body: jsonWithMembers(head, loaded.entitiesJson), contentType: JSON_TYPE };
      },
    }),
    defineRoute({
      method: "GET",
      path: "/v1/configuration/questions",
      operationId: "listConfigurationQuestions",
      summary: "List configured questions with filters, cursor pagination or CSV export",
      scope: "configuration:read",
      idempotency: "none",
      runtime: false,
      query: QuestionListQuerySchema,
      prepareQuery: (raw) => {
        if (raw.format !== "csv") return raw;
        const { cursor: _cursor, limit: _limit, ...rest } = raw;
        return rest;
      },
      responses: { 200: QuestionListResponseSchema },
      dynamicScope: draftScope,
      async handle({ principal, query, requestId }) {
        const loaded = await readConfiguration(ctx, principal.domainId, query.state);
        const matches = filterQuestions(loaded.entities.questions, query);
        if (query.format === "csv") {
          return { status: 200, body: questionsCsv(matches), contentType: "text/csv; charset=utf-8" };
        }
        const { page, next } = pageQuestions(matches, query);
        return {
          status: 200,
          body: { request_id: requestId, state: query.state, questions: page, next_cursor: next, total: matches.length },
        };
      },
    }),
  ];
}
