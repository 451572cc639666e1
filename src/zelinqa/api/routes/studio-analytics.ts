// [ext] `GET /v1/analytics/{chart}` (issue 15): the studio's charts as JSON, or as CSV with `?format=csv` or
// `Accept: text/csv`; scope configuration:read.
import { AnalyticsParamsSchema, AnalyticsQuerySchema, AnalyticsResponseSchema } from "../../contracts/index.js";
import { CHART_COLUMNS, analyticsChart, parseChart } from "../../operations/index.js";
import type { AppContext } from "../app-context.js";
import { tableCsv } from "../csv.js";
import { allScopes } from "../ext-scopes.js";
import { defineRoute } from "../route-definition.js";
import type { RouteDefinition } from "../route-definition.js";

function wantsCsv(format: string | undefined, accept: string | undefined): boolean {
  if (format !== undefined) return format === "csv";
  return accept !== undefined && /(^|,)\s*text\/csv\b/i.test(accept);
}

export function studioAnalyticsRoutes(ctx: AppContext): RouteDefinition[] {
  return [
    defineRoute({
      scope: null,
      runtime: false,
      idempotency: "none",
      extScope: allScopes("configuration:read"),
      method: "GET",
      path: "/v1/analytics/:chart",
      operationId: "getAnalyticsChart",
      summary:
        "[ext] One chart of the domain's sessions (objective-rate, turns-to-objective, question-dropoff, dimension-coverage, stop-reasons), JSON or CSV",
      params: AnalyticsParamsSchema,
      query: AnalyticsQuerySchema,
      responses: { 200: AnalyticsResponseSchema },
      async handle({ principal, params, query, requestId, now, accept }) {
        const chart = parseChart(params.chart);
        const result = await analyticsChart(ctx, { domainId: principal.domainId, chart, query, now });
        if (wantsCsv(query.format, accept)) {
          return { status: 200, body: tableCsv(CHART_COLUMNS[chart], result.rows), contentType: "text/csv; charset=utf-8" };
        }
        return { status: 200, body: { request_id: requestId, chart, ...result } };
      },
    }),
  ];
}
