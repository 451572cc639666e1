// Analytics per domain and configuration version ([ext] GET /v1/analytics/{chart}): five charts, each with its
// numbers as a table and a CSV download.
import { useState } from "preact/hooks";
import { call, callText, dayBoundary, download, query } from "../api.js";
import { ErrorBox, Field, Page, useLoad } from "../components.js";
import { useI18n } from "../i18n.js";
import type { MessageKey } from "../i18n.js";
import { BarChart } from "./bar-chart.js";
import type { Series } from "./bar-chart.js";

type Row = Record<string, string | number | boolean | null>;

interface ChartSpec {
  chart: string;
  title: MessageKey;
  label: string;
  series: { field: string; color: string }[];
  rate?: boolean;
}

const CHARTS: ChartSpec[] = [
  {
    chart: "objective-rate",
    title: "chart_objective_rate",
    label: "configuration_version",
    series: [{ field: "rate", color: "--accent" }],
    rate: true,
  },
  { chart: "turns-to-objective", title: "chart_turns", label: "turns", series: [{ field: "sessions", color: "--accent" }] },
  {
    chart: "question-dropoff",
    title: "chart_dropoff",
    label: "label",
    series: [
      { field: "dropoff_rate", color: "--danger" },
      { field: "refusal_rate", color: "--warn" },
    ],
    rate: true,
  },
  { chart: "dimension-coverage", title: "chart_coverage", label: "label", series: [{ field: "mean_coverage", color: "--ok" }], rate: true },
  { chart: "stop-reasons", title: "chart_stop_reasons", label: "stop_reason", series: [{ field: "sessions", color: "--accent" }] },
];

export function AnalyticsPage() {
  const { t } = useI18n();
  const [version, setVersion] = useState("");
  const [range, setRange] = useState({ from: "", to: "" });
  const versions = useLoad(() => call<{ rows: Row[] }>("/v1/analytics/objective-rate"), []);
  const known = (versions.data?.rows ?? []).map((row) => String(row.configuration_version));
  const filter = query({ configuration_version: version, from: dayBoundary(range.from, false), to: dayBoundary(range.to, true) });
  return (
    <Page title={t("analytics_title")}>
      <form class="card filters" onSubmit={(e) => e.preventDefault()}>
        <Field label={t("version")}>
          <select name="configuration_version" value={version} onChange={(e) => setVersion(e.currentTarget.value)}>
            <option value="">{t("all_versions")}</option>
            {known.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("from")}>
          <input type="date" name="from" value={range.from} onChange={(e) => setRange({ ...range, from: e.currentTarget.value })} />
        </Field>
        <Field label={t("to")}>
          <input type="date" name="to" value={range.to} onChange={(e) => setRange({ ...range, to: e.currentTarget.value })} />
        </Field>
      </form>
      <div class="charts">
        {CHARTS.map((spec) => (
          <ChartCard key={spec.chart} spec={spec} filter={filter} />
        ))}
      </div>
    </Page>
  );
}

function ChartCard({ spec, filter }: { spec: ChartSpec; filter: string }) {
  const { t } = useI18n();
  const path = `/v1/analytics/${spec.chart}${filter}`;
  const loaded = useLoad(() => call<{ rows: Row[] }>(path), [path]);
  const [error, setError] = useState<unknown>(null);
  const rows = loaded.data?.rows ?? [];
  const labels = rows.map((row) => String(row[spec.label] ?? "—"));
  const series: Series[] = spec.series.map((s) => ({
    label: s.field,
    color: s.color,
    values: rows.map((row) => Number(row[s.field] ?? 0)),
  }));
  const columns = rows[0] ? Object.keys(rows[0]) : [];
  const csv = async () => {
    try {
      download(
        `${spec.chart}.csv`,
        await callText(`${path}${path.includes("?") ? "&" : "?"}format=csv`, { accept: "text/csv" }),
        "text/csv",
      );
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <section class="card chart-card" aria-labelledby={`chart-${spec.chart}`} data-chart={spec.chart} data-rows={rows.length}>
      <header class="page-head">
        <h2 id={`chart-${spec.chart}`}>{t(spec.title)}</h2>
        <button type="button" class="secondary" onClick={() => void csv()}>
          {t("download_csv")}
        </button>
      </header>
      <ErrorBox error={loaded.error ?? error} />
      {rows.length === 0 ? (
        <div class="chart empty">{loaded.loading ? t("loading") : t("no_data")}</div>
      ) : (
        <BarChart labels={labels} series={series} title={t(spec.title)} rate={spec.rate ?? false} />
      )}
      {rows.length > 0 && (
        <details>
          <summary>{t("numbers")}</summary>
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th scope="col" key={column}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={index}>
                    {columns.map((column) => (
                      <td key={column}>{String(row[column] ?? "")}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </section>
  );
}
