// Seeded session facts for the studio's analytics (issue 15), shared by the correctness test and the benchmark:
// `count` sessions with a deterministic mix of versions, statuses, outcomes and dimension coverage, written
// through the store port in one transaction, and returned so a test can compute every chart independently.
import type { SessionFactsWrite, ZelinqaStore } from "../src/zelinqa/store/index.js";

const DAY_MS = 86_400_000;
const OUTCOMES = ["asked_answered", "asked_no_answer", "refused"] as const;

/** A small deterministic generator (mulberry32), so a failing figure can be reproduced. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface SeedOptions {
  domainId: string;
  count: number;
  now: Date;
  seed?: number;
  questions?: number;
  dimensions?: number;
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function oneSession(random: () => number, options: SeedOptions, i: number): SessionFactsWrite {
  const version = random() < 0.05 ? "draft:1" : random() < 0.75 ? "cfg_00001" : "cfg_00002";
  const createdAt = new Date(options.now.getTime() - Math.floor(random() * 300 * DAY_MS)).toISOString();
  const status = pick(random, ["active", "active", "completed", "completed", "completed", "stopped"]);
  const turns = 1 + Math.floor(random() * 12);
  const reached = status !== "active" && random() < 0.7;
  const questionCount = options.questions ?? 20;
  const asked = Math.floor(random() * 7);
  const outcomes = Array.from({ length: asked }, (_, seq) => ({
    seq,
    questionId: `q${String(Math.floor(random() * questionCount)).padStart(2, "0")}`,
    outcome: pick(random, OUTCOMES),
  }));
  const coverage = Array.from({ length: options.dimensions ?? 5 }, (_, d) => {
    const value = pick(random, [0, 0.25, 0.5, 0.75, 1]);
    return { dimensionId: `d${d}`, coverage: value, complete: value === 1 };
  });
  const sessionId = `ses_seed${String(i).padStart(7, "0")}`;
  return {
    facts: {
      sessionId,
      domainId: options.domainId,
      configVersionId: version,
      status,
      stopReason: status === "stopped" ? "max_turns_reached" : status === "completed" ? "no_question_available" : null,
      objectiveReached: reached,
      turns,
      objectiveReachedTurn: reached ? Math.max(1, turns - Math.floor(random() * 3)) : null,
      pendingQuestionId: status === "active" && random() < 0.6 ? `q${String(Math.floor(random() * questionCount)).padStart(2, "0")}` : null,
      createdAt,
      updatedAt: createdAt,
    },
    turn: null,
    outcomes,
    coverage,
  };
}

/** Writes the sessions (rows and facts) and returns the facts written. */
export async function seedStudioSessions(store: ZelinqaStore, options: SeedOptions): Promise<SessionFactsWrite[]> {
  const random = seededRandom(options.seed ?? 15);
  const writes = Array.from({ length: options.count }, (_, i) => oneSession(random, options, i));
  await insertStudioSessions(store, writes);
  return writes;
}

/** Stores each fact write with a minimal session row of its own, in one transaction. */
export async function insertStudioSessions(store: ZelinqaStore, writes: readonly SessionFactsWrite[]): Promise<void> {
  await store.transaction(async (tx) => {
    for (const w of writes) {
      const f = w.facts;
      await tx.insertSession({
        id: f.sessionId,
        domainId: f.domainId,
        configVersionId: f.configVersionId,
        state: {},
        stateVersion: 0,
        status: f.status,
        turnCount: f.turns,
        createdAt: f.createdAt,
        updatedAt: f.updatedAt,
      });
      await tx.recordSessionFacts(w);
    }
  });
}
