// What the studio's session facts cost each /next (issue 15): the store's commit of a /next (session CAS update,
// decision, journal event) timed with and without the facts (summary upsert, turn, outcome, coverage of 5
// dimensions), interleaved in one run, on SQLite (the steps in one transaction) and on PostgreSQL (one statement
// either way: the facts are CTEs of the commit); printed as p50/p95 in ms and as the ratio of the two p50s.
// PostgreSQL runs on a throwaway cluster unless TEST_DATABASE_URL names one; BENCH_SKIP_POSTGRES=1 skips it.
// Run: node --import tsx bench/zelinqa-studio-facts.ts
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startPostgresCluster } from "../scripts/postgres-cluster.js";
import { openStore } from "../src/zelinqa/store/index.js";
import type { SessionFactsWrite, SessionMutation, ZelinqaStore } from "../src/zelinqa/store/index.js";
import { percentile } from "./latency-stats.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? "2000");
const print = (line: string) => process.stdout.write(`${line}\n`);
const at = new Date().toISOString();
const state = {
  outcomes: Array.from({ length: 8 }, (_, i) => ({ question_id: `q${i}`, outcome: "asked_answered" })),
  filler: "x".repeat(4000),
};

function factsOf(id: string, v: number): SessionFactsWrite {
  return {
    facts: {
      sessionId: id,
      domainId: "dom_b",
      configVersionId: "cfg_00001",
      status: "active",
      stopReason: null,
      objectiveReached: false,
      turns: v,
      objectiveReachedTurn: null,
      pendingQuestionId: "q1",
      createdAt: at,
      updatedAt: at,
    },
    turn: {
      sessionId: id,
      stateVersion: v,
      turn: v,
      kind: "next",
      outcomes: [{ question_id: "q1", outcome: "asked_answered" }],
      extracted: [{ success_information_id: "t1", value: 1500, status: "confirmed" }],
      progress: { overall: 0.5, dimensions: Array.from({ length: 5 }, (_, d) => ({ dimension_id: `d${d}`, coverage: 0.5 })) },
      occurredAt: at,
    },
    outcomes: [{ seq: v, questionId: "q1", outcome: "asked_answered" }],
    coverage: Array.from({ length: 5 }, (_, d) => ({ dimensionId: `d${d}`, coverage: 0.5, complete: false })),
  };
}

/** The mutation of a /next taking the session from `v` to `v + 1`, with its facts or not. */
function mutationOf(id: string, v: number, withFacts: boolean): SessionMutation {
  return {
    update: { id, expectedStateVersion: v, state, stateVersion: v + 1, status: "active", turnCount: v + 1, updatedAt: at },
    decision: { id: `dec_${id}_${v}`, sessionId: id, stateVersion: v + 1, candidates: [{ question_id: "q1" }], createdAt: at },
    event: { sessionId: id, stateVersion: v + 1, kind: "next", requestId: "req", summary: { action: "ask" }, occurredAt: at },
    facts: withFacts ? factsOf(id, v + 1) : undefined,
  };
}

async function runOn(label: string, store: ZelinqaStore): Promise<void> {
  await store.migrate();
  const org = await store.ensureOrganization("default", at);
  await store.createDomain({ id: "dom_b", name: "b", organizationId: org, now: at });
  for (const id of ["ses_plain", "ses_facts"]) {
    await store.insertSession({
      id,
      domainId: "dom_b",
      configVersionId: "cfg_00001",
      state,
      stateVersion: 0,
      status: "active",
      turnCount: 0,
      createdAt: at,
      updatedAt: at,
    });
  }
  const samples = { plain: [] as number[], facts: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, id] of [
      ["plain", "ses_plain"],
      ["facts", "ses_facts"],
    ] as const) {
      const start = performance.now();
      const outcome = await store.commitSessionMutation(mutationOf(id, round, name === "facts"));
      if (outcome !== "committed") throw new Error(`bench commit: ${outcome}`);
      if (round >= 100) samples[name].push(performance.now() - start);
    }
  }
  const show = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    print(
      `${name.padEnd(40)} p50 ${percentile(sorted, 50).toFixed(3)} ms  p95 ${percentile(sorted, 95).toFixed(3)} ms  (${sorted.length} runs)`,
    );
    return percentile(sorted, 50);
  };
  const base = show(`${label}: next commit (baseline)`, samples.plain);
  const more = show(`${label}: next commit + studio facts`, samples.facts);
  print(`${label}: ratio p50 ${(more / base).toFixed(2)}x (+${(more - base).toFixed(3)} ms per /next)`);
}

const dir = mkdtempSync(join(tmpdir(), "zelinqa-facts-bench-"));
const sqlite = openStore({ sqlitePath: join(dir, "bench.sqlite") });
try {
  await runOn("SQLite", sqlite);
} finally {
  await sqlite.close();
  rmSync(dir, { recursive: true, force: true });
}
const cluster = process.env.TEST_DATABASE_URL || process.env.BENCH_SKIP_POSTGRES === "1" ? undefined : await startPostgresCluster();
const url = process.env.BENCH_SKIP_POSTGRES === "1" ? undefined : (process.env.TEST_DATABASE_URL ?? cluster?.url);
if (url) {
  const postgres = openStore({ databaseUrl: url });
  try {
    await runOn("PostgreSQL", postgres);
  } finally {
    await postgres.close();
    cluster?.stop();
  }
} else print("PostgreSQL: skipped");
