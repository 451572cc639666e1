// The studio's charts (issue 15: each under 200 ms on SQLite with 10,000 sessions): 10,000 seeded sessions in a
// temporary SQLite file, each chart's single query timed over the default 365-day range, interleaved with a
// same-run baseline (the same kind of query on an empty domain: the fixed cost of one query), printed as p50/p95 in ms and as a ratio to it.
// Exits 1 when a chart's p95 reaches the budget. Run: node --import tsx bench/zelinqa-studio-analytics.ts
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ANALYTICS_CHARTS } from "../src/zelinqa/contracts/index.js";
import { openStore } from "../src/zelinqa/store/index.js";
import type { AnalyticsChart } from "../src/zelinqa/store/index.js";
import { seedStudioSessions } from "../harness/studio-analytics-seed.js";
import { percentile } from "./latency-stats.js";

const SESSIONS = 10_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? "30");
const BUDGET_MS = 200;
const print = (line: string) => process.stdout.write(`${line}\n`);

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const dir = mkdtempSync(join(tmpdir(), "zelinqa-studio-bench-"));
const store = openStore({ sqlitePath: join(dir, "bench.sqlite") });
try {
  await store.migrate();
  const now = new Date();
  const org = await store.ensureOrganization("default", now.toISOString());
  const domain = await store.createDomain({ id: "dom_bench", name: "bench", organizationId: org, now: now.toISOString() });
  const seedMs = await timed(() => seedStudioSessions(store, { domainId: domain.id, count: SESSIONS, now }));
  print(`seeded ${SESSIONS} sessions in ${seedMs.toFixed(0)} ms`);
  const query = { domainId: domain.id, from: new Date(now.getTime() - 365 * 86_400_000).toISOString(), to: now.toISOString() };
  const samples = new Map<AnalyticsChart | "baseline", number[]>([["baseline", []]]);
  for (const chart of ANALYTICS_CHARTS) samples.set(chart, []);
  // Interleaved rounds: every chart and the baseline see the same machine load.
  for (let round = 0; round < ROUNDS + 2; round += 1) {
    const warm = round < 2;
    const base = await timed(() => store.analytics("stop-reasons", { ...query, domainId: "dom_none" }));
    if (!warm) samples.get("baseline")!.push(base);
    for (const chart of ANALYTICS_CHARTS) {
      const ms = await timed(() => store.analytics(chart, query));
      if (!warm) samples.get(chart)!.push(ms);
    }
  }
  const baseP50 = percentile(
    [...samples.get("baseline")!].sort((a, b) => a - b),
    50,
  );
  print(`baseline (a chart query on an empty domain): p50 ${baseP50.toFixed(3)} ms`);
  let over = false;
  for (const chart of ANALYTICS_CHARTS) {
    const sorted = [...samples.get(chart)!].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    over ||= p95 >= BUDGET_MS;
    print(
      `${chart.padEnd(20)} p50 ${p50.toFixed(2).padStart(7)} ms  p95 ${p95.toFixed(2).padStart(7)} ms  min ${sorted[0]!.toFixed(2).padStart(7)} ms  ` +
        `${(p50 / baseP50).toFixed(0)}x baseline  (budget ${BUDGET_MS} ms: ${p95 < BUDGET_MS ? "ok" : "OVER"})`,
    );
  }
  process.exitCode = over ? 1 : 0;
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
