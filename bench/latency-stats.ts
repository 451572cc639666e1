// Percentiles and ratios for the benchmark report.
import { availableParallelism, loadavg } from "node:os";

export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const index = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1));
  return sortedMs[index]!;
}

export interface LatencySummary {
  turns: number;
  seconds: number;
  turnsPerSecond: number;
  firstChunkP50: number;
  firstChunkP99: number;
  doneP50: number;
  doneP99: number;
  errors: number;
}

export function summarize(samples: { firstChunkMs: number[]; doneMs: number[]; errors: number; seconds: number }): LatencySummary {
  const first = [...samples.firstChunkMs].sort((a, b) => a - b);
  const done = [...samples.doneMs].sort((a, b) => a - b);
  return {
    turns: done.length,
    seconds: samples.seconds,
    turnsPerSecond: done.length / samples.seconds,
    firstChunkP50: percentile(first, 50),
    firstChunkP99: percentile(first, 99),
    doneP50: percentile(done, 50),
    doneP99: percentile(done, 99),
    errors: samples.errors,
  };
}

// Rounds, medians and spreads: every figure of `npm run bench` is measured in ROUNDS interleaved rounds (the
// baseline and each subject alternating within a round, so that a change of machine load hits them alike) and
// printed as the median with its spread (min–max over the rounds) and its ratio to the baseline's median.

/** Rounds per figure: BENCH_ROUNDS, 3 by default. */
export const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? "3") || 3);

export interface Spread {
  median: number;
  min: number;
  max: number;
  values: number[];
}

export function spread(values: readonly number[]): Spread {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN, values: [] };
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, values: sorted };
}

/** Runs `steps` in order, `rounds` times (a, b, c, a, b, c, …); returns each step's results in round order. */
export async function interleavedRounds<T>(
  steps: Record<string, (round: number) => Promise<T>>,
  rounds = ROUNDS,
): Promise<Record<string, T[]>> {
  const results: Record<string, T[]> = Object.fromEntries(Object.keys(steps).map((name) => [name, [] as T[]]));
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, step] of Object.entries(steps)) results[name]!.push(await step(round));
  }
  return results;
}

/**
 * A target's verdict on a median: "met" when it is within `limit` (below it when `strict`: "under 200 MiB"; at most
 * it otherwise: "within 1 s"), "missed", or "not measured" when there is no figure (NaN).
 */
export function limitVerdict(median: number, limit: number, strict = false): "met" | "missed" | "not measured" {
  if (Number.isNaN(median)) return "not measured";
  return (strict ? median < limit : median <= limit) ? "met" : "missed";
}

/** `12.34 ms [11.90–13.02]`: the median and the min–max over the rounds. */
export function formatSpread(s: Spread, unit: string, digits = unit === "ms" ? 2 : 0): string {
  const f = (v: number) => v.toFixed(digits);
  const u = unit === "/s" || unit === "" ? unit : ` ${unit}`;
  return `${f(s.median)}${u} [${f(s.min)}–${f(s.max)}]`;
}

/** The ratio of two medians, `0.59x`. */
export function formatRatio(subject: Spread, baseline: Spread): string {
  return `${(subject.median / baseline.median).toFixed(2)}x`;
}

export interface FigureRow {
  figure: string;
  unit: string;
  subject: Spread;
  /** Omitted for a figure without a baseline of its own (printed as "—"). */
  baseline?: Spread;
}

/**
 * A table of figures: median [min–max] of the subject and of the baseline, and their ratio. A side without a figure
 * (no finite value in any round: a reading this user may not make) is "not measured", and its ratio "—".
 */
export function figureTable(rows: readonly FigureRow[], names: { subject: string; baseline: string }): string {
  const cell = (s: Spread, unit: string) => (s.values.length === 0 ? "not measured" : formatSpread(s, unit));
  const cells = rows.map((r) => [
    r.figure,
    cell(r.subject, r.unit),
    r.baseline ? cell(r.baseline, r.unit) : "—",
    r.baseline && r.subject.values.length > 0 && r.baseline.values.length > 0 ? formatRatio(r.subject, r.baseline) : "—",
  ]);
  const header = ["figure", `${names.subject} median [min–max]`, `${names.baseline} median [min–max]`, "ratio"];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join("  ");
  return [line(header), ...cells.map(line)].join("\n");
}

/** `load average 0.98 2.04 2.83 (2 cores)`, printed at the start of every benchmark. */
export function loadAverageLine(): string {
  const [one, five, fifteen] = loadavg();
  return `load average ${one!.toFixed(2)} ${five!.toFixed(2)} ${fifteen!.toFixed(2)} (${availableParallelism()} cores)`;
}
