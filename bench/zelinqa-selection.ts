// Selection time of the Zelinqa engine (docs/zelinqa-api.md §11.8: < 20 ms over 500 questions) on synthetic corpora of 10, 500
// and 5,000 questions, printed as p50 in ms and as a ratio to the 10-question corpus of the same run; plus
// the compile time of 500 questions and 200 success informations (docs/zelinqa-api.md §12.5: < 500 ms).
// Run: node --import tsx bench/zelinqa-selection.ts
import type { ConfigurationChange } from "../src/zelinqa/contracts/index.js";
import { applyChanges, compileArtifact, loadArtifact, newSessionState, nextQuestions, rankQuestions } from "../src/zelinqa/engine/index.js";
import type { CompiledArtifact, DraftConfiguration, SessionState } from "../src/zelinqa/engine/index.js";
import { ROUNDS, formatRatio, formatSpread, interleavedRounds, loadAverageLine, spread } from "./latency-stats.js";

const ROLES = ["blocking", "contributing", "optional"] as const;

/** A configuration of `questionCount` questions in ~questionCount/25 dimensions, one info per 2.5 questions. */
export function syntheticChanges(questionCount: number, infoCount = Math.floor(questionCount * 0.4)): ConfigurationChange[] {
  const dims = Math.max(1, Math.ceil(questionCount / 25));
  const changes: ConfigurationChange[] = [
    { entity: "objective", operation: "update", objective: { name: `bench ${questionCount}`, candidates_per_call: 3 } },
  ];
  for (let d = 0; d < dims; d++) {
    changes.push({
      entity: "dimension",
      operation: "create",
      dimension: { id: `d${d}`, name: `D${d}`, order_position: d, completion_role: ROLES[d % 2] ?? "blocking" },
    });
  }
  for (let i = 0; i < questionCount; i++) {
    const dimension_id = `d${i % dims}`;
    const choice = i % 3 !== 0;
    changes.push({
      entity: "question",
      operation: "create",
      question: choice
        ? {
            id: `q${i}`,
            text: `Question ${i} sur le choix ${i % 7} ?`,
            type: "single_choice",
            dimension_id,
            choices: [
              { id: `q${i}_a`, label: `Option alpha ${i}`, maps_to_value: `v${i}_a` },
              { id: `q${i}_b`, label: `Option beta ${i}`, maps_to_value: `v${i}_b` },
            ],
          }
        : { id: `q${i}`, text: `Question ouverte ${i} ?`, type: "open", dimension_id },
    });
  }
  for (let s = 0; s < infoCount && s < questionCount; s++) {
    const q = s;
    const schema = q % 3 !== 0 ? { type: "string", enum: [`v${q}_a`, `v${q}_b`] } : { type: "number", minimum: 0 };
    changes.push({
      entity: "success_information",
      operation: "create",
      success_information: { id: `s${s}`, label: `Info ${s}`, schema, primary_question_id: `q${q}` },
    });
  }
  return changes;
}

export function syntheticDraft(questionCount: number, infoCount?: number): DraftConfiguration {
  const result = applyChanges(null, syntheticChanges(questionCount, infoCount), { domainName: "bench" });
  if (!result.ok) throw new Error(`synthetic corpus rejected: ${JSON.stringify(result.issues.slice(0, 3))}`);
  return result.draft;
}

/** A mid-conversation state: a third of the infos known, a few questions asked. */
function midState(artifact: CompiledArtifact): SessionState {
  const state = newSessionState({ sessionId: "ses_bench", clientReference: null, maxTurns: 50 });
  artifact.dataTargets.forEach((t, i) => {
    if (i % 3 === 0)
      state.targets[t.id] = { status: "tentative", value: t.extractor === "number" ? 1 : (t.phrases[0]?.value ?? 1), priority: 0 };
  });
  state.turn_count = 5;
  for (const q of artifact.questions.slice(0, 5))
    state.outcomes.push({ question_id: q.id, decision_id: null, outcome: "asked_answered", source: "client", turn: 1 });
  return state;
}

const p50 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? 0;

export function measureSelectionMs(questionCount: number, runs = 31): number {
  const artifact = loadArtifact(JSON.parse(JSON.stringify(compileArtifact(syntheticDraft(questionCount)))) as unknown);
  const state = midState(artifact);
  for (let i = 0; i < 3; i++) rankQuestions(artifact, state);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    rankQuestions(artifact, state);
    samples.push(performance.now() - t0);
  }
  return p50(samples);
}

/** A whole /next call (copy, reduction of a text answer, progress, selection, views), as the API runs it. */
export async function measureNextTurnMs(questionCount: number, runs = 21): Promise<number> {
  const artifact = loadArtifact(JSON.parse(JSON.stringify(compileArtifact(syntheticDraft(questionCount)))) as unknown);
  const state = midState(artifact);
  const deps = { now: () => new Date("2026-09-01T00:00:00.000Z"), newId: (prefix: string) => `${prefix}_bench` };
  const req = { state_version: 0, previous_turn: { question_id: "q1", user_text: "Option alpha 1, environ 2 500 €" } };
  const samples: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const t0 = performance.now();
    await nextQuestions(artifact, state, req, deps);
    if (i >= 3) samples.push(performance.now() - t0);
  }
  return p50(samples);
}

export function measureCompileMs(questionCount: number, infoCount: number, runs = 5): number {
  const draft = syntheticDraft(questionCount, infoCount);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    loadArtifact(JSON.parse(JSON.stringify(compileArtifact(draft))) as unknown);
    samples.push(performance.now() - t0);
  }
  return p50(samples);
}

/**
 * Every figure in ROUNDS interleaved rounds (each round measures every corpus size, the 10-question baseline
 * first), printed as median [min–max] with the ratio to the 10-question corpus.
 */
export async function runZelinqaSelectionBenchmark(): Promise<void> {
  const sizes = [10, 500, 5000];
  console.log(`zelinqa-selection: ${ROUNDS} interleaved rounds, median [min–max]; ${loadAverageLine()}`);
  const selection = await interleavedRounds(
    Object.fromEntries(sizes.map((n) => [String(n), () => Promise.resolve(measureSelectionMs(n))])),
  );
  const turn = await interleavedRounds(Object.fromEntries(sizes.map((n) => [String(n), () => measureNextTurnMs(n)])));
  const compile = spread((await interleavedRounds({ compile: () => Promise.resolve(measureCompileMs(500, 200)) })).compile!);
  for (const [label, results] of [
    ["selection", selection],
    ["whole /next turn", turn],
  ] as const) {
    const base = spread(results["10"]!);
    for (const n of sizes) {
      const s = spread(results[String(n)]!);
      console.log(
        `zelinqa ${label} ${String(n).padStart(5)} questions: p50 ${formatSpread(s, "ms", 3)}  ratio ${formatRatio(s, base)} vs 10 questions`,
      );
    }
  }
  console.log(`zelinqa compile+load 500 questions / 200 infos: p50 ${formatSpread(compile, "ms", 1)}  (limit 500 ms)`);
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) await runZelinqaSelectionBenchmark();
