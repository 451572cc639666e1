// What the studio's session facts cost each /next (issue 15): the writes of a /next on SQLite (session CAS
// update, decision, journal event) timed with and without the facts (summary upsert, turn, outcome, coverage of
// 5 dimensions), interleaved in one run; printed as p50/p95 in ms and as the ratio of the two p50s.
// Run: node --import tsx bench/zelinqa-studio-facts.ts
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore } from "../src/zelinqa/store/index.js";
import type { SessionFactsWrite, StoreOperations } from "../src/zelinqa/store/index.js";
import { percentile } from "./latency-stats.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? "2000");
const print = (line: string) => process.stdout.write(`${line}\n`);

const dir = mkdtempSync(join(tmpdir(), "zelinqa-facts-bench-"));
const store = openStore({ sqlitePath: join(dir, "bench.sqlite") });
try {
  await store.migrate();
  const at = new Date().toISOString();
  const org = await store.ensureOrganization("default", at);
  await store.createDomain({ id: "dom_b", name: "b", organizationId: org, now: at });
  const state = {
    outcomes: Array.from({ length: 8 }, (_, i) => ({ question_id: `q${i}`, outcome: "asked_answered" })),
    filler: "x".repeat(4000),
  };
  const sessions = ["ses_plain", "ses_facts"];
  for (const id of sessions) {
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
  const version = { ses_plain: 0, ses_facts: 0 } as Record<string, number>;
  const nextWrites = async (tx: StoreOperations, id: string) => {
    const v = version[id]!;
    await tx.updateSession({ id, expectedStateVersion: v, state, stateVersion: v + 1, status: "active", turnCount: v + 1, updatedAt: at });
    await tx.insertDecision({
      id: `dec_${id}_${v}`,
      sessionId: id,
      stateVersion: v + 1,
      candidates: [{ question_id: "q1" }],
      createdAt: at,
    });
    await tx.appendSessionEvent({
      sessionId: id,
      stateVersion: v + 1,
      kind: "next",
      requestId: "req",
      summary: { action: "ask" },
      occurredAt: at,
    });
    version[id] = v + 1;
  };
  const facts = (v: number): SessionFactsWrite => ({
    facts: {
      sessionId: "ses_facts",
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
      sessionId: "ses_facts",
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
  });
  const plain: number[] = [];
  const withFacts: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    let start = performance.now();
    await store.transaction((tx) => nextWrites(tx, "ses_plain"));
    if (round >= 100) plain.push(performance.now() - start);
    start = performance.now();
    await store.transaction(async (tx) => {
      await nextWrites(tx, "ses_facts");
      await tx.recordSessionFacts(facts(version.ses_facts!));
    });
    if (round >= 100) withFacts.push(performance.now() - start);
  }
  const show = (name: string, samples: number[]) => {
    const sorted = [...samples].sort((a, b) => a - b);
    print(
      `${name.padEnd(26)} p50 ${percentile(sorted, 50).toFixed(3)} ms  p95 ${percentile(sorted, 95).toFixed(3)} ms  (${sorted.length} runs)`,
    );
    return percentile(sorted, 50);
  };
  const base = show("next writes (baseline)", plain);
  const more = show("next writes + studio facts", withFacts);
  print(`ratio p50: ${(more / base).toFixed(2)}x (+${(more - base).toFixed(3)} ms per /next on SQLite)`);
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
