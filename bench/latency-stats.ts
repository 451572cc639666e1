// Percentiles and ratios for the benchmark report.

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
