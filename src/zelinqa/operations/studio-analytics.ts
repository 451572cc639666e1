// [ext] The studio's charts (issue 15): one store query per chart, then the rates and the labels of the
// configuration version's questions and dimensions. The date range defaults to the last 365 days and is at most
// ANALYTICS_MAX_RANGE_DAYS long; draft sessions count only when their `draft:N` version is asked for.
import { ANALYTICS_CHARTS, ANALYTICS_MAX_RANGE_DAYS } from "../contracts/index.js";
import type { AnalyticsQueryParams } from "../contracts/index.js";
import type { CompiledArtifact } from "../engine/index.js";
import type { AnalyticsChart, AnalyticsRow } from "../store/index.js";
import type { OperationDeps } from "./operation-deps.js";
import { OperationError } from "./operation-error.js";

const DAY_MS = 86_400_000;

/** The columns of each chart's table, in order (also the CSV header). */
export const CHART_COLUMNS: Readonly<Record<AnalyticsChart, readonly string[]>> = {
  "objective-rate": ["configuration_version", "sessions", "reached", "rate"],
  "turns-to-objective": ["turns", "sessions"],
  "question-dropoff": ["question_id", "label", "asked", "answered", "refused", "dropped_after", "dropoff_rate", "refusal_rate"],
  "dimension-coverage": ["dimension_id", "label", "sessions", "mean_coverage", "complete_rate"],
  "stop-reasons": ["stop_reason", "sessions"],
};

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
const ratio = (part: unknown, whole: unknown) => (Number(whole) > 0 ? round4(Number(part) / Number(whole)) : 0);

function invalid(path: string, message: string): OperationError {
  return new OperationError("invalid_request", { issues: [{ path, message }] });
}

export function parseChart(raw: string): AnalyticsChart {
  if (!(ANALYTICS_CHARTS as readonly string[]).includes(raw)) throw invalid("path.chart", `must be one of ${ANALYTICS_CHARTS.join(", ")}`);
  return raw as AnalyticsChart;
}

export function analyticsRange(query: Pick<AnalyticsQueryParams, "from" | "to">, now: Date): { from: string; to: string } {
  const toMs = query.to === undefined ? now.getTime() + 1 : Date.parse(query.to);
  const fromMs = query.from === undefined ? toMs - 365 * DAY_MS : Date.parse(query.from);
  if (fromMs >= toMs) throw invalid("query.to", "must be after from");
  if (toMs - fromMs > ANALYTICS_MAX_RANGE_DAYS * DAY_MS)
    throw invalid("query.from", `the range is at most ${ANALYTICS_MAX_RANGE_DAYS} days`);
  return { from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString() };
}

function shape(chart: AnalyticsChart, rows: AnalyticsRow[], artifact: CompiledArtifact | null): AnalyticsRow[] {
  const question = (id: unknown) => artifact?.questionById.get(String(id))?.text ?? String(id);
  const dimension = (id: unknown) => artifact?.dimensionById.get(String(id))?.name ?? String(id);
  switch (chart) {
    case "objective-rate":
      return rows.map((r) => ({ ...r, rate: ratio(r.reached, r.sessions) }));
    case "question-dropoff":
      return rows.map((r) => ({
        question_id: r.question_id ?? null,
        label: question(r.question_id),
        asked: r.asked ?? 0,
        answered: r.answered ?? 0,
        refused: r.refused ?? 0,
        dropped_after: r.dropped_after ?? 0,
        dropoff_rate: ratio(r.dropped_after, r.asked),
        refusal_rate: ratio(r.refused, r.asked),
      }));
    case "dimension-coverage":
      return rows.map((r) => ({
        dimension_id: r.dimension_id ?? null,
        label: dimension(r.dimension_id),
        sessions: r.sessions ?? 0,
        mean_coverage: round4(Number(r.mean_coverage)),
        complete_rate: round4(Number(r.complete_rate)),
      }));
    default:
      return rows;
  }
}

export async function analyticsChart(
  deps: OperationDeps,
  input: { domainId: string; chart: AnalyticsChart; query: AnalyticsQueryParams; now: Date },
): Promise<{ configuration_version: string | null; from: string; to: string; rows: AnalyticsRow[] }> {
  const range = analyticsRange(input.query, input.now);
  const version = input.query.configuration_version;
  const rows = await deps.store.analytics(input.chart, { domainId: input.domainId, configurationVersion: version, ...range });
  // Labels come from the version asked for, else from the published one.
  const labelsVersion = version ?? (await deps.store.getDomain(input.domainId))?.publishedVersionId ?? null;
  const loaded = labelsVersion === null ? null : await deps.artifacts.get(input.domainId, labelsVersion);
  return { configuration_version: version ?? null, ...range, rows: shape(input.chart, rows, loaded?.artifact ?? null) };
}
